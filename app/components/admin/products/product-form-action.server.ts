import { data } from "react-router";
import { pageLog } from "#app/lib/log.server.ts";
import type { ProductRecord } from "#core/catalog/product-records.ts";
import { DomainError, HTTP_STATUS } from "#core/errors.ts";
import {
  errorsByRow,
  type ProductFormValues,
  postedFormValues,
  recordOfForm,
  SPARE_SIZE_ROWS,
  withSpareRows,
} from "./product-form-values.ts";

// What the product form's actions share (admin.products.new.tsx, admin.products.$productId.tsx):
// the buttons that only show the form again ("Add a size", a category's subcategories) and a save
// whose refusal comes back with what was typed and each error beside its field.

export interface ProductFormAnswer {
  values: ProductFormValues;
  message?: string;
  errors?: Record<string, string>;
}

/**
 * The form as posted, and, for the buttons that do not save, the answer showing it again; `save`
 * is the record to write.
 */
export function readProductForm(
  form: FormData,
):
  | { save: false; answer: ProductFormAnswer }
  | { save: true; values: ProductFormValues; record: ProductRecord; rowOfSize: number[] } {
  const values = postedFormValues(form);
  const intent = form.get("intent");
  const shown = Math.max(Number(form.get("sizeRows")) || 0, values.sizes.length);
  if (intent === "add-size") {
    return {
      save: false,
      answer: { values: { ...values, sizes: withSpareRows(values.sizes, shown + 1 - values.sizes.length) } },
    };
  }
  if (intent === "category") {
    return {
      save: false,
      answer: {
        values: {
          ...values,
          sizes: withSpareRows(values.sizes, Math.max(SPARE_SIZE_ROWS, shown - values.sizes.length)),
        },
      },
    };
  }
  const { record, rowOfSize } = recordOfForm(values);
  return { save: true, values, record, rowOfSize };
}

/** A refused save: the form again with what was typed, the message and each field's error. */
export function refusedSave(error: unknown, values: ProductFormValues, rowOfSize: number[]) {
  const shown = { ...values, sizes: withSpareRows(values.sizes) };
  if (error instanceof DomainError) {
    const fields = Object.fromEntries((error.fields ?? []).map((f) => [f.field, f.message]));
    return data<ProductFormAnswer>(
      { values: shown, message: error.message, errors: errorsByRow(fields, rowOfSize) },
      { status: HTTP_STATUS[error.kind] },
    );
  }
  pageLog.warn({ err: error }, "product form failed");
  return data<ProductFormAnswer>(
    { values: shown, message: "The product could not be saved. Please try again." },
    { status: 500 },
  );
}
