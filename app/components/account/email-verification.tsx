import { Form, useActionData, useLoaderData, useSearchParams } from "react-router";
import { CodeStepForm } from "#app/components/code-step-form.tsx";
import { AccountCard, ErrorBox, SubmitButton, useBusy } from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { verifyEmailBody } from "#contract/accounts.ts";
import type { action, loader } from "../../routes/customer.email-verification.tsx";
import { useSuccessToast } from "./use-success-toast.ts";

/** docs/storefront/README.md#toasts: said once the code was right. */
export const EMAIL_VERIFIED_TOAST = "Your email has been verified.";

/** Email verification: the code mailed on opening the page, or a button to send one. */
export function EmailVerificationPage() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    | { notice?: string; message?: string; fields?: Record<string, string> }
    | undefined;
  const [params] = useSearchParams();
  const sending = useBusy("send");
  const verifying = useBusy("verify");
  const validation = useFormValidation(verifyEmailBody);
  useSuccessToast("verify", EMAIL_VERIFIED_TOAST);
  const failure = result?.message ? result : undefined;
  const sentNow = result?.notice;
  const showForm = loaded.sent || Boolean(sentNow);
  const action = params.toString() ? `?${params}` : undefined;
  return (
    <AccountCard title="Email Verification">
      {showForm ? (
        <CodeStepForm
          validation={validation}
          action={action}
          notice={sentNow ?? loaded.message}
          message={boxMessage(failure, ["emailVerificationCode"])}
          busy={verifying}
          code={{
            label: "Verification Code",
            name: "emailVerificationCode",
            error: validation.errorFor("emailVerificationCode") ?? failure?.fields?.emailVerificationCode,
          }}
        >
          <SubmitButton busy={verifying} label="Verify Email" name="intent" value="verify" />
          <button
            type="submit"
            name="intent"
            value="send"
            formNoValidate
            className="button-ghost self-center"
            disabled={sending}
          >
            Send a new code
          </button>
        </CodeStepForm>
      ) : (
        <Form method="post" action={action} replace className="flex flex-col gap-4">
          <ErrorBox message={failure?.message ?? loaded.message} busy={sending} />
          <SubmitButton busy={sending} label="Send Verification Code" name="intent" value="send" />
        </Form>
      )}
    </AccountCard>
  );
}
