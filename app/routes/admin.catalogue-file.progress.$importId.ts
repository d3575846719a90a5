import { importProgressAnswer } from "#app/components/admin/catalogue-file/catalogue-file.server.ts";
import type { Route } from "./+types/admin.catalogue-file.progress.$importId";

// How far an import of this session has come, polled by the page's progress bar.
export function loader({ request, params }: Route.LoaderArgs) {
  return importProgressAnswer(request, params.importId);
}
