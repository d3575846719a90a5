import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import { viewerOf } from "../accounts/customers.ts";
import type { CoreContext } from "../context.ts";

/**
 * How many lines the cart of a session token's customer holds, for the navigation bar's badge
 * (docs/storefront/README.md#navigation-bar): the number "Checkout (n)" shows, one line per item
 * and size (a line is a stock hold, docs/decisions/012-…). The token is judged as every public page
 * judges it (`viewerOf`: a bad or outdated token is a visitor, and its lookup is batched with the
 * page's own); no token or a bad one: null (a visitor has no cart).
 */
export async function cartCountFor(ctx: CoreContext, token: string | undefined): Promise<number | null> {
  const customerId = await viewerOf(ctx, token);
  if (!customerId) return null;
  const [row] = await queryRows<{ count: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS count FROM stock_holds WHERE customer_id = ${customerId}`,
  );
  return row?.count ?? 0;
}
