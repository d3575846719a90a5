import { data } from "react-router";
import type { z } from "zod";
import { messagesByField } from "#contract/accounts.ts";
import { DomainError, HTTP_STATUS } from "#core/errors.ts";

export interface FormFailure {
  message: string;
  fields?: Record<string, string>;
  /** The identity error code of phone verification (SPEC §8), when there is one. */
  code?: string;
}

/** The posted form checked by the same schema as the API body; a failure is a 400 for the page. */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<
  | { ok: true; data: z.output<S>; form: FormData }
  | { ok: false; response: ReturnType<typeof data<FormFailure>>; form: FormData }
> {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data, form };
  const fields = messagesByField(parsed.error);
  return {
    ok: false,
    form,
    response: data(
      { message: Object.values(fields)[0] ?? "Please check the form.", fields },
      { status: 400 },
    ),
  };
}

/**
 * A core failure as the form's error box shows it. Too many requests is the spec's full-page notice
 * (thrown to the error boundary); anything unexpected is logged and shown as the form's fallback.
 */
export function formFailure(error: unknown, fallback: string) {
  if (error instanceof DomainError) {
    if (error.kind === "rate_limited") throw data({ message: error.message }, { status: 429 });
    const status = HTTP_STATUS[error.kind];
    const fields = error.fields
      ? Object.fromEntries(error.fields.map((f) => [f.field, f.message]))
      : undefined;
    return data<FormFailure>({ message: error.message, fields, code: error.code }, { status });
  }
  console.warn("form action failed", error);
  return data<FormFailure>({ message: fallback }, { status: 500 });
}
