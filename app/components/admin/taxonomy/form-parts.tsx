import type { InputHTMLAttributes, ReactNode } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { FormAnswer } from "./taxonomy-forms.server.ts";

// Pieces of the taxonomy and banner forms. A page holds several forms, so every field's id is
// prefixed with its form's key, and a form shows an answer only when the answer names it.

/** The action's answer when it is for `form`. */
export function useAnswer(form: string): FormAnswer | undefined {
  const answer = useActionData() as FormAnswer | undefined;
  return answer?.form === form ? answer : undefined;
}

/** True while `form` is being sent. */
export function useSending(form: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("form") === form;
}

const domId = (form: string, name: string) => `${form}-${name}`.replace(/[^a-zA-Z0-9_-]/g, "-");

const controlClass = (error: string | undefined) =>
  `h-11 w-full rounded-lg border bg-white px-3 text-base outline-none transition focus:ring-2 dark:bg-gray-900 ${
    error
      ? "border-red-600 focus:ring-red-600/30 dark:border-red-400"
      : "border-gray-300 focus:border-brand focus:ring-brand/30 dark:border-gray-700"
  }`;

/** A labelled input with its hint and error tied to it (aria-describedby), the value sent kept on error. */
export function AdminField({
  form,
  name,
  label,
  hint,
  answer,
  defaultValue,
  ...input
}: {
  form: string;
  name: string;
  label: string;
  hint?: ReactNode;
  answer?: FormAnswer;
  defaultValue?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "defaultValue">) {
  const id = domId(form, name);
  const error = answer?.fields?.[name];
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={answer?.values?.[name] ?? defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={controlClass(error)}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-gray-600 text-xs dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The answer's message above the form: an error (alert) or a notice (status). */
export function FormMessage({ answer }: { answer?: FormAnswer }) {
  if (answer?.notice)
    return (
      <p
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900 text-sm dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {answer.notice}
      </p>
    );
  if (answer?.message)
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-800 text-sm dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      >
        {answer.message}
      </p>
    );
  return null;
}

/** A small picture of an image URL, decorative (the record's name is beside it). */
export function Thumbnail({ src, wide = false }: { src: string; wide?: boolean }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      width={wide ? 96 : 48}
      height={wide ? 32 : 48}
      className={`shrink-0 rounded border border-gray-200 bg-gray-100 object-cover dark:border-gray-700 dark:bg-gray-800 ${wide ? "h-8 w-24" : "size-12"}`}
    />
  );
}

/**
 * The image of a record: a URL for now (a generated image such as /images/categories/women.webp,
 * or an http(s) URL). A fieldset of its own, so the photo upload can sit beside the URL field later.
 */
export function ImageFields({
  form,
  name,
  answer,
  defaultValue,
  required,
  hint,
}: {
  form: string;
  name: string;
  answer?: FormAnswer;
  defaultValue?: string;
  required?: boolean;
  hint: string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="sr-only">Image</legend>
      <AdminField
        form={form}
        name={name}
        label="Image URL"
        answer={answer}
        defaultValue={defaultValue}
        required={required}
        inputMode="url"
        autoComplete="off"
        hint={hint}
      />
    </fieldset>
  );
}

/** The form's key, sent with it so the answer can name the form. */
export function FormKey({ form, intent, id }: { form: string; intent: string; id?: string }) {
  return (
    <>
      <input type="hidden" name="form" value={form} />
      <input type="hidden" name="intent" value={intent} />
      {id && <input type="hidden" name="id" value={id} />}
    </>
  );
}

export function SaveButton({ form, label, busyLabel }: { form: string; label: string; busyLabel?: string }) {
  const sending = useSending(form);
  return (
    <button type="submit" className="button-primary h-11 w-full sm:w-auto sm:px-8" disabled={sending}>
      {sending ? (busyLabel ?? "Saving…") : label}
    </button>
  );
}

/**
 * Delete with a confirmation that needs no JavaScript: the button is inside a disclosure, so a
 * deletion takes two deliberate clicks.
 */
export function DeleteConfirm({
  form,
  intent,
  id,
  what,
  note,
}: {
  form: string;
  intent: string;
  id: string;
  /** "the category 'Women'" */
  what: string;
  note?: string;
}) {
  const answer = useAnswer(form);
  return (
    <details className="open:basis-full" open={answer?.message ? true : undefined}>
      <summary className="inline-flex h-9 cursor-pointer list-none items-center rounded-full border border-red-300 px-4 font-semibold text-red-700 text-sm hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950">
        Delete…<span className="sr-only"> {what}</span>
      </summary>
      <Form
        method="post"
        className="mt-2 flex flex-col gap-2 rounded-lg border border-red-200 p-3 dark:border-red-900"
      >
        <FormKey form={form} intent={intent} id={id} />
        <p className="text-sm">
          Delete {what} for good? {note}
        </p>
        <FormMessage answer={answer} />
        <button
          type="submit"
          className="inline-flex h-10 w-full cursor-pointer items-center justify-center rounded-full bg-red-700 px-4 font-semibold text-sm text-white hover:bg-red-800 sm:w-auto sm:self-start"
        >
          Delete for good
        </button>
      </Form>
    </details>
  );
}
