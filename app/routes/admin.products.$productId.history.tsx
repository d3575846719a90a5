import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import { AdminPageHeader } from "#app/components/admin/admin-layout.tsx";
import { AuditTrail } from "#app/components/admin/audit-trail.tsx";
import { ProductTabs } from "#app/components/admin/product-tabs.tsx";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import { productHistory, TRAIL_LIMIT } from "#core/audit/audit-query.ts";
import type { Route } from "./+types/admin.products.$productId.history";

// A product's History tab (docs/back-office/staff.md#audit-log): its audit trail, newest first.

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `History of ${data?.title ?? "a product"} — back office` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context.core, "manager");
  const history = await notFoundAs404(productHistory(context.core, staff, params.productId));
  // The limit travels with the data: the page's browser code must not import core.
  return { ...history, productId: params.productId, limit: TRAIL_LIMIT };
}

export { AdminErrorBoundary as ErrorBoundary };

export default function ProductHistory({ loaderData }: Route.ComponentProps) {
  const { title, entries, productId, limit } = loaderData;
  return (
    <>
      <AdminPageHeader title={title} />
      <ProductTabs productId={productId} />
      <h2 className="mb-3 font-semibold text-lg">History</h2>
      <AuditTrail entries={entries} />
      {entries.length === limit && (
        <p className="mt-3 text-gray-600 text-sm dark:text-gray-400">
          The latest {limit} changes; an admin finds older ones in the audit log.
        </p>
      )}
    </>
  );
}
