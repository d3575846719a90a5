import { ordersCsvDownload } from "#app/lib/sales-reports.server.ts";
import type { Route } from "./+types/admin.orders[.]csv";

// The orders placed in a range (?from=&to=, UTC days) as a CSV download, for staff
// (docs/back-office/dashboard.md#csv-export).
export function loader({ request, context }: Route.LoaderArgs) {
  return ordersCsvDownload(request, context.core);
}
