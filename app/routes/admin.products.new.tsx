import { redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { AdminPageHeader } from "#app/components/admin/admin-layout.tsx";
import { ProductForm } from "#app/components/admin/products/product-form.tsx";
import { readProductForm, refusedSave } from "#app/components/admin/products/product-form-action.server.ts";
import { emptyFormValues } from "#app/components/admin/products/product-form-values.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { createProduct } from "#core/catalog/product-edits.ts";
import { productFormChoices } from "#core/catalog/staff-product-list.ts";
import type { Route } from "./+types/admin.products.new";

export const meta: Route.MetaFunction = () => [
  { title: "New product — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const choices = await productFormChoices(context.core, staff);
  return { choices, values: emptyFormValues(choices.categories[0]?.slug ?? "") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const posted = readProductForm(form);
  if (!posted.save) return posted.answer;
  let id: string;
  try {
    id = await createProduct(context.core, staff, posted.record);
  } catch (error) {
    return refusedSave(error, posted.values, posted.rowOfSize);
  }
  throw redirect(`/admin/products/${id}?saved=created`);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminNewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.values;
  return (
    <>
      <AdminPageHeader title="New product" />
      <ProductForm
        key={JSON.stringify(values)}
        values={values}
        choices={loaderData.choices}
        errors={actionData?.errors}
        message={actionData?.message}
      />
    </>
  );
}
