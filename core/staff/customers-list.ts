import { type SQL, sql } from "drizzle-orm";
import type { CustomerListItem, CustomerListQuery } from "#contract/admin-staff.ts";
import type { PaginationResults } from "#contract/catalog.ts";
import type { CoreContext } from "../context.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "./roles.ts";
import { nameOrEmailMatches } from "./staff-management.ts";

// The customers list of the back office (GET /customers, /admin/customers): read-only, for managers
// (docs/back-office/staff.md#customers). Staff accounts are on the staff list, not here.

interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  email_verified: boolean;
  phone_numbers: number;
  orders: number;
  created_at: Date | string;
}

const CUSTOMER_ORDER: Record<string, SQL> = {
  email: sql`lower(c.email) ASC, c.id`,
  "-email": sql`lower(c.email) DESC, c.id`,
  name: sql`lower(c.last_name) ASC, lower(c.first_name) ASC, c.id`,
  "-name": sql`lower(c.last_name) DESC, lower(c.first_name) DESC, c.id`,
  orders: sql`orders ASC, c.created_at DESC, c.id`,
  "-orders": sql`orders DESC, c.created_at DESC, c.id`,
  createdAt: sql`c.created_at ASC, c.id`,
  "-createdAt": sql`c.created_at DESC, c.id`,
};

export interface CustomerPage {
  data: CustomerListItem[];
  total: number;
  paginationResults: PaginationResults;
}

/** Customers, a page at a time, searched by email or name. */
export async function listCustomers(
  ctx: CoreContext,
  actor: Staff,
  query: CustomerListQuery,
): Promise<CustomerPage> {
  requireRole(actor, "manager");
  const where = sql`role = 'customer' AND ${nameOrEmailMatches(query.q)}`;
  // The counts are subqueries per row: for the page's rows only, unless the page sorts by orders.
  const { total, rows } = await countedPage<CustomerRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM customers WHERE ${where}`,
    sql`SELECT c.id, c.email, c.first_name, c.last_name, c.email_verified_at IS NOT NULL AS email_verified,
               c.created_at,
               (SELECT count(*)::int FROM customer_phone_numbers p WHERE p.customer_id = c.id) AS phone_numbers,
               (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS orders
          FROM customers c WHERE ${where}
         ORDER BY ${CUSTOMER_ORDER[query.sort] ?? CUSTOMER_ORDER["-createdAt"]}
         LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return {
    data: rows.map((row) => ({
      _id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      emailVerified: Boolean(row.email_verified),
      phoneNumbers: Number(row.phone_numbers),
      orders: Number(row.orders),
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total,
    paginationResults: pagination(query, total),
  };
}
