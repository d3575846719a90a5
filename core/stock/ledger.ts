import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { StockRef } from "./locks.ts";

/** Why on-hand stock changed outside a sale: staff's reasons, and the stock a product was created with. */
export type LedgerReason = "restock" | "count" | "damage" | "initial";

export interface LedgerLine extends StockRef {
  /** The size's label as it was (the ledger keeps naming it if the size is removed); null without sizes. */
  size: string | null;
  delta: number;
  stockAfter: number;
  reason: LedgerReason;
  note: string | null;
  /** The staff member who made the change; null for the command line or an import. */
  actorId: string | null;
  at: Date;
}

/**
 * Appends one line to `stock_ledger` (docs/back-office/stock.md): called in the transaction that
 * changes the stock, under its row lock, so the ledger and the shelf commit together and the lines
 * of one size follow each other as the changes did. Sales and cancellations are not written here:
 * the orders are their record. Returns the line's id.
 */
export async function appendStockLedger(db: Executor, line: LedgerLine): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO stock_ledger (product_id, product_size_id, size, delta, stock_after, reason, note, actor_id, created_at)
        VALUES (${line.productId}, ${line.sizeId}, ${line.size}, ${line.delta}, ${line.stockAfter}, ${line.reason},
                ${line.note}, ${line.actorId}, ${ts(line.at)})
        RETURNING id`,
  );
  return row!.id;
}
