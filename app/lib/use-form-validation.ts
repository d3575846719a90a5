import { type FocusEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { messagesByField } from "#contract/accounts.ts";

/**
 * Validates a form with its shared zod schema as the shopper types. A field's message shows only
 * once the field has been touched (left, or the form submitted) (docs/storefront/README.md#forms). Inputs stay
 * uncontrolled, so what was typed before the page hydrated is kept and the form posts without
 * JavaScript too.
 */
export function useFormValidation(schema: z.ZodType) {
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());

  const check = useCallback(() => {
    const form = ref.current;
    if (!form) return {};
    const current: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") current[name] = value;
    setValues(current);
    const result = schema.safeParse(current);
    const next = result.success ? {} : messagesByField(result.error);
    setErrors(next);
    return next;
  }, [schema]);

  useEffect(() => {
    check();
  }, [check]);

  const touch = (name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));

  return {
    values,
    /** The message to show under `name`, once touched. */
    errorFor: (name: string) => (touched.has(name) ? errors[name] : undefined),
    formProps: {
      ref,
      noValidate: true,
      onInput: () => {
        check();
      },
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        // Leaving a field for the form's own submit button: the submit checks every field itself. A
        // message shown now, on the button's mousedown, would move the button before its mouseup,
        // and the click would be lost.
        const next = event.relatedTarget as HTMLButtonElement | null;
        if (next?.type === "submit" && next.form === event.currentTarget) return;
        const name = (event.target as unknown as HTMLInputElement).name;
        if (name) touch(name);
        check();
      },
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        // A button marked formNoValidate (e.g. "send a new code") posts without the field checks.
        if ((event.nativeEvent as SubmitEvent).submitter?.hasAttribute("formnovalidate")) return;
        const found = check();
        if (Object.keys(found).length > 0) {
          event.preventDefault();
          const form = event.currentTarget;
          setTouched(
            new Set(Array.from(form.elements, (el) => (el as HTMLInputElement).name).filter(Boolean)),
          );
          (form.querySelector("[aria-invalid='true'], input:invalid") as HTMLElement | null)?.focus();
        }
      },
    },
  };
}
