import type { RefObject } from "react";
import { Form } from "react-router";
import { SelectField, SubmitButton, TextField } from "#app/components/form-controls.tsx";
import { CloseIcon } from "#app/components/icons.tsx";
import { useFormValidation } from "#app/lib/use-form-validation.ts";
import type { AddressEntry, PhoneNumberEntry } from "#contract/accounts.ts";
import {
  checkoutForm,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from "#contract/shopping.ts";

const ADDRESS_FIELDS = ["country", "state", "city", "street", "postalCode"] as const;

const addressLabel = (a: AddressEntry) => `${a.street}, ${a.city}, ${a.state} ${a.postalCode}, ${a.country}`;

function DialogHeader({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex items-center justify-between border-gray-200 border-b px-6 py-4 dark:border-gray-800">
      <h2 id="checkout-title" className="font-bold text-xl tracking-tight">
        Checkout
      </h2>
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        <CloseIcon width={20} height={20} />
      </button>
    </div>
  );
}

/** The ways to pay, the default one chosen at first. */
function PaymentMethodField() {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-sm">Payment Method</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PAYMENT_METHODS.map((method) => (
          <label
            key={method}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-300 px-4 py-3 has-checked:border-brand has-checked:bg-indigo-50 dark:border-gray-700 dark:has-checked:border-indigo-400 dark:has-checked:bg-indigo-950"
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              defaultChecked={method === DEFAULT_PAYMENT_METHOD}
              className="size-4 accent-brand"
            />
            <span className="font-medium">{PAYMENT_METHOD_LABELS[method]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The address the order goes to, filled by hand or from a saved one. */
function AddressFields({ errorFor }: { errorFor: (name: string) => string | undefined }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Country" name="country" autoComplete="country-name" error={errorFor("country")} />
        <TextField label="State" name="state" autoComplete="address-level1" error={errorFor("state")} />
        <TextField label="City" name="city" autoComplete="address-level2" error={errorFor("city")} />
        <TextField
          label="Postal Code"
          name="postalCode"
          inputMode="numeric"
          autoComplete="postal-code"
          error={errorFor("postalCode")}
        />
      </div>
      <TextField label="Street" name="street" autoComplete="street-address" error={errorFor("street")} />
    </>
  );
}

/**
 * The checkout popup (docs/storefront/cart.md#checkout-popup): payment method, one of the customer's verified phone numbers,
 * a saved address that fills the address fields, and the address itself. Fields are checked with
 * the same schema as the action; messages show once a field has been touched. The page sends the
 * form (`onSend`), so it can tell a failure from a success and close the popup.
 */
export function CheckoutDialog({
  dialogRef,
  phoneNumbers,
  addresses,
  busy,
  onSend,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  phoneNumbers: PhoneNumberEntry[];
  addresses: AddressEntry[];
  busy: boolean;
  onSend: (form: HTMLFormElement) => void;
}) {
  const { formProps, errorFor } = useFormValidation(checkoutForm);
  const close = () => dialogRef.current?.close();

  const fillAddress = (addressId: string) => {
    const form = formProps.ref.current;
    const address = addresses.find((a) => a._id === addressId);
    if (!form || !address) return;
    for (const field of ADDRESS_FIELDS) {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement) input.value = address[field];
    }
    // The validation listens for input on the form: the filled fields are checked again.
    form.dispatchEvent(new Event("input", { bubbles: true }));
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; from the keyboard the dialog closes with Escape (natively) or its Close button
    <dialog
      ref={dialogRef}
      id="checkout-dialog"
      aria-labelledby="checkout-title"
      className="m-auto max-h-[92vh] w-[min(36rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/60 dark:bg-gray-900 dark:text-gray-100"
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current) close();
      }}
    >
      <DialogHeader onClose={close} />
      <Form
        method="post"
        {...formProps}
        className="flex flex-col gap-5 px-6 py-5"
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          onSend(event.currentTarget);
        }}
      >
        <input type="hidden" name="intent" value="checkout" />
        <PaymentMethodField />
        <SelectField
          label="Phone Number"
          id="checkout-phone"
          name="phone"
          error={errorFor("phone")}
          disabled={phoneNumbers.length === 0}
          // One number is the obvious choice; with several the shopper picks (docs/storefront/cart.md#checkout-popup).
          defaultValue={phoneNumbers.length === 1 ? phoneNumbers[0]!.phoneNumber : ""}
        >
          <option value="">Select phone number</option>
          {phoneNumbers.map((p) => (
            <option key={p._id} value={p.phoneNumber}>
              {p.phoneNumber}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Saved Address"
          id="checkout-saved-address"
          disabled={addresses.length === 0}
          defaultValue=""
          onChange={(event) => fillAddress(event.currentTarget.value)}
        >
          <option value="">{addresses.length === 0 ? "No saved addresses" : "Choose a saved address"}</option>
          {addresses.map((a) => (
            <option key={a._id} value={a._id}>
              {addressLabel(a)}
            </option>
          ))}
        </SelectField>
        <AddressFields errorFor={errorFor} />
        <SubmitButton busy={busy} label="Place Order" busyLabel="Placing order…" large />
      </Form>
    </dialog>
  );
}
