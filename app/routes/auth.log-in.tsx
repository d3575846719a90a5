import { redirect } from "react-router";
import { LogInForm } from "#app/components/account/auth-forms.tsx";
import { readCookies } from "#app/lib/cookies.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { safeRedirectTarget } from "#app/lib/redirects.ts";
import { guestPageLoader, sameOriginForm, sessionHeaders } from "#app/lib/session.server.ts";
import { AUTH_FORM_FALLBACK, loginBody } from "#contract/accounts.ts";
import { DEVICE_COOKIE } from "#contract/session.ts";
import { logIn } from "#core/accounts/customers.ts";
import type { Route } from "./+types/auth.log-in";

export const meta: Route.MetaFunction = () => accountPageMeta("Log In");

export const loader = guestPageLoader;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await sameOriginForm(request, context.publicUrl);
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
  return <LogInForm />;
}
