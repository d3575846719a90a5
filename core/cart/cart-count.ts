import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import { verifyToken } from "../accounts/tokens.ts";
import type { CoreContext } from "../context.ts";

/**
 * How many lines the cart of a session token's customer holds, for the navigation bar's badge
 * (docs/storefront/README.md#navigation-bar): the number "Checkout (n)" shows, one line per item
 * and size. Every page's root loader asks, so it is one small query: the token's signature is checked
 * in memory, and the query both checks the token's version (a token older than a password change
 * counts as none) and counts the customer's lines (a line is a stock hold, docs/decisions/012-…).
 * No token or a bad one: null (a visitor has no cart).
 */
export async function cartCountFor(ctx: CoreContext, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const verified = verifyToken(ctx, "session", token);
  if (!verified.ok) return null;
  const [row] = await queryRows<{ count: number }>(
    ctx.db,
    sql`SELECT (SELECT count(*)::int FROM stock_holds h WHERE h.customer_id = c.id) AS count
        FROM customers c WHERE c.id = ${verified.claims.sub} AND c.token_version = ${Number(verified.claims.ver)}`,
  );
  return row ? row.count : null;
}
