import { redirect } from "react-router";
import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { ProductDetailsPage } from "#app/components/admin/products/product-details-page.tsx";
import { readProductForm, refusedSave } from "#app/components/admin/products/product-form-action.server.ts";
import { storedFormValues } from "#app/components/admin/products/product-form-values.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireStaffPage, staffForm } from "#app/lib/staff.server.ts";
import { archiveProduct, restoreProduct, updateProduct } from "#core/catalog/product-edits.ts";
import { readProductForStaff } from "#core/catalog/product-records.ts";
import { productFormChoices } from "#core/catalog/staff-product-list.ts";
import type { Route } from "./+types/admin.products.$productId";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.product.record.title ?? "Product"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core);
  const [product, choices] = await Promise.all([
    notFoundAs404(readProductForStaff(context.core, staff, params.productId)),
    productFormChoices(context.core, staff),
  ]);
  const saved = new URL(request.url).searchParams.get("saved");
  return { product, choices, values: storedFormValues(product), saved };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { staff, form } = await staffForm(request, context.core, "manager", context.publicUrl);
  const id = params.productId;
  const intent = form.get("intent");
  if (intent === "archive" || intent === "restore") {
    await notFoundAs404((intent === "archive" ? archiveProduct : restoreProduct)(context.core, staff, id));
    throw redirect(`/admin/products/${id}?saved=${intent === "archive" ? "archived" : "restored"}`);
  }
  const posted = readProductForm(form);
  if (!posted.save) return posted.answer;
  try {
    await updateProduct(context.core, staff, id, posted.record);
  } catch (error) {
    return refusedSave(error, posted.values, posted.rowOfSize);
  }
  throw redirect(`/admin/products/${id}?saved=updated`);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductDetailsPage
      product={loaderData.product}
      choices={loaderData.choices}
      values={actionData?.values ?? loaderData.values}
      errors={actionData?.errors}
      message={actionData?.message}
      saved={actionData ? null : loaderData.saved}
    />
  );
}
