import { data, redirect } from "react-router";
import { ID_PATTERN } from "#contract/query.ts";
import {
  createBrand,
  createCategory,
  createSubcategory,
  createUnderSubcategory,
  deleteTaxonomy,
  getTaxonomyRecord,
  type TaxonomyKind,
  taxonomyUsage,
  updateTaxonomy,
} from "#core/catalog/taxonomy-edits.ts";
import {
  categoryTree,
  listTaxonomyForStaff,
  STAFF_TAXONOMY_SORTS,
} from "#core/catalog/taxonomy-staff-lists.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import type { Staff } from "#core/staff/roles.ts";
import {
  brandCreateForm,
  formValues,
  submit,
  taxonomyCreateForm,
  taxonomyUpdateForm,
} from "./taxonomy-forms.server.ts";
import type { TaxonomyListData } from "./taxonomy-list-page.tsx";

// Loaders and actions of /admin/categories, /admin/categories/:id, /admin/brands and /admin/brands/:id
// (docs/back-office/taxonomy.md). Each action calls the core function the staff API calls.

const PAGE_SIZE = 25;
const MAX_PAGE = 100_000;

export async function loadTaxonomyList(
  request: Request,
  core: CoreContext,
  staff: Staff,
  kind: "category" | "brand",
): Promise<TaxonomyListData> {
  const url = new URL(request.url);
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= MAX_PAGE ? pageParam : 1;
  const sortParam = url.searchParams.get("sort") ?? "name";
  const sort = STAFF_TAXONOMY_SORTS.includes(sortParam) ? sortParam : "name";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const { total, rows } = await listTaxonomyForStaff(core, staff, kind, {
    page,
    limit: PAGE_SIZE,
    sort,
    q: q || undefined,
  });
  return { rows, total, page, numberOfPages: Math.ceil(total / PAGE_SIZE), sort, q };
}

/** /admin/categories and /admin/brands: the creation form; the new record's page next. */
export async function taxonomyListAction(
  core: CoreContext,
  staff: Staff,
  form: FormData,
  kind: "category" | "brand",
) {
  const values = formValues(form);
  const base = kind === "brand" ? "/admin/brands" : "/admin/categories";
  const done = (record: { _id: string }) => redirect(`${base}/${record._id}?created=1`);
  if (kind === "brand") {
    const checked = brandCreateForm("create", values);
    if (!checked.ok) return checked.answer;
    return submit("create", values, () => createBrand(core, staff, checked.data), done);
  }
  const checked = taxonomyCreateForm("create", values);
  if (!checked.ok) return checked.answer;
  return submit("create", values, () => createCategory(core, staff, checked.data), done);
}

/** A record of the URL's id, or the back office's 404. */
async function recordOr404(core: CoreContext, kind: TaxonomyKind, id: string | undefined) {
  if (!id || !ID_PATTERN.test(id)) throw data({ message: "There is no such record." }, { status: 404 });
  try {
    return await getTaxonomyRecord(core, kind, id);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found")
      throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

export async function loadCategoryPage(core: CoreContext, staff: Staff, id: string | undefined) {
  const category = await recordOr404(core, "category", id);
  const [tree, usage] = await Promise.all([
    categoryTree(core, staff, category._id),
    taxonomyUsage(core.db, "category", category._id),
  ]);
  return { category, tree, products: usage.products };
}

export async function loadBrandPage(core: CoreContext, id: string | undefined) {
  const brand = await recordOr404(core, "brand", id);
  const usage = await taxonomyUsage(core.db, "brand", brand._id);
  return { brand, products: usage.products };
}

const KIND_OF_INTENT: Record<string, TaxonomyKind> = {
  "update-subcategory": "subcategory",
  "delete-subcategory": "subcategory",
  "update-under": "under-subcategory",
  "delete-under": "under-subcategory",
};

/**
 * The forms of a category's page: the category itself (change, delete), and its subcategories and
 * their under-subcategories (create, change, delete).
 */
export async function categoryAction(core: CoreContext, staff: Staff, form: FormData, categoryId: string) {
  const values = formValues(form);
  const key = values.form ?? "";
  const intent = values.intent ?? "";
  const targetId = values.id ?? "";
  switch (intent) {
    case "update":
      return updateForm(core, staff, "category", categoryId, key, values);
    case "delete":
      return submit(
        key,
        values,
        () => deleteTaxonomy(core, staff, "category", categoryId),
        () => redirect("/admin/categories?deleted=1"),
      );
    case "create-subcategory": {
      const checked = taxonomyCreateForm(key, values);
      if (!checked.ok) return checked.answer;
      return submit(
        key,
        values,
        () => createSubcategory(core, staff, { ...checked.data, category: categoryId }),
        (s) => `Subcategory '${s.name}' added.`,
      );
    }
    case "create-under": {
      const checked = taxonomyCreateForm(key, values);
      if (!checked.ok) return checked.answer;
      return submit(
        key,
        values,
        () => createUnderSubcategory(core, staff, { ...checked.data, subCategory: values.parent ?? "" }),
        (u) => `Under-subcategory '${u.name}' added.`,
      );
    }
  }
  const kind = KIND_OF_INTENT[intent];
  if (!kind) throw data({ message: "Unknown form." }, { status: 400 });
  if (intent.startsWith("update")) return updateForm(core, staff, kind, targetId, key, values);
  return submit(
    key,
    values,
    () => deleteTaxonomy(core, staff, kind, targetId),
    (gone) => `'${gone.name}' deleted.`,
  );
}

export async function brandAction(core: CoreContext, staff: Staff, form: FormData, brandId: string) {
  const values = formValues(form);
  const key = values.form ?? "";
  if (values.intent === "delete")
    return submit(
      key,
      values,
      () => deleteTaxonomy(core, staff, "brand", brandId),
      () => redirect("/admin/brands?deleted=1"),
    );
  return updateForm(core, staff, "brand", brandId, key, values);
}

function updateForm(
  core: CoreContext,
  staff: Staff,
  kind: TaxonomyKind,
  id: string,
  key: string,
  values: Record<string, string>,
) {
  const checked = taxonomyUpdateForm(key, values, kind === "brand");
  if (!checked.ok) return checked.answer;
  return submit(
    key,
    values,
    () => updateTaxonomy(core, staff, kind, id, checked.data),
    (r) => `Saved '${r.name}'.`,
  );
}
