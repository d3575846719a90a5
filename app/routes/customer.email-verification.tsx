import { redirect } from "react-router";
import { EmailVerificationPage } from "#app/components/account/email-verification.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { safeRedirectTarget } from "#app/lib/redirects.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { AUTH_FORM_FALLBACK, verifyEmailBody } from "#contract/accounts.ts";
import { requestEmailVerification, verifyEmail } from "#core/accounts/email-verification.ts";
import { DomainError } from "#core/errors.ts";
import type { Route } from "./+types/customer.email-verification";

export const meta: Route.MetaFunction = () => accountPageMeta("Email Verification");

/** Opening the page requests a code (docs/storefront/accounts.md#email-verification); a verified email goes straight on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireCustomer(request, context.core, { allowUnverified: true });
  const onward = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  if (session.emailVerified) throw redirect(onward);
  try {
    const result = await requestEmailVerification(context.core, session.customerId);
    if (result.status === "Verified") throw redirect(onward);
    return { sent: true as const, message: result.message };
  } catch (error) {
    if (error instanceof DomainError) return { sent: false as const, message: error.message };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const session = await requireCustomer(request, context.core, { allowUnverified: true });
  const onward = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  const form = await request.formData();
  if (form.get("intent") === "send") {
    let result: Awaited<ReturnType<typeof requestEmailVerification>>;
    try {
      result = await requestEmailVerification(context.core, session.customerId);
    } catch (error) {
      return formFailure(error, AUTH_FORM_FALLBACK);
    }
    if (result.status === "Verified") throw redirect(onward);
    return { sent: true as const, notice: result.message };
  }
  const parsed = readForm(form, verifyEmailBody);
  if (!parsed.ok) return invalidForm(parsed.failure);
  try {
    // Answers `Verified` or throws: a wrong, expired or used-up code is a DomainError.
    await verifyEmail(context.core, session.customerId, parsed.data.emailVerificationCode);
  } catch (error) {
    return formFailure(error, AUTH_FORM_FALLBACK);
  }
  return redirect(onward);
}

export default function EmailVerification() {
  return <EmailVerificationPage />;
}
