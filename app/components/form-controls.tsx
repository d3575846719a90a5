import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { CODE_LENGTH } from "#contract/accounts.ts";

/** True while this page's form post is in flight: submit disabled, busy label (docs/storefront/README.md#forms). */
export function useBusy(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formMethod || navigation.formMethod.toUpperCase() === "GET")
    return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

/** The input look, with the error's red border and focus ring when the field has one. */
const controlClass = (error: string | undefined) =>
  `h-11 rounded-lg border bg-white px-3 text-base outline-none transition focus:ring-2 dark:bg-gray-900 ${
    error
      ? "border-red-600 focus:ring-red-600/30 dark:border-red-400"
      : "border-gray-300 focus:border-brand focus:ring-brand/30 dark:border-gray-700"
  }`;

/** A field's label above its control and its error below, tied to the control by `aria-describedby`. */
function Field({
  id,
  label,
  error,
  hint,
  control,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  control: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      {control(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
      {hint}
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  name,
  error,
  hint,
  ...input
}: {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(described) => (
        <input id={id} name={name} {...described} className={controlClass(error)} {...input} />
      )}
    />
  );
}

export function SelectField({
  label,
  id,
  error,
  children,
  ...select
}: {
  label: string;
  id: string;
  error?: string;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      control={(described) => (
        <select
          id={id}
          {...described}
          className={`${controlClass(error)} disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 dark:disabled:bg-gray-800 dark:disabled:text-gray-400`}
          {...select}
        >
          {children}
        </select>
      )}
    />
  );
}

/** A 6-digit code field (email verification, password reset, phone): numeric, one-time-code autofill. */
export function CodeField({ label, name, error }: { label: string; name: string; error?: string }) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      error={error}
    />
  );
}

/** The server's message above the form (docs/storefront/README.md#forms); hidden while a new submit is in flight. */
export function ErrorBox({ message, busy }: { message?: string; busy?: boolean }) {
  if (!message || busy) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800 text-sm dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </div>
  );
}

export function NoticeBox({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
    >
      {message}
    </div>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
  name,
  value,
  large = false,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  name?: string;
  value?: string;
  /** The taller button that closes a checkout (the popup, the payment page). */
  large?: boolean;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className={large ? "button-primary h-12 w-full text-base" : "button-primary h-11 w-full"}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
        />
      )}
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

/** The card every account page sits in: a title and the form. */
export function AccountCard({
  title,
  children,
  wide,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`mx-auto w-full px-4 py-10 sm:py-14 ${wide ? "max-w-2xl" : "max-w-md"}`}>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <h1 className="mb-6 text-center font-bold text-2xl tracking-tight">{title}</h1>
        {children}
      </div>
    </section>
  );
}

/** The account forms' email field (log in, sign up, forgot password): one spelling of it. */
export function EmailField({ error }: { error?: string }) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" error={error} />;
}
