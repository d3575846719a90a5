import { data } from "react-router";
import type { z } from "zod";
import { messagesByField } from "#contract/accounts.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import { DomainError, HTTP_STATUS } from "#core/errors.ts";
import { pageLog } from "./log.server.ts";

export interface FormFailure {
  message: string;
  fields?: Record<string, string>;
  /** The identity error code of phone verification (docs/storefront/accounts.md#phone-errors), when there is one. */
  code?: string;
}

/** The posted form checked by the same schema as the API body. */
export function readForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; failure: FormFailure } {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const unstorable = findUnstorableText(values);
  if (unstorable !== null) {
    const message = unstorableMessage(unstorable);
    return { ok: false, failure: { message, fields: { [unstorable]: message } } };
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields = messagesByField(parsed.error);
  return { ok: false, failure: { message: Object.values(fields)[0] ?? "Please check the form.", fields } };
}

/** A 400 for the page: the form's problems, with whatever else the page needs to show it again. */
export function invalidForm<Extra extends object = object>(failure: FormFailure, extra?: Extra) {
  return data({ ...(extra as Extra), ...failure }, { status: 400 });
}

/**
 * A core failure as the form's error box shows it, with `extra` for the page. Too many requests is
 * the spec's full-page notice (thrown to the error boundary); anything unexpected is logged and
 * shown as the form's fallback.
 */
export function formFailure<Extra extends object = object>(error: unknown, fallback: string, extra?: Extra) {
  if (error instanceof DomainError) {
    if (error.kind === "rate_limited") throw data({ message: error.message }, { status: 429 });
    const fields = error.fields
      ? Object.fromEntries(error.fields.map((f) => [f.field, f.message]))
      : undefined;
    const failure: FormFailure = { message: error.message, fields, code: error.code };
    return data({ ...(extra as Extra), ...failure }, { status: HTTP_STATUS[error.kind] });
  }
  pageLog.warn({ err: error }, "form action failed");
  return data({ ...(extra as Extra), message: fallback } as Extra & FormFailure, { status: 500 });
}
