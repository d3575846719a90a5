import { sql } from "drizzle-orm";
import type { Executor } from "#db/client.ts";
import { refreshListingPrices } from "../catalog/listing.ts";
import { refreshSearchPostings } from "../catalog/search-postings.ts";
import { moveStock, type StockMove } from "../stock/moves.ts";

// What an order's sale (or its undoing) does beyond its own rows: the stock moves (core/stock/) and
// the catalogue figures that follow them (listing prices, sold counts, search postings). The
// composition lives here so that stock/ stays below catalog/ (catalog reads availability from it).

/**
 * Moves an order's items off the shelf (negative `direction` puts them back), the caller holding
 * their stock locks, and refreshes the listing prices the moves may change.
 */
export async function moveOrderStock(
  db: Executor,
  moves: readonly StockMove[],
  direction: 1 | -1,
): Promise<void> {
  await moveStock(db, moves, direction);
  // A size that ran out (or came back) can change the price a listing shows.
  await refreshListingPrices(db, [...new Set(moves.filter((m) => m.sizeId).map((m) => m.productId))]);
}

/** Counts units as sold (or un-sold): the best-seller order and the search postings follow. */
export async function countSold(db: Executor, moves: readonly StockMove[], direction: 1 | -1): Promise<void> {
  const perProduct = new Map<string, number>();
  for (const m of moves) perProduct.set(m.productId, (perProduct.get(m.productId) ?? 0) + m.quantity);
  const ids = [...perProduct.keys()].sort();
  for (const id of ids) {
    await db.execute(
      sql`UPDATE products SET sold = GREATEST(0, sold + ${perProduct.get(id)! * direction}) WHERE id = ${id}`,
    );
  }
  await refreshSearchPostings(db, ids);
}
