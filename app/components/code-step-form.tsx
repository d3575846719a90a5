import type { ReactNode } from "react";
import { Form } from "react-router";
import type { useFormValidation } from "#app/lib/use-form-validation.ts";
import { CodeField, ErrorBox, NoticeBox } from "./form-controls.tsx";

/**
 * The step that takes a code the shop sent (the email verification, a phone number's code, a
 * password reset): what was sent, what went wrong, the step's hidden fields, the code, and then the
 * rest of the form, `children`. The page validates the form (`validation`), as it may read it.
 */
export function CodeStepForm({
  validation,
  action,
  notice,
  message,
  busy,
  hidden = {},
  code,
  children,
}: {
  validation: ReturnType<typeof useFormValidation>;
  /** Where the form posts, when not to the page itself as it is. */
  action?: string;
  notice?: string;
  message?: string;
  busy: boolean;
  hidden?: Record<string, string>;
  code: { label: string; name: string; error?: string };
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} replace className="flex flex-col gap-4" {...validation.formProps}>
      <NoticeBox message={notice} />
      <ErrorBox message={message} busy={busy} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <CodeField label={code.label} name={code.name} error={code.error} />
      {children}
    </Form>
  );
}
