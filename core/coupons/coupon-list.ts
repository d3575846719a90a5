import { type SQL, sql } from "drizzle-orm";
import type { CouponListQuery, CouponSortField, StaffCouponList } from "#contract/admin-coupons.ts";
import type { CoreContext } from "../context.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../staff/roles.ts";
import { couponStatusSql, type StaffCouponRow, staffCouponColumns, toStaffCoupon } from "./coupon-edits.ts";

// The staff's list of coupons (GET /coupons, /admin/coupons): searched by code, filtered by status,
// sorted and paged by the server (docs/decisions/038-back-office-pages.md). A shop has tens or
// hundreds of coupons, not millions: the search scans the table.

const SORT_COLUMNS: Record<CouponSortField, SQL> = {
  name: sql`code`,
  discount: sql`discount_percent`,
  start: sql`starts_at`,
  expire: sql`expires_at`,
  usedCount: sql`used_count`,
  createdAt: sql`created_at`,
};

/** `%` and `_` in a search are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listStaffCoupons(
  ctx: CoreContext,
  actor: Staff,
  query: CouponListQuery,
): Promise<StaffCouponList> {
  requireRole(actor, "manager");
  const now = ctx.now();
  const conditions: SQL[] = [sql`TRUE`];
  if (query.search) {
    conditions.push(sql`upper(code) LIKE ${`%${likeEscaped(query.search.toUpperCase())}%`}`);
  }
  if (query.status) conditions.push(sql`${couponStatusSql(now)} = ${query.status}`);
  const where = sql.join(conditions, sql` AND `);
  const keys = query.sort?.length ? query.sort : [{ field: "createdAt" as const, descending: true }];
  const order = sql.join(
    [
      ...keys.map(
        (k) => sql`${SORT_COLUMNS[k.field]} ${k.descending ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`}`,
      ),
      sql`id`,
    ],
    sql`, `,
  );
  const { total, rows } = await countedPage<StaffCouponRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM coupons WHERE ${where}`,
    sql`SELECT ${staffCouponColumns} FROM coupons WHERE ${where} ORDER BY ${order}
        LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return {
    results: rows.length,
    total,
    paginationResults: pagination(query, total),
    data: rows.map((row) => toStaffCoupon(row, now)),
  };
}
