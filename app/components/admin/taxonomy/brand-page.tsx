import { Link, useActionData } from "react-router";
import type { TaxonomyRecord } from "#core/catalog/taxonomy-kinds.ts";
import { AdminPageHeader } from "../admin-layout.tsx";
import { DeleteConfirm, FormMessage, Thumbnail } from "./form-parts.tsx";
import { TaxonomyForm } from "./taxonomy-form.tsx";

// /admin/brands/:id: a brand's name, slug and image, and its deletion while no product uses it.

export interface BrandPageData {
  brand: TaxonomyRecord;
  products: number;
  created: boolean;
}

export function BrandPage({ data }: { data: BrandPageData }) {
  // The notice of a creation, until the next form on the page answers.
  const answered = useActionData() !== undefined;
  const { brand, products } = data;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm">
        <Link to="/admin/brands" className="underline">
          ← Brands
        </Link>
      </p>
      <AdminPageHeader title={brand.name} />
      {data.created && !answered && (
        <FormMessage answer={{ form: "", notice: `Brand '${brand.name}' created.` }} />
      )}
      <div className="flex items-center gap-3">
        <Thumbnail src={brand.image} />
        <p className="text-gray-600 text-sm dark:text-gray-400">
          {products.toLocaleString("en-US")} {products === 1 ? "product" : "products"}. A new name is what the
          shop shows and searches at once.
        </p>
      </div>
      <TaxonomyForm form="brand" intent="update" id={brand._id} defaults={brand} submitLabel="Save" brand />
      <DeleteConfirm
        form="delete-brand"
        intent="delete"
        id={brand._id}
        what={`the brand '${brand.name}'`}
        note="Only a brand without products can be deleted."
      />
    </div>
  );
}
