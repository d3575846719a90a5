import type { InputHTMLAttributes, ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { ErrorBox, useBusy } from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { useFormValidation } from "#app/lib/use-form-validation.ts";

/** What the account page's action answers; `intent` says which of its forms it is about. */
export type AccountIntent = "start" | "confirm" | "disable" | "regenerate";
export interface AccountActionData {
  intent: AccountIntent;
  message?: string;
  fields?: Record<string, string>;
  /** Shown once, after turning on or asking for new ones. */
  recoveryCodes?: string[];
  notice?: string;
}

const inputClass = (error: string | undefined) =>
  `h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 sm:max-w-xs dark:bg-gray-900 ${
    error
      ? "border-red-600 focus:ring-red-600/30 dark:border-red-400"
      : "border-gray-300 focus:border-brand focus:ring-brand/30 dark:border-gray-700"
  }`;

/**
 * One of the page's small forms, posted with its `intent` (works without JavaScript); its field ids
 * carry the intent, since several forms ask for a password.
 */
export function AccountForm({
  intent,
  schema,
  failure,
  submit,
  fields,
}: {
  intent: AccountIntent;
  schema: z.ZodType;
  failure: AccountActionData | undefined;
  submit: { label: string; busyLabel: string; danger?: boolean };
  fields: (errorFor: (name: string) => string | undefined, id: (name: string) => string) => ReactNode;
}) {
  const busy = useBusy(intent);
  const mine = failure?.intent === intent ? failure : undefined;
  const { formProps, errorFor } = useFormValidation(schema);
  const error = (name: string) => errorFor(name) ?? mine?.fields?.[name];
  return (
    <Form method="post" className="flex flex-col gap-3" {...formProps}>
      <ErrorBox message={boxMessage(mine, Object.keys(mine?.fields ?? {}))} busy={busy} />
      {fields(error, (name) => `${intent}-${name}`)}
      <div>
        <button
          type="submit"
          name="intent"
          value={intent}
          disabled={busy}
          className={
            submit.danger
              ? "h-11 rounded-lg border border-red-700 px-4 font-medium text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
              : "button-primary h-11 px-4"
          }
        >
          {busy ? submit.busyLabel : submit.label}
        </button>
      </div>
    </Form>
  );
}

/** A labelled input with its error below, tied by aria-describedby. */
export function AccountField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        className={inputClass(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
