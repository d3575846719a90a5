import type { ReactNode } from "react";
import { Form } from "react-router";
import { AdminField, FormKey, FormMessage, ImageFields, SaveButton, useAnswer } from "./form-parts.tsx";

/** What a category, subcategory, under-subcategory or brand form starts with. */
export interface TaxonomyDefaults {
  name?: string;
  slug?: string;
  image?: string;
}

/**
 * The name, slug and image of a taxonomy record: a creation (empty, the slug made from the name)
 * or a change (filled in). One column on a phone, three from `sm` up.
 */
export function TaxonomyForm({
  form,
  intent,
  id,
  defaults = {},
  submitLabel,
  brand = false,
  hidden,
}: {
  form: string;
  intent: string;
  id?: string;
  defaults?: TaxonomyDefaults;
  submitLabel: string;
  /** A brand's image may be left empty: the generated logo of its slug. */
  brand?: boolean;
  /** More hidden fields (the parent's id). */
  hidden?: ReactNode;
}) {
  const answer = useAnswer(form);
  const creating = !id;
  return (
    // A creation's form starts empty again once it has been saved (its notice names what was added).
    <Form
      key={creating ? (answer?.notice ?? "new") : id}
      method="post"
      className="flex flex-col gap-3"
      noValidate
    >
      <FormKey form={form} intent={intent} id={id} />
      {hidden}
      <FormMessage answer={answer} />
      <div className="grid gap-3 sm:grid-cols-3">
        <AdminField
          form={form}
          name="name"
          label="Name"
          answer={answer}
          defaultValue={defaults.name}
          required
          maxLength={200}
          autoComplete="off"
        />
        <AdminField
          form={form}
          name="slug"
          label="Slug"
          answer={answer}
          defaultValue={defaults.slug}
          maxLength={120}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={creating ? "Leave empty to make it from the name." : "Empty: made from the name again."}
        />
        <ImageFields
          form={form}
          name="image"
          answer={answer}
          defaultValue={defaults.image}
          required={!brand}
          hint={
            brand
              ? "Empty: the generated logo of the slug. Or a path such as /images/brands/acme.webp, or an https URL."
              : "A path such as /images/categories/women.webp, or an https URL."
          }
        />
      </div>
      <div>
        <SaveButton form={form} label={submitLabel} />
      </div>
    </Form>
  );
}
