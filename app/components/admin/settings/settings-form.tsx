import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorBox, NoticeBox, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { FormFailure } from "#app/lib/form-action.server.ts";
import { type ShopSettingsRecord, STORE_NAME_MAX } from "#contract/admin-settings.ts";
import { AdminPageHeader } from "../admin-layout.tsx";

const FIELDS = [
  "taxRate",
  "shipping",
  "freeShippingThreshold",
  "reservationMinutes",
  "lowStockThreshold",
  "storeName",
  "contactEmail",
  "orderAlertEmail",
] as const;

export type SettingsFormValues = Record<(typeof FIELDS)[number], string>;

/** The settings as the form's inputs hold them: dollars with two decimals, the tax rate in percent. */
export function settingsFormValues(settings: ShopSettingsRecord): SettingsFormValues {
  return {
    taxRate: String(settings.taxRate),
    shipping: settings.shipping.toFixed(2),
    freeShippingThreshold: settings.freeShippingThreshold.toFixed(2),
    reservationMinutes: String(settings.reservationMinutes),
    lowStockThreshold: String(settings.lowStockThreshold),
    storeName: settings.storeName,
    contactEmail: settings.contactEmail,
    orderAlertEmail: settings.orderAlertEmail,
  };
}

/** The posted values, to show the form again as the admin left it. */
export function postedSettingsValues(form: FormData): SettingsFormValues {
  const values = {} as SettingsFormValues;
  for (const name of FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

const Hint = ({ children }: { children: ReactNode }) => (
  <p className="text-gray-600 text-xs dark:text-gray-400">{children}</p>
);

const legendClass = "mb-3 font-bold text-lg";
const groupClass = "grid grid-cols-1 gap-4 sm:grid-cols-2";

/**
 * /admin/settings (admins): one form with every setting (docs/back-office/coupons-and-settings.md).
 * A save is in force at once: the next cart read prices and holds with it, on every instance.
 */
export function SettingsPage({
  values,
  failure,
  notice,
  updatedAt,
}: {
  values: SettingsFormValues;
  failure?: FormFailure;
  notice?: string;
  updatedAt: string;
}) {
  const busy = useBusy("save");
  const error = (name: keyof SettingsFormValues) => failure?.fields?.[name];
  return (
    <>
      <AdminPageHeader title="Settings" />
      <Form method="post" noValidate className="flex max-w-2xl flex-col gap-6">
        {notice && !busy && <NoticeBox message={notice} />}
        <ErrorBox message={failure?.message} busy={busy} />
        <fieldset className={groupClass}>
          <legend className={legendClass}>Prices</legend>
          <TextField
            label="Tax rate (%)"
            name="taxRate"
            inputMode="decimal"
            defaultValue={values.taxRate}
            error={error("taxRate")}
            hint={<Hint>Of the items' total; up to 2 decimals, e.g. 8.25.</Hint>}
          />
          <TextField
            label="Shipping, $"
            name="shipping"
            inputMode="decimal"
            defaultValue={values.shipping}
            error={error("shipping")}
            hint={<Hint>The flat rate below the free-shipping threshold.</Hint>}
          />
          <TextField
            label="Free shipping from, $"
            name="freeShippingThreshold"
            inputMode="decimal"
            defaultValue={values.freeShippingThreshold}
            error={error("freeShippingThreshold")}
            hint={<Hint>Items worth at least this ship free.</Hint>}
          />
        </fieldset>
        <fieldset className={groupClass}>
          <legend className={legendClass}>Stock</legend>
          <TextField
            label="Reservation minutes"
            name="reservationMinutes"
            inputMode="numeric"
            defaultValue={values.reservationMinutes}
            error={error("reservationMinutes")}
            hint={<Hint>How long a cart keeps its items (1 to 1440), renewed by cart activity.</Hint>}
          />
          <TextField
            label="Low-stock threshold"
            name="lowStockThreshold"
            inputMode="numeric"
            defaultValue={values.lowStockThreshold}
            error={error("lowStockThreshold")}
            hint={<Hint>A size with this many or fewer is on the low-stock list.</Hint>}
          />
        </fieldset>
        <fieldset className={groupClass}>
          <legend className={legendClass}>Mail</legend>
          <TextField
            label="Store name"
            name="storeName"
            maxLength={STORE_NAME_MAX}
            defaultValue={values.storeName}
            error={error("storeName")}
            hint={<Hint>Signs mail and texts to customers.</Hint>}
          />
          <TextField
            label="Contact email"
            name="contactEmail"
            type="email"
            autoComplete="off"
            defaultValue={values.contactEmail}
            error={error("contactEmail")}
            hint={<Hint>Where customers may write; empty for none.</Hint>}
          />
          <TextField
            label="Order alert email"
            name="orderAlertEmail"
            type="email"
            autoComplete="off"
            defaultValue={values.orderAlertEmail}
            error={error("orderAlertEmail")}
            hint={
              <Hint>Gets a mail for each new order (cash when placed, card when paid); empty for none.</Hint>
            }
          />
        </fieldset>
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" name="intent" value="save" disabled={busy} className="button-primary">
            {busy ? "Saving…" : "Save settings"}
          </button>
          <p className="text-gray-600 text-xs dark:text-gray-400">
            Last saved{" "}
            <time dateTime={updatedAt}>{`${updatedAt.slice(0, 10)} ${updatedAt.slice(11, 16)} UTC`}</time>
          </p>
        </div>
      </Form>
    </>
  );
}
