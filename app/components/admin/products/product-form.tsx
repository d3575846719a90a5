import { Form, Link } from "react-router";
import { SelectField, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { ProductFormChoices } from "#core/catalog/staff-product-list.ts";
import type { ProductFormValues } from "./product-form-values.ts";

// The product form (docs/back-office/products.md#form): one record of the catalogue file. It works
// without JavaScript: "Add a size" and "Show this category's subcategories" post the form back and
// it comes back with what was typed, one more size row or the category's lists.

export interface ProductFormProps {
  values: ProductFormValues;
  choices: ProductFormChoices;
  /** Errors by field, named as the import names them (`sizes[0].price`). */
  errors?: Record<string, string>;
  message?: string;
  /** Editing a product: its slug is fixed, its sizes' stock moves on the stock page. */
  productId?: string;
}

const buttonClass =
  "rounded-lg border border-gray-300 px-4 py-2 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800";
const primaryClass =
  "rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-sm text-white hover:bg-gray-700 disabled:opacity-60 dark:bg-gray-100 dark:text-gray-900 dark:hover:bg-gray-300";
const fieldsetClass = "flex flex-col gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800";

export function ProductForm({ values, choices, errors = {}, message, productId }: ProductFormProps) {
  const busy = useBusy("save");
  const category = choices.categories.find((c) => c.slug === values.category);
  return (
    <Form method="post" className="flex max-w-3xl flex-col gap-6" noValidate>
      {message && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 text-sm dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {Object.keys(errors).length > 0 && (
            <p className="font-semibold">Please correct the highlighted fields.</p>
          )}
          <p>{message}</p>
        </div>
      )}
      <fieldset className={fieldsetClass}>
        <legend className="px-1 font-semibold">Product</legend>
        <TextField label="Title" name="title" defaultValue={values.title} error={errors.title} required />
        <TextField
          label="Slug"
          name="slug"
          defaultValue={values.slug}
          error={errors.slug}
          readOnly={productId !== undefined}
          hint={
            <FieldHint>
              Lower-case letters, digits and hyphens; the catalogue file names the product by it, so it cannot
              change later. Left empty, it is made from the title and the colour name.
            </FieldHint>
          }
        />
        <TextArea
          label="Description"
          name="description"
          value={values.description}
          error={errors.description}
          rows={5}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Colour (slug)"
            name="color"
            defaultValue={values.color}
            error={errors.color}
            hint={<FieldHint>e.g. navy, sky, forest-green</FieldHint>}
          />
          <TextField
            label="Colour name"
            name="colorName"
            defaultValue={values.colorName}
            error={errors.colorName}
          />
        </div>
        <TextField
          label="Colour group (slug)"
          name="group"
          defaultValue={values.group}
          error={errors.group}
          hint={
            <FieldHint>
              Products sharing a group are one garment in other colours. Type an existing group's slug to join
              it, a new slug to start a group, or leave it empty.
            </FieldHint>
          }
        />
      </fieldset>

      <fieldset className={fieldsetClass}>
        <legend className="px-1 font-semibold">Category and brand</legend>
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1">
            <SelectField
              label="Category"
              id="field-category"
              name="category"
              defaultValue={values.category}
              error={errors.category}
            >
              {choices.categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
          <button type="submit" name="intent" value="category" className={buttonClass}>
            Show this category's subcategories
          </button>
        </div>
        {category && category.subcategories.length > 0 && (
          <fieldset>
            <legend className="font-medium text-sm">Subcategories of {category.name}</legend>
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {category.subcategories.map((s) => (
                <li key={s.slug}>
                  <Check
                    name="subcategories"
                    value={s.slug}
                    label={s.name}
                    checked={values.subcategories.includes(s.slug)}
                  />
                  {s.underSubcategories.length > 0 && (
                    <ul className="mt-1 ml-6 flex flex-col gap-1">
                      {s.underSubcategories.map((u) => {
                        const path = `${s.slug}/${u.slug}`;
                        return (
                          <li key={path}>
                            <Check
                              name="underSubcategories"
                              value={path}
                              label={u.name}
                              checked={values.underSubcategories.includes(path)}
                            />
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
            <ListErrors errors={errors} prefixes={["subcategories", "underSubcategories"]} />
          </fieldset>
        )}
        <SelectField
          label="Brand"
          id="field-brand"
          name="brand"
          defaultValue={values.brand}
          error={errors.brand}
        >
          <option value="">No brand</option>
          {choices.brands.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name}
            </option>
          ))}
        </SelectField>
      </fieldset>

      <SizesFieldset
        values={values}
        errors={errors}
        editing={productId !== undefined}
        productId={productId}
      />

      <fieldset className={fieldsetClass}>
        <legend className="px-1 font-semibold">Images</legend>
        <TextArea
          label="Image URLs, one per line (the first is the cover)"
          name="images"
          value={values.images}
          error={errors.images ?? firstError(errors, "images[")}
          rows={3}
          hint={
            productId ? (
              <Link to={`/admin/products/${productId}/photos`} className="underline">
                Upload and order photos on the Photos tab
              </Link>
            ) : (
              <FieldHint>
                A path starting with / or an http(s) URL; photos can be uploaded once the product exists.
              </FieldHint>
            )
          }
        />
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className={primaryClass} disabled={busy}>
          {busy ? "Saving…" : productId ? "Save changes" : "Create product"}
        </button>
        <Link to="/admin/products" className={buttonClass}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function SizesFieldset({
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

function FieldHint({ children }: { children: React.ReactNode }) {
  return <p className="text-gray-600 text-xs dark:text-gray-400">{children}</p>;
}

function TextArea({
  label,
  name,
  value,
  error,
  rows,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  rows: number;
  hint?: React.ReactNode;
}) {
  const id = `field-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-lg border bg-white px-3 py-2 text-base outline-none focus:ring-2 dark:bg-gray-900 ${
          error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-700"
        }`}
      />
      {hint}
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function Check({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4" />
      {label}
    </label>
  );
}

const firstError = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([field]) => field.startsWith(prefix))?.[1];

function ListErrors({ errors, prefixes }: { errors: Record<string, string>; prefixes: string[] }) {
  const shown = Object.entries(errors).filter(([field]) =>
    prefixes.some((p) => field === p || field.startsWith(`${p}[`)),
  );
  if (shown.length === 0) return null;
  return (
    <ul className="mt-2 text-red-700 text-sm dark:text-red-400">
      {shown.map(([field, message]) => (
        <li key={field}>
          {field}: {message}
        </li>
      ))}
    </ul>
  );
}
