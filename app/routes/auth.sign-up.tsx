import { Form, Link, redirect, useActionData, useSearchParams } from "react-router";
import { AccountCard, ErrorBox, SubmitButton, TextField, useBusy } from "#app/components/form-controls.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { POST_LOGIN_ROUTE, safeRedirectTarget } from "#app/lib/redirects.ts";
import {
  EMAIL_VERIFICATION_ROUTE,
  requireGuest,
  requireSameOrigin,
  sessionHeaders,
} from "#app/lib/session.server.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { AUTH_FORM_FALLBACK, signupBody } from "#contract/accounts.ts";
import { signUp } from "#core/accounts/customers.ts";
import type { Route } from "./+types/auth.sign-up";

export const meta: Route.MetaFunction = () => accountPageMeta("Sign Up");

export function loader({ request }: Route.LoaderArgs) {
  requireGuest(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const form = await request.formData();
  const parsed = readForm(form, signupBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    const { token } = await signUp(context.core, parsed.data, { ip: context.clientIp });
    // Next: prove the email (the code is already in the mail), then back to where they were.
    const back = safeRedirectTarget(form.get("redirectTo"));
    const query = back === POST_LOGIN_ROUTE ? "" : `?redirectTo=${encodeURIComponent(back)}`;
    return redirect(`${EMAIL_VERIFICATION_ROUTE}${query}`, {
      headers: sessionHeaders(token, request, context.publicUrl),
    });
  } catch (error) {
    return formFailure(error, AUTH_FORM_FALLBACK);
  }
}

export default function SignUp() {
  const failure = useActionData<typeof action>();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const busy = useBusy();
  const { formProps, errorFor } = useFormValidation(signupBody);
  const error = (name: string) => errorFor(name) ?? failure?.fields?.[name];
  const suffix = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <AccountCard title="Sign Up">
      <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
        <ErrorBox message={failure?.message} busy={busy} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            error={error("firstName")}
          />
          <TextField label="Last Name" name="lastName" autoComplete="family-name" error={error("lastName")} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" error={error("email")} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={error("password")}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={error("confirmPassword")}
        />
        <SubmitButton busy={busy} label="Sign Up" busyLabel="Signing up..." />
        <p className="text-center text-gray-600 text-sm dark:text-gray-400">
          Already have an account?{" "}
          <Link
            to={`/auth/log-in${suffix}`}
            className="font-medium text-brand hover:underline dark:text-indigo-300"
          >
            Log in
          </Link>
        </p>
      </Form>
    </AccountCard>
  );
}
