import { z } from "zod";

// Numbers and moments as the back office's forms post them (strings) and the staff API sends them
// (JSON numbers and ISO strings): one schema reads both, so a form and the API refuse the same
// input with the same message (docs/back-office/coupons-and-settings.md#validation).

/** A typed number: JSON numbers as they are, a decimal string as its number, blank or null as absent. */
function numberInput(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/** Whether `value` has at most `decimals` digits after the point (0.1 + 0.2 style noise forgiven). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** A required number from `min` to `max` with at most `decimals` decimals; `message` says all of it. */
export function decimalField(required: string, message: string, min: number, max: number, decimals: number) {
  return z.preprocess(
    numberInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : message) })
      .min(min, { message })
      .max(max, { message })
      .refine((v) => hasAtMostDecimals(v, decimals), { message }),
  );
}

/** A required whole number from `min` to `max`. */
export function wholeField(required: string, message: string, min: number, max: number) {
  return z.preprocess(
    numberInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : message) })
      .int({ message })
      .min(min, { message })
      .max(max, { message }),
  );
}

/** A number that may be left out (blank, null or absent → undefined). */
export function optionalNumber<T extends z.ZodType>(inner: T) {
  return z.preprocess(numberInput, inner.optional());
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A well-formed day or date-time that names a real calendar day (no 30 February). */
function isRealInstant(text: string): boolean {
  if (!DAY.test(text) && !INSTANT.test(text)) return false;
  const day = text.slice(0, 10);
  const at = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day && !Number.isNaN(Date.parse(text))
  );
}

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

/** A moment as text: an ISO date-time with its offset, or a day read in UTC as `day` says. */
function instantText(required: string, message: string, day: "start" | "end") {
  return z
    .string({ error: (issue) => (issue.input === undefined ? required : message) })
    .trim()
    .refine((text) => isRealInstant(text), { message })
    .transform((text) => {
      const at = new Date(DAY.test(text) ? `${text}T00:00:00Z` : text);
      if (DAY.test(text) && day === "end") at.setUTCDate(at.getUTCDate() + 1);
      return at;
    });
}

/**
 * A required moment: an ISO date-time with its offset (`2026-12-31T18:00:00Z`), or a day
 * (`2026-12-31`, what a date input posts), read in UTC as the day's first moment (`day: "start"`)
 * or the moment after its last (`day: "end"`: a coupon that expires on the 31st is valid all that day).
 */
export function instantField(required: string, message: string, day: "start" | "end") {
  return z.preprocess(blankToUndefined, instantText(required, message, day));
}

/** An optional moment: blank, null or absent → undefined. */
export function optionalInstant(message: string, day: "start" | "end") {
  return z.preprocess(blankToUndefined, instantText(message, message, day).optional());
}
