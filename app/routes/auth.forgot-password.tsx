import { redirect } from "react-router";
import { ForgotPasswordPage } from "#app/components/account/forgot-password.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { POST_LOGIN_ROUTE } from "#app/lib/redirects.ts";
import { guestPageLoader, sameOriginForm, sessionHeaders } from "#app/lib/session.server.ts";
import { forgotPasswordBody, RESET_FORM_FALLBACK, resetPasswordBody } from "#contract/accounts.ts";
import { requestPasswordReset, resetPassword } from "#core/accounts/password-reset.ts";
import type { Route } from "./+types/auth.forgot-password";

export const meta: Route.MetaFunction = () => accountPageMeta("Forgot Password");

export const loader = guestPageLoader;

/** Step 1 (`intent=send`) mails a code; step 2 (`intent=reset`) changes the password and logs in. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await sameOriginForm(request, context.publicUrl);
  if (form.get("intent") === "reset") {
    const parsed = readForm(form, resetPasswordBody);
    const codeStep = { step: "code" as const, email: String(form.get("email") ?? "") };
    if (!parsed.ok) return invalidForm(parsed.failure, codeStep);
    try {
      const { token } = await resetPassword(context.core, parsed.data, { ip: context.clientIp });
      return redirect(POST_LOGIN_ROUTE, {
        headers: sessionHeaders(token, request, context.publicUrl),
      });
    } catch (error) {
      return formFailure(error, RESET_FORM_FALLBACK, codeStep);
    }
  }
  const parsed = readForm(form, forgotPasswordBody);
  if (!parsed.ok) return invalidForm(parsed.failure, { step: "email" as const, email: "" });
  try {
    const result = await requestPasswordReset(context.core, parsed.data.email, { ip: context.clientIp });
    return { step: "code" as const, email: parsed.data.email, notice: result.message };
  } catch (error) {
    return formFailure(error, RESET_FORM_FALLBACK, { step: "email" as const, email: parsed.data.email });
  }
}

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
