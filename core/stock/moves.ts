import { sql } from "drizzle-orm";
import type { Executor } from "#db/client.ts";
import type { StockRef } from "./locks.ts";

/** A quantity of one item leaving or returning to the shelf. */
export interface StockMove extends StockRef {
  quantity: number;
}

/**
 * Takes stock off the shelf (negative `direction` puts it back). The caller has locked the rows
 * (lockStock, lockStockRows), so the updates wait for no one and their order does not matter.
 * `CHECK (stock >= 0)` on both tables refuses any move that would oversell, whatever the caller
 * checked before. The listing prices that follow stock are the catalogue's: a sale refreshes them
 * after its moves (core/orders/sales.ts), so stock/ never calls catalog/.
 */
export async function moveStock(db: Executor, moves: readonly StockMove[], direction: 1 | -1): Promise<void> {
  for (const move of moves) {
    const delta = move.quantity * direction;
    if (move.sizeId) {
      await db.execute(sql`UPDATE product_sizes SET stock = stock - ${delta} WHERE id = ${move.sizeId}`);
    } else {
      await db.execute(sql`UPDATE products SET stock = stock - ${delta} WHERE id = ${move.productId}`);
    }
  }
}
