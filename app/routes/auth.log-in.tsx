import { Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { AccountCard, ErrorBox, SubmitButton, TextField, useBusy } from "#app/components/form-controls.tsx";
import { readCookies } from "#app/lib/cookies.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { safeRedirectTarget } from "#app/lib/redirects.ts";
import { requireGuest, requireSameOrigin, sessionHeaders } from "#app/lib/session.server.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { AUTH_FORM_FALLBACK, loginBody } from "#contract/accounts.ts";
import { DEVICE_COOKIE } from "#contract/session.ts";
import { logIn } from "#core/accounts/customers.ts";
import type { Route } from "./+types/auth.log-in";

export const meta: Route.MetaFunction = () => accountPageMeta("Log In");

export function loader({ request }: Route.LoaderArgs) {
  requireGuest(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const form = await request.formData();
  const parsed = readForm(form, loginBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    const { token, deviceToken } = await logIn(context.core, parsed.data, {
      ip: context.clientIp,
      deviceToken: readCookies(request).get(DEVICE_COOKIE),
    });
    // Back to where the customer was (the product they tried to add), else home.
    return redirect(safeRedirectTarget(form.get("redirectTo")), {
      headers: sessionHeaders(token, request, context.publicUrl, deviceToken),
    });
  } catch (error) {
    return formFailure(error, AUTH_FORM_FALLBACK);
  }
}

export default function LogIn() {
  const failure = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useBusy();
  const { formProps, errorFor } = useFormValidation(loginBody);
  const suffix = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <AccountCard title="Log In">
      <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
        <ErrorBox message={failure?.message} busy={busy} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          error={errorFor("email") ?? failure?.fields?.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errorFor("password") ?? failure?.fields?.password}
        />
        <div className="-mt-1 text-right">
          <Link
            to="/auth/forgot-password"
            className="font-medium text-brand text-sm hover:underline dark:text-indigo-300"
          >
            Forgot Password?
          </Link>
        </div>
        <SubmitButton busy={busy} label="Log In" busyLabel="Logging in..." />
        <p className="text-center text-gray-600 text-sm dark:text-gray-400">
          Don't have an account?{" "}
          <Link
            to={`/auth/sign-up${suffix}`}
            className="font-medium text-brand hover:underline dark:text-indigo-300"
          >
            Sign up
          </Link>
        </p>
      </Form>
    </AccountCard>
  );
}
