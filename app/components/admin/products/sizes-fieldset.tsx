import { Link } from "react-router";
import { TextField } from "#app/components/form-controls.tsx";
import { buttonClass, fieldsetClass } from "./product-form-parts.tsx";
import type { ProductFormValues } from "./product-form-values.ts";

// The product form's sizes (docs/back-office/products.md#form): a row per size, "Add a size" posting
// the form back with one more, and, for a product without sizes, its own price and stock.

export function SizesFieldset({
  values,
  errors,
  editing,
  productId,
}: {
  values: ProductFormValues;
  errors: Record<string, string>;
  editing: boolean;
  productId?: string;
}) {
  return (
    <fieldset className={fieldsetClass}>
      <legend className="px-1 font-semibold">Sizes, prices and stock</legend>
      <p className="text-gray-600 text-sm dark:text-gray-400">
        Prices in dollars. Leave a row empty to skip it. A size removed from sale is no longer offered; carts
        holding it are told.
        {editing && (
          <>
            {" "}
            Stock of existing sizes changes on the{" "}
            <Link to={`/admin/products/${productId}/stock`} className="underline">
              Stock tab
            </Link>
            .
          </>
        )}
      </p>
      {errors.sizes && (
        <p id="field-sizes-error" className="text-red-700 text-sm dark:text-red-400">
          {errors.sizes}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {values.sizes.map((row, i) => {
          const at = (f: string) => `sizes[${i}].${f}`;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the form, re-rendered from the server
              key={i}
              className="grid grid-cols-2 gap-3 rounded border border-gray-100 p-3 sm:grid-cols-4 dark:border-gray-800"
            >
              <TextField
                label={`Size ${i + 1}`}
                name={at("size")}
                defaultValue={row.size}
                error={errors[at("size")]}
              />
              <TextField
                label="Price"
                name={at("price")}
                defaultValue={row.price}
                inputMode="decimal"
                error={errors[at("price")]}
              />
              <TextField
                label="Price before discount"
                name={at("priceBeforeDiscount")}
                defaultValue={row.priceBeforeDiscount}
                inputMode="decimal"
                error={errors[at("priceBeforeDiscount")]}
              />
              {row.existing ? (
                <div className="flex flex-col gap-1.5 text-sm">
                  <span className="font-medium">Stock on hand</span>
                  <span className="flex h-11 items-center tabular-nums">{row.stock}</span>
                  <input type="hidden" name={at("stock")} value={row.stock} />
                  <input type="hidden" name={at("existing")} value="1" />
                  <label className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      name={at("remove")}
                      value="1"
                      defaultChecked={row.remove}
                      className="h-4 w-4"
                    />
                    Remove from sale
                  </label>
                </div>
              ) : (
                <TextField
                  label="Stock"
                  name={at("stock")}
                  defaultValue={row.stock}
                  inputMode="numeric"
                  error={errors[at("stock")]}
                />
              )}
            </li>
          );
        })}
      </ol>
      <input type="hidden" name="sizeRows" value={values.sizes.length} />
      <div>
        <button type="submit" name="intent" value="add-size" className={buttonClass}>
          Add a size
        </button>
      </div>
      <details
        className="text-sm"
        open={Boolean(values.price || errors.price || errors.stock || errors.priceBeforeDiscount)}
      >
        <summary className="cursor-pointer font-medium">A product without sizes</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <TextField
            label="Price"
            name="price"
            defaultValue={values.price}
            inputMode="decimal"
            error={errors.price}
          />
          <TextField
            label="Price before discount"
            name="priceBeforeDiscount"
            defaultValue={values.priceBeforeDiscount}
            inputMode="decimal"
            error={errors.priceBeforeDiscount}
          />
          {editing && values.price !== "" ? (
            <div className="flex flex-col gap-1.5">
              <span className="font-medium">Stock on hand</span>
              <span className="flex h-11 items-center tabular-nums">{values.stock || "0"}</span>
              <input type="hidden" name="stock" value={values.stock} />
            </div>
          ) : (
            <TextField
              label="Stock"
              name="stock"
              defaultValue={values.stock}
              inputMode="numeric"
              error={errors.stock}
            />
          )}
        </div>
      </details>
    </fieldset>
  );
}
