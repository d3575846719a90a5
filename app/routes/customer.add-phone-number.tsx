import { useRef, useState } from "react";
import { data, Form, useActionData, useLoaderData, useNavigate, useSubmit } from "react-router";
import { z } from "zod";
import {
  AccountCard,
  CodeField,
  ErrorBox,
  NoticeBox,
  SubmitButton,
  useBusy,
} from "#app/components/form-controls.tsx";
import type { FirebaseCodeSent } from "#app/lib/firebase-phone.client.ts";
import { invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { pageLog } from "#app/lib/log.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import {
  addPhoneNumberBody,
  confirmPhoneCodeBody,
  DEFAULT_PHONE_COUNTRY,
  PHONE_ADD_FAILED,
  PHONE_ALREADY_SAVED,
  phoneErrorMessage,
  phoneNumberField,
} from "#contract/accounts.ts";
import type { FirebasePublicConfig } from "#contract/firebase.ts";
import { addPhoneNumber } from "#core/accounts/phone-numbers.ts";
import {
  confirmPhoneCode,
  type PhoneCountry,
  phoneCountries,
  sendPhoneCode,
} from "#core/accounts/phone-verification.ts";
import { DomainError } from "#core/errors.ts";
import type { Route } from "./+types/customer.add-phone-number";

const numberForm = z.object({ phoneNumber: phoneNumberField });
const codeForm = confirmPhoneCodeBody.pick({ code: true });

export const meta: Route.MetaFunction = () => accountPageMeta("Add phone number");

export async function loader({ request, context }: Route.LoaderArgs) {
  // Verifying a phone number works before the email is verified, like its API endpoints.
  await requireCustomer(request, context.core, { allowUnverified: true });
  return { countries: phoneCountries(), defaultCountry: DEFAULT_PHONE_COUNTRY, firebase: context.firebase };
}

type Step =
  | { step: "number"; message?: string; fields?: Record<string, string> }
  | {
      step: "code";
      verificationId: string;
      phoneNumber: string;
      notice?: string;
      message?: string;
      fields?: Record<string, string>;
    }
  | { step: "retry"; idToken: string; phoneNumber: string; message: string }
  | { step: "done"; phoneNumber: string };

/** The spec's message for a failure: identity codes by the §8 table, a saved number, else the generic one. */
function phoneFailure(error: unknown): string {
  if (error instanceof DomainError) {
    if (error.kind === "conflict") return PHONE_ALREADY_SAVED;
    if (error.code) return phoneErrorMessage(error.code);
    if (error.kind === "invalid") return error.message;
  }
  if (!(error instanceof DomainError)) pageLog.warn({ err: error }, "adding a phone number failed");
  return PHONE_ADD_FAILED;
}

/** Save the number the ID token vouches for; a failure keeps the token so a retry reuses it (SPEC §4). */
async function save(
  context: Route.ActionArgs["context"],
  customerId: string,
  idToken: string,
  phoneNumber: string,
) {
  try {
    await addPhoneNumber(context.core, customerId, idToken);
    return { step: "done", phoneNumber } satisfies Step;
  } catch (error) {
    const message = phoneFailure(error);
    if (error instanceof DomainError && error.kind === "conflict")
      return data({ step: "number", message } satisfies Step, { status: 409 });
    return invalidForm({ message }, { step: "retry" as const, idToken, phoneNumber });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const session = await requireCustomer(request, context.core, { allowUnverified: true });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "confirm") {
    const codeStep = {
      step: "code",
      verificationId: String(form.get("verificationId") ?? ""),
      phoneNumber: String(form.get("phoneNumber") ?? ""),
    } as const;
    const parsed = readForm(form, confirmPhoneCodeBody);
    if (!parsed.ok) return invalidForm(parsed.failure, codeStep);
    let idToken: string;
    try {
      ({ idToken } = await confirmPhoneCode(context.core, session.customerId, parsed.data));
    } catch (error) {
      return invalidForm({ message: phoneFailure(error) }, codeStep);
    }
    return save(context, session.customerId, idToken, codeStep.phoneNumber);
  }
  if (intent === "add") {
    const parsed = readForm(form, addPhoneNumberBody);
    if (!parsed.ok) return invalidForm({ message: PHONE_ADD_FAILED }, { step: "number" as const });
    return save(context, session.customerId, parsed.data.idToken, String(form.get("phoneNumber") ?? ""));
  }
  const parsed = readForm(form, numberForm);
  if (!parsed.ok) return invalidForm(parsed.failure, { step: "number" as const });
  try {
    const sent = await sendPhoneCode(
      context.core,
      session.customerId,
      parsed.data.phoneNumber,
      String(form.get("country") ?? DEFAULT_PHONE_COUNTRY),
    );
    return {
      step: "code",
      verificationId: sent.verificationId,
      phoneNumber: sent.phoneNumber,
      notice: sent.message,
    } satisfies Step;
  } catch (error) {
    const message = phoneFailure(error);
    return invalidForm({ message, fields: { phoneNumber: message } }, { step: "number" as const });
  }
}

