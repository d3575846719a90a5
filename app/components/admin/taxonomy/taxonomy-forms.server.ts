import { data } from "react-router";
import type { z } from "zod";
import { pageLog } from "#app/lib/log.server.ts";
import { messagesByField } from "#contract/accounts.ts";
import {
  bannerSlideCreateBody,
  bannerSlideUpdateBody,
  brandCreateBody,
  slugFromName,
  taxonomyCreateBody,
  taxonomyUpdateBody,
} from "#contract/admin-taxonomy.ts";
import { findUnstorableText, unstorableMessage } from "#contract/storable-text.ts";
import { generatedBrandImage } from "#core/catalog/taxonomy-edits.ts";
import { DomainError, HTTP_STATUS } from "#core/errors.ts";

// The back office's taxonomy and banner forms on the server: a page holds several forms (each
// subcategory's, each slide's), so an answer names the form it is for (`form`), and only that form
// shows its errors and the values sent. Checked by the API's own contract schemas.

export interface FormAnswer {
  /** Which form on the page this answers: "create", "sub:<id>", "delete:<id>" … */
  form: string;
  message?: string;
  notice?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

/** The form's text fields. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

/** A 400 for `form`, with the values sent so the form shows them again. */
function refused(form: string, fields: Record<string, string>, values: Record<string, string>) {
  // The import's messages ("is required") read right under their field's label, not on their own.
  const message = "Please check the fields marked below.";
  return data<FormAnswer>({ form, message, fields, values }, { status: 400 });
}

/** Parses `input` with `schema`; a failure is the 400 answer for `form`. */
function check<S extends z.ZodType>(
  form: string,
  schema: S,
  input: Record<string, unknown>,
  values: Record<string, string>,
): { ok: true; data: z.output<S> } | { ok: false; answer: ReturnType<typeof refused> } {
  const unstorable = findUnstorableText(values);
  if (unstorable !== null)
    return { ok: false, answer: refused(form, { [unstorable]: unstorableMessage(unstorable) }, values) };
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, answer: refused(form, messagesByField(parsed.error), values) };
}

const blankless = (values: Record<string, string>, names: string[]) => {
  const out: Record<string, unknown> = { ...values };
  for (const name of names) if (out[name] === "") delete out[name];
  return out;
};

/** A new record's name, slug (made from the name when empty) and image. */
export function taxonomyCreateForm(form: string, values: Record<string, string>) {
  return check(form, taxonomyCreateBody, blankless(values, ["slug"]), values);
}

/** A new brand: its image may be empty too (the generated logo of its slug). */
export function brandCreateForm(form: string, values: Record<string, string>) {
  return check(form, brandCreateBody, blankless(values, ["slug", "image"]), values);
}

/** A change: an emptied slug is made from the name again, a brand's emptied image is its generated logo. */
export function taxonomyUpdateForm(form: string, values: Record<string, string>, brand = false) {
  const slug = values.slug === "" ? slugFromName(values.name ?? "") : values.slug;
  const image = values.image === "" && brand ? (generatedBrandImage(slug ?? "") ?? "") : values.image;
  return check(form, taxonomyUpdateBody, { ...values, slug, image }, values);
}

/** A slide's fields: the checkbox says whether it is shown; an empty position is "last" (or "as it is"). */
function bannerInput(values: Record<string, string>) {
  const position = values.position?.trim();
  return {
    ...values,
    isEnabled: values.isEnabled === "on",
    position: position ? Number(position) : undefined,
  };
}

export const bannerCreateForm = (form: string, values: Record<string, string>) =>
  check(form, bannerSlideCreateBody, bannerInput(values), values);

export const bannerUpdateForm = (form: string, values: Record<string, string>) =>
  check(form, bannerSlideUpdateBody, bannerInput(values), values);

/**
 * Runs a core write for `form`: a domain error is that form's answer with its status (a 409 on the
 * slug shows under the slug field); anything else is logged and answered with `fallback`.
 */
export async function submit<T>(
  form: string,
  values: Record<string, string>,
  write: () => Promise<T>,
  /** A notice for the form, or where to go (a redirect, after a creation or a deletion). */
  done: (result: T) => string | Response,
) {
  try {
    const next = done(await write());
    return typeof next === "string" ? data<FormAnswer>({ form, notice: next }) : next;
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.kind === "forbidden") throw data({ message: error.message }, { status: 403 });
      const fields = error.fields
        ? Object.fromEntries(error.fields.map((f) => [f.field, f.message]))
        : undefined;
      return data<FormAnswer>(
        { form, message: error.message, fields, values },
        { status: HTTP_STATUS[error.kind] },
      );
    }
    pageLog.warn({ err: error }, "back-office form failed");
    return data<FormAnswer>(
      { form, message: "This could not be saved. Please try again.", values },
      { status: 500 },
    );
  }
}
