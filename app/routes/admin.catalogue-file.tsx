import { AdminErrorBoundary } from "#app/components/admin/admin-error.tsx";
import {
  importUploadedFile,
  newImportId,
} from "#app/components/admin/catalogue-file/catalogue-file.server.ts";
import { CatalogueFilePage } from "#app/components/admin/catalogue-file/catalogue-file-page.tsx";
import { requireStaffPage } from "#app/lib/staff.server.ts";
import type { Route } from "./+types/admin.catalogue-file";

// Import and export the catalogue file (docs/back-office/import-export.md).
export const meta: Route.MetaFunction = () => [
  { title: "Import & export — back office" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context.core, "manager");
  return { importId: newImportId() };
}

export function action({ request, context }: Route.ActionArgs) {
  return importUploadedFile(request, context.core, context.publicUrl);
}

export { AdminErrorBoundary as ErrorBoundary };

export default function AdminCatalogueFile({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogueFilePage importId={loaderData.importId} outcome={actionData} />;
}
