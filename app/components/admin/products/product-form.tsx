import { Form, Link } from "react-router";
import { SelectField, TextField, useBusy } from "#app/components/form-controls.tsx";
import type { ProductFormChoices } from "#core/catalog/staff-product-list.ts";
import {
  buttonClass,
  Check,
  FieldHint,
  fieldsetClass,
  firstError,
  ListErrors,
  primaryClass,
  TextArea,
} from "./product-form-parts.tsx";
import type { ProductFormValues } from "./product-form-values.ts";
import { SizesFieldset } from "./sizes-fieldset.tsx";

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
