import { z } from "zod";
import { trimmedText } from "./accounts.ts";
import { decimalField, wholeField } from "./form-numbers.ts";

// The shop's settings as an admin reads and writes them (docs/back-office/coupons-and-settings.md):
// money in dollars, the tax rate in percent; core keeps cents and basis points.

export const MAX_SETTINGS_AMOUNT = 1_000_000;
export const STORE_NAME_MAX = 60;

const amount = (label: string) =>
  decimalField(
    `${label} is required.`,
    `${label} must be an amount in dollars from 0 to ${MAX_SETTINGS_AMOUNT}, with at most 2 decimals.`,
    0,
    MAX_SETTINGS_AMOUNT,
    2,
  );

const contactEmailMessage = "Contact email must be an email address, or empty for none.";
const orderAlertEmailMessage = "Order alert email must be an email address, or empty for none.";

/** An address or "" for none, trimmed; `message` names the field. */
const optionalEmail = (message: string) =>
  z
    .string({ message })
    .max(254, { message })
    .refine((v) => v === "" || z.email().safeParse(v).success, { message });

/** PUT /settings and the settings page's form: every setting, whole. */
export const shopSettingsBody = z.object({
  taxRate: decimalField(
    "Tax rate is required.",
    "Tax rate must be a percent from 0 to 100, with at most 2 decimals.",
    0,
    100,
    2,
  ),
  shipping: amount("Shipping"),
  freeShippingThreshold: amount("Free-shipping threshold"),
  reservationMinutes: wholeField(
    "Reservation minutes is required.",
    "Reservation minutes must be a whole number from 1 to 1440.",
    1,
    1440,
  ),
  lowStockThreshold: wholeField(
    "Low-stock threshold is required.",
    "Low-stock threshold must be a whole number from 0 to 1000000.",
    0,
    1_000_000,
  ),
  storeName: trimmedText(
    z
      .string({ message: `Store name must be text of 1 to ${STORE_NAME_MAX} characters.` })
      .min(1, { message: "Store name is required." })
      .max(STORE_NAME_MAX, { message: `Store name must be at most ${STORE_NAME_MAX} characters.` }),
  ),
  contactEmail: trimmedText(optionalEmail(contactEmailMessage)),
  /**
   * Where the staff's new-order alert goes (docs/back-office/notifications.md); "" for none. Added
   * after the others: a client that leaves it out keeps the address saved (null clears it, as "").
   */
  orderAlertEmail: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v === null ? "" : v),
    optionalEmail(orderAlertEmailMessage).optional(),
  ),
});

export type ShopSettingsBody = z.output<typeof shopSettingsBody>;

export const shopSettingsRecord = z.object({
  taxRate: z.number().describe("Percent of the items' total, e.g. 14 or 8.25"),
  shipping: z.number().describe("Flat shipping in dollars, charged below the free-shipping threshold"),
  freeShippingThreshold: z.number().describe("Items worth at least this (dollars) ship free"),
  reservationMinutes: z.number().int().describe("How long a cart holds its stock, renewed by cart activity"),
  lowStockThreshold: z.number().int().describe("A size at or below this stock is on the low-stock list"),
  storeName: z.string().describe("The shop's name in mail and texts"),
  contactEmail: z.string().describe("The shop's contact address in mail; empty for none"),
  orderAlertEmail: z
    .string()
    .describe("Where the staff's new-order alert is mailed (once per order); empty for none"),
  updatedAt: z.string(),
});
export type ShopSettingsRecord = z.infer<typeof shopSettingsRecord>;

export const shopSettingsResponse = z.object({ data: shopSettingsRecord });
