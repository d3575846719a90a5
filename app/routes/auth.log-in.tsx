import { data, redirect } from "react-router";
import { LogInForm } from "#app/components/account/auth-forms.tsx";
import { isTwoFactorStep, TwoFactorForm } from "#app/components/account/two-factor-form.tsx";
import { readCookies } from "#app/lib/cookies.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { safeRedirectTarget } from "#app/lib/redirects.ts";
import { guestPageLoader, sameOriginForm, sessionHeaders } from "#app/lib/session.server.ts";
import { AUTH_FORM_FALLBACK, loginBody } from "#contract/accounts.ts";
import { twoFactorLogInBody } from "#contract/admin-two-factor.ts";
import { DEVICE_COOKIE } from "#contract/session.ts";
import { logIn } from "#core/accounts/customers.ts";
import { DomainError } from "#core/errors.ts";
import { completeTwoFactorLogIn } from "#core/staff/two-factor-log-in.ts";
import type { Route } from "./+types/auth.log-in";

export const meta: Route.MetaFunction = () => accountPageMeta("Log In");

export const loader = guestPageLoader;

/**
 * The password, then — for staff with two-step verification — the code, posted with the challenge
 * the password earned (docs/back-office/two-factor.md#log-in).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await sameOriginForm(request, context.publicUrl);
  // Back to where the customer was (the product they tried to add), else home — or, for staff,
  // the back office (landingFor).
  const redirectTo = form.get("redirectTo") ? safeRedirectTarget(form.get("redirectTo")) : "";
  if (form.has("challenge")) return secondStep(form, redirectTo, { request, context });
  const parsed = readForm(form, loginBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    const result = await logIn(context.core, parsed.data, {
      ip: context.clientIp,
      deviceToken: readCookies(request).get(DEVICE_COOKIE),
    });
    if ("twoFactorChallenge" in result)
      return data({ twoFactor: { challenge: result.twoFactorChallenge, redirectTo } });
    return redirect(landingFor(result.role, redirectTo), {
      headers: sessionHeaders(result.token, request, context.publicUrl, result.deviceToken),
    });
  } catch (error) {
    return formFailure(error, AUTH_FORM_FALLBACK);
  }
}

/** Where a log-in lands without a page to go back to: home for a customer, the back office for staff. */
function landingFor(role: string, redirectTo: string): string {
  if (redirectTo) return redirectTo;
  return role === "customer" ? safeRedirectTarget(null) : "/admin";
}

async function secondStep(
  form: FormData,
  redirectTo: string,
  { request, context }: Pick<Route.ActionArgs, "request" | "context">,
) {
  const step = { twoFactor: { challenge: String(form.get("challenge")), redirectTo } };
  const parsed = readForm(form, twoFactorLogInBody);
  if (!parsed.ok) return invalidForm(parsed.failure, step);
  try {
    const result = await completeTwoFactorLogIn(context.core, parsed.data.challenge, parsed.data.code);
    return redirect(landingFor(result.role, redirectTo), {
      headers: sessionHeaders(result.token, request, context.publicUrl, result.deviceToken),
    });
  } catch (error) {
    // An expired challenge starts over at the password; a wrong code stays on the code.
    if (error instanceof DomainError && error.kind === "unauthenticated")
      return formFailure(error, AUTH_FORM_FALLBACK);
    return formFailure(error, AUTH_FORM_FALLBACK, step);
  }
}

export default function LogIn({ actionData }: Route.ComponentProps) {
  return isTwoFactorStep(actionData) ? <TwoFactorForm /> : <LogInForm />;
}
