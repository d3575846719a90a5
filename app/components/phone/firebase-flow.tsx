import { useRef, useState } from "react";
import { useLoaderData, useSubmit } from "react-router";
import { CodeField, ErrorBox, NoticeBox, SubmitButton, useBusy } from "#app/components/form-controls.tsx";
import type { FirebaseCodeSent } from "#app/lib/firebase-phone.client.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import { phoneErrorMessage } from "#contract/accounts.ts";
import type { FirebasePublicConfig } from "#contract/firebase.ts";
import type { loader } from "../../routes/customer.add-phone-number.tsx";
import { internationalNumber, PhoneNumberInput } from "./phone-number-input.tsx";
import { codeForm, numberForm } from "./phone-steps.ts";

/**
 * SMS_PROVIDER=firebase: Firebase texts the code (invisible reCAPTCHA) and turns the right one into
 * an ID token, which the page then posts for saving like the built-in flow's (`intent=add`).
 */
export function FirebaseFlow({
  config,
  failure,
}: {
  config: FirebasePublicConfig;
  failure?: { message?: string };
}) {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const saving = useBusy("add");
  const [country, setCountry] = useState(defaultCountry);
  const [phase, setPhase] = useState<"number" | "sending" | "code" | "confirming">("number");
  const [message, setMessage] = useState<string>();
  const [phoneNumber, setPhoneNumber] = useState("");
  const sent = useRef<FirebaseCodeSent>(null);
  const recaptcha = useRef<HTMLDivElement>(null);
  const numberValidation = useFormValidation(numberForm);
  const codeValidation = useFormValidation(codeForm);
  const callingCode = countries.find((c) => c.code === country)?.callingCode ?? "";
  const explain = (error: unknown) => setMessage(phoneErrorMessage((error as { code?: string }).code));

  if (phase === "code" || phase === "confirming") {
    return (
      <form
        className="flex flex-col gap-4"
        {...codeValidation.formProps}
        onSubmit={async (event) => {
          codeValidation.formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          setMessage(undefined);
          setPhase("confirming");
          try {
            const idToken = await sent.current!.confirm(
              String(new FormData(event.currentTarget).get("code")),
            );
            submit({ intent: "add", idToken, phoneNumber }, { method: "post", replace: true });
          } catch (error) {
            explain(error);
          }
          setPhase("code");
        }}
      >
        <NoticeBox message={`A verification code has been sent to ${phoneNumber}.`} />
        <ErrorBox message={message ?? failure?.message} busy={phase === "confirming" || saving} />
        <CodeField label="Verification Code" name="code" error={codeValidation.errorFor("code")} />
        <SubmitButton busy={phase === "confirming" || saving} label="Verify" busyLabel="Verifying..." />
      </form>
    );
  }
  const error = numberValidation.errorFor("phoneNumber");
  return (
    <form
      className="flex flex-col gap-4"
      {...numberValidation.formProps}
      onSubmit={async (event) => {
        numberValidation.formProps.onSubmit(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const number = internationalNumber(
          callingCode,
          String(new FormData(event.currentTarget).get("phoneNumber")),
        );
        setMessage(undefined);
        setPhase("sending");
        try {
          const { sendFirebaseCode } = await import("#app/lib/firebase-phone.client.ts");
          sent.current = await sendFirebaseCode(config, number, recaptcha.current!);
          setPhoneNumber(number);
          setPhase("code");
        } catch (failed) {
          explain(failed);
          setPhase("number");
        }
      }}
    >
      <ErrorBox message={message ?? failure?.message} busy={phase === "sending"} />
      <PhoneNumberInput countries={countries} country={country} onCountry={setCountry} error={error} />
      <div ref={recaptcha} />
      <SubmitButton busy={phase === "sending"} label="Send Verification Code" busyLabel="Sending..." />
    </form>
  );
}
