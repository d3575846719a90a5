import { type SQL, sql } from "drizzle-orm";
import type { AuditEntryView, AuditListQuery } from "#contract/admin-staff.ts";
import type { PaginationResults } from "#contract/catalog.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole } from "../shared/staff-roles.ts";

export type { AuditEntryView } from "#contract/admin-staff.ts";

/**
 * Who reads the log: a `Staff` fits; the role is checked with core/shared/staff-roles.ts (core/staff
 * writes through this folder, so this folder does not import it back).
 */
export interface AuditReader {
  id: string;
  email: string;
  role: string;
}

interface AuditRow {
  id: number;
  at: Date | string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
}

const COLUMNS = sql`id, at, actor_id, actor_email, action, entity, entity_id, before, after`;

/** jsonb arrives parsed from node-postgres and PGlite alike; a string is parsed in case a driver does not. */
const json = (value: unknown) => {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

function view(row: AuditRow): AuditEntryView {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: json(row.before),
    after: json(row.after),
  };
}

/** `%`, `_` and `\` typed in a filter mean themselves in ILIKE. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtersOf(query: Omit<AuditListQuery, "page" | "limit">): SQL {
  const where: SQL[] = [sql`true`];
  if (query.entity) where.push(sql`entity = ${query.entity}`);
  if (query.entityId) where.push(sql`entity_id = ${query.entityId}`);
  // `product` finds every product action; `product.update` just that one.
  if (query.action)
    where.push(
      query.action.includes(".")
        ? sql`action = ${query.action}`
        : sql`(action = ${query.action} OR action LIKE ${`${likeEscaped(query.action)}.%`})`,
    );
  // An actor is named by email (part of it) or by account id.
  if (query.actor)
    where.push(sql`(actor_id = ${query.actor} OR actor_email ILIKE ${`%${likeEscaped(query.actor)}%`})`);
  if (query.from) where.push(sql`at >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  if (query.to) where.push(sql`at < (${`${query.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return sql.join(where, sql` AND `);
}

export interface AuditPage {
  data: AuditEntryView[];
  total: number;
  paginationResults: PaginationResults;
}

/** The audit log, newest first, filtered (GET /audit, /admin/audit): an admin's. */
export async function listAuditEntries(
  ctx: CoreContext,
  actor: AuditReader,
  query: AuditListQuery,
): Promise<AuditPage> {
  requireRole(actor, "admin");
  const where = filtersOf(query);
  const { total, rows } = await countedPage<AuditRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM audit_log WHERE ${where}`,
    sql`SELECT ${COLUMNS} FROM audit_log WHERE ${where}
        ORDER BY at DESC, id DESC LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return { data: rows.map(view), total, paginationResults: pagination(query, total) };
}

/** How many of a record's entries its own page shows; the full log (admins) has the rest. */
export const TRAIL_LIMIT = 100;

/**
 * One record's history, newest first (a product's History tab, a coupon's page): a manager may
 * read the trail of what they may change.
 */
export async function auditTrailOf(
  ctx: CoreContext,
  actor: AuditReader,
  entity: string,
  entityId: string,
  limit = TRAIL_LIMIT,
): Promise<AuditEntryView[]> {
  requireRole(actor, "manager");
  const rows = await queryRows<AuditRow>(
    ctx.db,
    sql`SELECT ${COLUMNS} FROM audit_log WHERE entity = ${entity} AND entity_id = ${entityId}
        ORDER BY at DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map(view);
}

/** A product's History tab: its title (archived or not) and its trail. */
export async function productHistory(
  ctx: CoreContext,
  actor: AuditReader,
  productId: string,
): Promise<{ title: string; entries: AuditEntryView[] }> {
  requireRole(actor, "manager");
  const [product] = await queryRows<{ title: string }>(
    ctx.db,
    sql`SELECT title FROM products WHERE id = ${productId}`,
  );
  if (!product) throw notFound("There is no product with this id.");
  return { title: product.title, entries: await auditTrailOf(ctx, actor, "product", productId) };
}