/** The international phone input: a country (Morocco by default) and the number. */
function PhoneNumberInput({
  countries,
  country,
  onCountry,
  error,
}: {
  countries: readonly PhoneCountry[];
  country: string;
  onCountry: (code: string) => void;
  error?: string;
}) {
  const callingCode = countries.find((c) => c.code === country)?.callingCode ?? "";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="field-phoneNumber" className="font-medium text-sm">
        Phone Number
      </label>
      <div className="flex gap-2">
        <label htmlFor="field-country" className="sr-only">
          Country
        </label>
        <select
          id="field-country"
          name="country"
          value={country}
          onChange={(e) => onCountry(e.currentTarget.value)}
          className="h-11 w-32 shrink-0 rounded-lg border border-gray-300 bg-white px-2 text-sm dark:border-gray-700 dark:bg-gray-900"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} (+{c.callingCode})
            </option>
          ))}
        </select>
        <div className="relative flex-1">
          <span
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 text-gray-500 dark:text-gray-400"
          >
            +{callingCode}
          </span>
          <input
            id="field-phoneNumber"
            name="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "field-phoneNumber-error" : undefined}
            style={{ paddingLeft: `${1.25 + callingCode.length * 0.6}rem` }}
            className={`h-11 w-full rounded-lg border bg-white pr-3 text-base outline-none focus:ring-2 dark:bg-gray-900 ${error ? "border-red-600 dark:border-red-400" : "border-gray-300 focus:border-brand focus:ring-brand/30 dark:border-gray-700"}`}
          />
        </div>
      </div>
      {error && (
        <p id="field-phoneNumber-error" className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function NumberStep({ failure }: { failure?: { message?: string; fields?: Record<string, string> } }) {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  const busy = useBusy("send");
  const { formProps, errorFor } = useFormValidation(numberForm);
  const [country, setCountry] = useState(defaultCountry);
  const error = errorFor("phoneNumber") ?? failure?.fields?.phoneNumber;
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
      <ErrorBox message={failure?.message} busy={busy} />
      <p className="text-gray-600 text-sm dark:text-gray-400">
        We will text a 6-digit code to this number to check that it is yours.
      </p>
      <PhoneNumberInput countries={countries} country={country} onCountry={setCountry} error={error} />
      <SubmitButton busy={busy} label="Send Verification Code" name="intent" value="send" />
    </Form>
  );
}

/** `+212` and `0612 34 56 78` → `+212612345678`; a number typed with its own `+` is kept. */
function internationalNumber(callingCode: string, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.startsWith("+")) return `+${trimmed.replace(/\D/g, "")}`;
  return `+${callingCode}${trimmed.replace(/\D/g, "").replace(/^0+/, "")}`;
}

/**
 * SMS_PROVIDER=firebase: Firebase texts the code (invisible reCAPTCHA) and turns the right one into
 * an ID token, which the page then posts for saving like the built-in flow's (`intent=add`).
 */
function FirebaseFlow({ config, failure }: { config: FirebasePublicConfig; failure?: { message?: string } }) {
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

function CodeStep({ step }: { step: Extract<Step, { step: "code" }> }) {
  const busy = useBusy("confirm");
  const { formProps, errorFor } = useFormValidation(confirmPhoneCodeBody);
  return (
    <Form method="post" replace className="flex flex-col gap-4" {...formProps}>
      <NoticeBox message={step.notice} />
      <ErrorBox message={step.message} busy={busy} />
      <input type="hidden" name="verificationId" value={step.verificationId} />
      <input type="hidden" name="phoneNumber" value={step.phoneNumber} />
      <CodeField label="Verification Code" name="code" error={errorFor("code") ?? step.fields?.code} />
      <SubmitButton busy={busy} label="Verify" busyLabel="Verifying..." name="intent" value="confirm" />
    </Form>
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

export default function AddPhoneNumber() {
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
