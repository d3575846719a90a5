import { useEffect, useState } from "react";
import { Form, redirect, useActionData } from "react-router";
import {
  AccountCard,
  CodeField,
  ErrorBox,
  NoticeBox,
  SubmitButton,
  TextField,
  useBusy,
} from "#app/components/form-controls.tsx";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { POST_LOGIN_ROUTE } from "#app/lib/redirects.ts";
import { requireGuest, requireSameOrigin, sessionHeaders } from "#app/lib/session.server.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import {
  CODE_LENGTH,
  forgotPasswordBody,
  RESET_FORM_FALLBACK,
  resetPasswordBody,
} from "#contract/accounts.ts";
import { requestPasswordReset, resetPassword } from "#core/accounts/password-reset.ts";
import type { Route } from "./+types/auth.forgot-password";

export const meta: Route.MetaFunction = () => accountPageMeta("Forgot Password");

export function loader({ request }: Route.LoaderArgs) {
  requireGuest(request);
  return null;
}

/** Step 1 (`intent=send`) mails a code; step 2 (`intent=reset`) changes the password and logs in. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const form = await request.formData();
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

function EmailStep({ failure }: { failure?: { message?: string; fields?: Record<string, string> } }) {
  const busy = useBusy("send");
  const { formProps, errorFor } = useFormValidation(forgotPasswordBody);
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
      <ErrorBox message={failure?.message} busy={busy} />
      <p className="text-gray-600 text-sm dark:text-gray-400">
        Enter the email of your account and we will send you a code to choose a new password.
      </p>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        error={errorFor("email") ?? failure?.fields?.email}
      />
      <SubmitButton busy={busy} label="Send Password Reset Code" name="intent" value="send" />
    </Form>
  );
}

function CodeStep({
  email,
  notice,
  failure,
}: {
  email: string;
  notice?: string;
  failure?: { message?: string; fields?: Record<string, string> };
}) {
  const busy = useBusy("reset");
  const { formProps, errorFor, values } = useFormValidation(resetPasswordBody);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The new password fields appear once the code has exactly 6 characters (SPEC §2); before the
  // page has JavaScript they show from the start, so the form still works.
  const showPasswords = !hydrated || (values.passwordResetCode ?? "").length === CODE_LENGTH;
  const error = (name: string) => errorFor(name) ?? failure?.fields?.[name];
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
      <NoticeBox message={notice} />
      <ErrorBox message={failure?.message} busy={busy} />
      <input type="hidden" name="email" value={email} />
      <CodeField label="Password Reset Code" name="passwordResetCode" error={error("passwordResetCode")} />
      {showPasswords && (
        <>
          <TextField
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            error={error("newPassword")}
          />
          <TextField
            label="Confirm New Password"
            name="confirmNewPassword"
            type="password"
            autoComplete="new-password"
            error={error("confirmNewPassword")}
          />
        </>
      )}
      <SubmitButton busy={busy} label="Change Password" busyLabel="Changing..." name="intent" value="reset" />
    </Form>
  );
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const failure = result && "message" in result ? result : undefined;
  return (
    <AccountCard title="Forgot Password">
      {result?.step === "code" ? (
        <CodeStep
          email={result.email}
          notice={"notice" in result ? result.notice : undefined}
          failure={failure}
        />
      ) : (
        <EmailStep failure={failure} />
      )}
    </AccountCard>
  );
}
