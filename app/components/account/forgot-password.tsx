import { useEffect, useState } from "react";
import { Form, useActionData } from "react-router";
import { CodeStepForm } from "#app/components/code-step-form.tsx";
import {
  AccountCard,
  EmailField,
  ErrorBox,
  SubmitButton,
  TextField,
  useBusy,
} from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { CODE_LENGTH, forgotPasswordBody, resetPasswordBody } from "#contract/accounts.ts";
import type { action } from "../../routes/auth.forgot-password.tsx";
import { useSuccessToast } from "./use-success-toast.ts";

/** docs/storefront/README.md#toasts: said once the new password is saved. */
export const PASSWORD_CHANGED_TOAST = "Your password has been changed.";

function EmailStep({ failure }: { failure?: { message?: string; fields?: Record<string, string> } }) {
  const busy = useBusy("send");
  const { formProps, errorFor } = useFormValidation(forgotPasswordBody);
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
      <ErrorBox message={boxMessage(failure, ["email"])} busy={busy} />
      <p className="text-gray-600 text-sm dark:text-gray-400">
        Enter the email of your account and we will send you a code to choose a new password.
      </p>
      <EmailField error={errorFor("email") ?? failure?.fields?.email} />
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
  const validation = useFormValidation(resetPasswordBody);
  useSuccessToast("reset", PASSWORD_CHANGED_TOAST);
  const { errorFor, values } = validation;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The new password fields appear once the code has exactly 6 characters (docs/storefront/accounts.md#forgot-password); before the
  // page has JavaScript they show from the start, so the form still works.
  const showPasswords = !hydrated || (values.passwordResetCode ?? "").length === CODE_LENGTH;
  const error = (name: string) => errorFor(name) ?? failure?.fields?.[name];
  return (
    <CodeStepForm
      validation={validation}
      notice={notice}
      message={boxMessage(
        failure,
        showPasswords ? ["passwordResetCode", "newPassword", "confirmNewPassword"] : ["passwordResetCode"],
      )}
      busy={busy}
      hidden={{ email }}
      code={{ label: "Password Reset Code", name: "passwordResetCode", error: error("passwordResetCode") }}
    >
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
    </CodeStepForm>
  );
}

/** Forgot password: the email to send a code to, then the code and the new password. */
export function ForgotPasswordPage() {
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
