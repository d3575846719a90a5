import { catalogueDownload } from "#app/components/admin/catalogue-file/catalogue-file.server.ts";
import type { Route } from "./+types/admin.catalogue-file.export[.]json";

// The whole catalogue as the JSON import file, streamed as a download (staff only).
export function loader({ request, context }: Route.LoaderArgs) {
  return catalogueDownload(request, context.core, "json");
}
