import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { csvLine, spreadsheetText } from "../shared/csv.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { addDays, dayStart, type SalesRange } from "./sales-range.ts";

// The orders of a range as a CSV file for a spreadsheet (docs/back-office/dashboard.md#csv-export):
// one row per order placed in the range (UTC days), whatever its status, oldest first. Read a page
// at a time, so a year of orders never sits in memory at once.

/** Orders per page read. */
export const ORDERS_CSV_PAGE_SIZE = 500;

export const ORDERS_CSV_HEADER = [
  "Order number",
  "Placed (UTC)",
  "Customer email",
  "Status",
  "Payment method",
  "Items",
  "Tax",
  "Shipping",
  "Discount",
  "Total",
  "Refunded",
  "Coupon",
] as const;

interface OrderCsvRow {
  number: number;
  placed: string;
  /** The keyset: created_at to the microsecond, as text PostgreSQL reads back exactly. */
  at_key: string;
  email: string;
  status: string;
  payment_method: string;
  items_cents: number;
  tax_cents: number;
  shipping_cents: number;
  discount_cents: number;
  total_after_discount_cents: number;
  refunded: string | number;
  coupon_code: string | null;
}

/** Cents as a spreadsheet reads an amount: `1234.50` (a point, two decimals, no currency). */
export function csvAmount(cents: number | string): string {
  const value = Number(cents);
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * One order as a row. The text a customer or staff member typed (the email, the coupon code) goes
 * through spreadsheetText, so a cell starting `=` stays text; numbers and our own words cannot start so.
 * `Refunded` is what refunds that succeeded gave back, as the dashboard counts it.
 */
export function orderCsvRow(row: OrderCsvRow): string {
  return csvLine([
    row.number,
    row.placed,
    spreadsheetText(row.email),
    row.status,
    row.payment_method,
    csvAmount(row.items_cents),
    csvAmount(row.tax_cents),
    csvAmount(row.shipping_cents),
    csvAmount(row.discount_cents),
    csvAmount(row.total_after_discount_cents),
    csvAmount(row.refunded),
    spreadsheetText(row.coupon_code),
  ]);
}

/** A page of the range's orders after the keyset `after` (created_at text, number). */
function readOrdersPage(
  db: Executor,
  range: SalesRange,
  after: { at: string; number: number } | null,
  pageSize: number,
) {
  return queryRows<OrderCsvRow>(
    db,
    sql`SELECT o.number, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS placed,
          to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_key,
          c.email, o.status, o.payment_method, o.items_cents, o.tax_cents, o.shipping_cents, o.discount_cents,
          o.total_after_discount_cents,
          coalesce((SELECT sum(r.amount_cents) FROM order_refunds r
                    WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)::bigint AS refunded,
          o.coupon_code
        FROM orders o JOIN customers c ON c.id = o.customer_id
        WHERE o.created_at >= ${ts(dayStart(range.from))} AND o.created_at < ${ts(dayStart(addDays(range.to, 1)))}
          ${after ? sql`AND (o.created_at, o.number) > (${after.at}::timestamptz, ${after.number})` : sql``}
        ORDER BY o.created_at, o.number
        LIMIT ${pageSize}`,
  );
}

/** The file in chunks: a byte-order mark and the header, then a chunk of rows per page read. */
export async function* ordersCsvChunks(
  db: Executor,
  range: SalesRange,
  pageSize = ORDERS_CSV_PAGE_SIZE,
): AsyncGenerator<string> {
  // The byte-order mark tells a spreadsheet the file is UTF-8 (an email or a code may not be ASCII).
  yield `\ufeff${csvLine([...ORDERS_CSV_HEADER])}`;
  let after: { at: string; number: number } | null = null;
  for (;;) {
    const rows = await readOrdersPage(db, range, after, pageSize);
    if (rows.length > 0) yield rows.map(orderCsvRow).join("");
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at_key, number: last.number };
  }
}

export interface OrdersCsvDownload {
  filename: string;
  contentType: string;
  chunks: AsyncGenerator<string>;
}

/**
 * The orders of a range as a CSV download for staff. It holds customers' emails, so each export is
 * audited (`orders.export`, with its range) when it starts, as the catalogue's is.
 */
export async function exportOrdersCsv(
  ctx: CoreContext,
  actor: Staff,
  range: SalesRange,
): Promise<OrdersCsvDownload> {
  requireRole(actor, "manager");
  await recordAudit(ctx.db, actor, {
    action: "orders.export",
    entity: "orders",
    entityId: `${range.from}..${range.to}`,
    before: null,
    after: { from: range.from, to: range.to, format: "csv" },
    at: ctx.now(),
  });
  return {
    filename: `orders-${range.from}-to-${range.to}.csv`,
    contentType: "text/csv; charset=utf-8",
    chunks: ordersCsvChunks(ctx.db, range),
  };
}
