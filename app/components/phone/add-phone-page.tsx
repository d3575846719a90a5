import { useState } from "react";
import { Form, useActionData, useLoaderData, useNavigate } from "react-router";
import { CodeStepForm } from "#app/components/code-step-form.tsx";
import { AccountCard, ErrorBox, SubmitButton, useBusy } from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { confirmPhoneCodeBody } from "#contract/accounts.ts";
import type { action, loader } from "../../routes/customer.add-phone-number.tsx";
import { FirebaseFlow } from "./firebase-flow.tsx";
import { PhoneNumberInput } from "./phone-number-input.tsx";
import { numberForm, type Step } from "./phone-steps.ts";

function NumberStep({ failure }: { failure?: { message?: string; fields?: Record<string, string> } }) {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  const busy = useBusy("send");
  const { formProps, errorFor } = useFormValidation(numberForm);
  const [country, setCountry] = useState(defaultCountry);
  const error = errorFor("phoneNumber") ?? failure?.fields?.phoneNumber;
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
      <ErrorBox message={boxMessage(failure, ["phoneNumber"])} busy={busy} />
      <p className="text-gray-600 text-sm dark:text-gray-400">
        We will text a 6-digit code to this number to check that it is yours.
      </p>
      <PhoneNumberInput countries={countries} country={country} onCountry={setCountry} error={error} />
      <SubmitButton busy={busy} label="Send Verification Code" name="intent" value="send" />
    </Form>
  );
}

function CodeStep({ step }: { step: Extract<Step, { step: "code" }> }) {
  const busy = useBusy("confirm");
  const validation = useFormValidation(confirmPhoneCodeBody);
  return (
    <CodeStepForm
      validation={validation}
      notice={step.notice}
      message={boxMessage(step, ["code"])}
      busy={busy}
      hidden={{ verificationId: step.verificationId, phoneNumber: step.phoneNumber }}
      code={{
        label: "Verification Code",
        name: "code",
        error: validation.errorFor("code") ?? step.fields?.code,
      }}
    >
      <SubmitButton busy={busy} label="Verify" busyLabel="Verifying..." name="intent" value="confirm" />
    </CodeStepForm>
  );
}

function RetryStep({ step }: { step: Extract<Step, { step: "retry" }> }) {
  const busy = useBusy("add");
  return (
    <Form method="post" replace className="flex flex-col gap-4">
      <ErrorBox message={step.message} busy={busy} />
      <input type="hidden" name="idToken" value={step.idToken} />
      <input type="hidden" name="phoneNumber" value={step.phoneNumber} />
      <SubmitButton busy={busy} label="Try Again" name="intent" value="add" />
    </Form>
  );
}

function Verified() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
        <svg
          viewBox="0 0 24 24"
          width="32"
          height="32"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h2 className="font-bold text-xl">Phone Number Verified</h2>
      <p className="text-gray-600 dark:text-gray-400">Phone number verified successfully</p>
      <button
        type="button"
        className="button-primary mt-2"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate("/customer/profile"))}
      >
        Go Back
      </button>
    </div>
  );
}

/** The add-phone page: number, code, then verified; Firebase texts the code when configured. */
export function AddPhoneNumberPage() {
  const result = useActionData<typeof action>() as Step | undefined;
  const { firebase } = useLoaderData<typeof loader>();
  return (
    <AccountCard title="Add phone number">
      {result?.step === "done" ? (
        <Verified />
      ) : result?.step === "code" ? (
        <CodeStep step={result} />
      ) : result?.step === "retry" ? (
        <RetryStep step={result} />
      ) : firebase ? (
        <FirebaseFlow config={firebase} failure={result} />
      ) : (
        <NumberStep failure={result} />
      )}
    </AccountCard>
  );
}
