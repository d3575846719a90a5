import { redirect } from "react-router";
import { SignUpForm } from "#app/components/account/auth-forms.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { POST_LOGIN_ROUTE, safeRedirectTarget } from "#app/lib/redirects.ts";
import {
  EMAIL_VERIFICATION_ROUTE,
  guestPageLoader,
  sameOriginForm,
  sessionHeaders,
} from "#app/lib/session.server.ts";
import { AUTH_FORM_FALLBACK, signupBody } from "#contract/accounts.ts";
import { signUp } from "#core/accounts/customers.ts";
import type { Route } from "./+types/auth.sign-up";

export const meta: Route.MetaFunction = () => accountPageMeta("Sign Up");

export const loader = guestPageLoader;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await sameOriginForm(request, context.publicUrl);
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
  return <SignUpForm />;
}
