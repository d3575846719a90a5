import { Form, useActionData } from "react-router";
import { AccountCard, ErrorBox, SubmitButton, TextField, useBusy } from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { twoFactorLogInBody } from "#contract/admin-two-factor.ts";

/** What the log-in action answers once the password was right for an account with two-step verification. */
export interface TwoFactorStep {
  twoFactor: { challenge: string; redirectTo: string };
  message?: string;
  fields?: Record<string, string>;
}

export const isTwoFactorStep = (value: unknown): value is TwoFactorStep =>
  typeof value === "object" && value !== null && "twoFactor" in value;

/**
 * The log-in's second step for staff with two-step verification (docs/back-office/two-factor.md#log-in):
 * the challenge rides in a hidden field, so the step works without JavaScript.
 */
export function TwoFactorForm() {
  const step = useActionData() as TwoFactorStep;
  const busy = useBusy();
  const { formProps, errorFor } = useFormValidation(twoFactorLogInBody);
  return (
    <AccountCard title="Two-step verification">
      <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
        <p className="text-gray-700 text-sm dark:text-gray-300">
          Enter the 6-digit code from your authenticator app. No phone to hand? Use one of your recovery
          codes.
        </p>
        <ErrorBox message={boxMessage(step, ["code"])} busy={busy} />
        <input type="hidden" name="challenge" value={step.twoFactor.challenge} />
        <input type="hidden" name="redirectTo" value={step.twoFactor.redirectTo} />
        <TextField
          label="Authentication code"
          name="code"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={32}
          error={errorFor("code") ?? step.fields?.code}
        />
        <SubmitButton busy={busy} label="Verify" busyLabel="Verifying..." />
      </Form>
    </AccountCard>
  );
}
