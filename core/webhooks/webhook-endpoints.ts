import { type SQL, sql } from "drizzle-orm";
import type { PaginationResults } from "#contract/catalog.ts";
import type {
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookEndpoint,
  WebhookEndpointListQuery,
} from "#contract/webhooks.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { ID_PATTERN, newId } from "#db/ids.ts";
import { ts } from "#db/sql.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { conflict, invalidField, notFound } from "../errors.ts";
import { countedPage, pageOffset, pagination } from "../shared/pages.ts";
import { requireRole, type Staff } from "../shared/staff-roles.ts";
import { DELIVERY_COLUMNS, type DeliveryRow, deliveryView, queueTestDelivery } from "./webhook-deliveries.ts";
import { newSigningSecret, sealSigningSecret } from "./webhook-secrets.ts";
import { webhookUrlProblem } from "./webhook-url.ts";

// The webhook endpoints integrators' receivers listen on (docs/integrations/webhooks.md), managed by
// admins only (docs/decisions/052-webhooks.md: an endpoint receives every order with its customer's
// name, address and phone, and decides where the shop's server sends requests). Every write checks
// the role, locks the endpoint's row and is audited in its transaction; the signing secret is
// generated here, returned once, and kept only sealed.

export const NO_SUCH_ENDPOINT = "There is no webhook endpoint with this id.";
export const ENABLE_FIRST = "This endpoint is disabled: enable it to send it a test event.";

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: string[];
  disabled_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  pending: number;
  failed: number;
}

const ENDPOINT_COLUMNS = sql`e.id, e.url, e.description, e.events, e.disabled_at, e.created_at, e.updated_at,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'pending') AS pending,
  (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status = 'failed') AS failed`;

const iso = (value: Date | string) => new Date(value).toISOString();

function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint["events"],
    enabled: row.disabled_at === null,
    disabledAt: row.disabled_at ? iso(row.disabled_at) : null,
    pendingDeliveries: row.pending,
    failedDeliveries: row.failed,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the audit log keeps of an endpoint: what an admin set, never the secret. */
const audited = (row: Pick<EndpointRow, "url" | "description" | "events" | "disabled_at">) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.disabled_at === null,
});

/** The events as one text[] parameter (drizzle would spread a plain array into a list). */
const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** Refuses a URL the shop may not send to (core decides: it depends on where the shop runs). */
function checkUrl(ctx: CoreContext, url: string): void {
  const problem = webhookUrlProblem(url, { local: ctx.localWebhooks === true });
  if (problem) throw invalidField("url", problem);
}

async function selectEndpoint(db: Executor, id: string, lock: SQL = sql``): Promise<EndpointRow> {
  if (!ID_PATTERN.test(id)) throw notFound(NO_SUCH_ENDPOINT);
  const [row] = await queryRows<EndpointRow>(
    db,
    sql`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = ${id} ${lock}`,
  );
  if (!row) throw notFound(NO_SUCH_ENDPOINT);
  return row;
}

export interface WebhookEndpointPage {
  data: WebhookEndpoint[];
  total: number;
  paginationResults: PaginationResults;
}

/** The endpoints, newest first (GET /webhook-endpoints, /admin/webhooks). */
export async function listWebhookEndpoints(
  ctx: CoreContext,
  actor: Staff,
  query: WebhookEndpointListQuery,
): Promise<WebhookEndpointPage> {
  requireRole(actor, "admin");
  const { total, rows } = await countedPage<EndpointRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM webhook_endpoints`,
    sql`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e ORDER BY e.created_at DESC, e.id
        LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return { data: rows.map(endpointView), total, paginationResults: pagination(query, total) };
}

export async function getWebhookEndpoint(
  ctx: CoreContext,
  actor: Staff,
  id: string,
): Promise<WebhookEndpoint> {
  requireRole(actor, "admin");
  return endpointView(await selectEndpoint(ctx.db, id));
}

/** An endpoint with the secret it signs with: the only time the secret leaves core. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** Registers an endpoint (POST /webhook-endpoints), enabled, with a new signing secret. */
export async function createWebhookEndpoint(
  ctx: CoreContext,
  actor: Staff,
  input: CreateWebhookEndpointBody,
): Promise<EndpointWithSecret> {
  requireRole(actor, "admin");
  checkUrl(ctx, input.url);
  const id = newId();
  const secret = newSigningSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO webhook_endpoints (id, url, description, secret_sealed, events, created_by, created_at, updated_at)
      VALUES (${id}, ${input.url}, ${input.description}, ${sealSigningSecret(ctx, id, secret)}, ${textArray(input.events)},
        ${actor.id}, ${ts(now)}, ${ts(now)})`);
    const created = await selectEndpoint(tx, id);
    await recordAudit(tx, actor, {
      action: "webhook.create",
      entity: "webhook",
      entityId: id,
      before: null,
      after: audited(created),
      at: now,
    });
    return created;
  });
  return { endpoint: endpointView(row), secret };
}

/**
 * Changes what is given (PATCH /webhook-endpoints/{id}): URL, description, events, enabled. A
 * disabled endpoint is sent nothing new, and what it had queued is dropped when its turn comes
 * (webhook-sender.ts). Nothing given, or nothing different, changes nothing and is not audited.
 */
export async function updateWebhookEndpoint(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  patch: UpdateWebhookEndpointBody,
): Promise<WebhookEndpoint> {
  requireRole(actor, "admin");
  if (patch.url !== undefined) checkUrl(ctx, patch.url);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await selectEndpoint(tx, id, sql`FOR UPDATE OF e`);
    const before = audited(locked);
    const after = {
      url: patch.url ?? before.url,
      description: patch.description ?? before.description,
      events: patch.events ?? before.events,
      enabled: patch.enabled ?? before.enabled,
    };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
      (field) => JSON.stringify(after[field]) !== JSON.stringify(before[field]),
    );
    if (changed.length === 0) return locked;
    const disabledAt = after.enabled ? null : before.enabled ? now : new Date(locked.disabled_at!);
    await tx.execute(sql`UPDATE webhook_endpoints SET url = ${after.url}, description = ${after.description},
      events = ${textArray(after.events)}, disabled_at = ${disabledAt ? ts(disabledAt) : null},
      updated_at = ${ts(now)} WHERE id = ${id}`);
    const toggled = changed.length === 1 && changed[0] === "enabled";
    await recordAudit(tx, actor, {
      action: toggled ? (after.enabled ? "webhook.enable" : "webhook.disable") : "webhook.update",
      entity: "webhook",
      entityId: id,
      before,
      after,
      at: now,
    });
    return selectEndpoint(tx, id);
  });
  return endpointView(row);
}

/**
 * A new signing secret (POST /webhook-endpoints/{id}/rotate-secret), in force at once: every
 * delivery from now on, retries of older ones included, is signed with it.
 */
export async function rotateWebhookSecret(
  ctx: CoreContext,
  actor: Staff,
  id: string,
): Promise<EndpointWithSecret> {
  requireRole(actor, "admin");
  const secret = newSigningSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await selectEndpoint(tx, id, sql`FOR UPDATE OF e`);
    await tx.execute(sql`UPDATE webhook_endpoints SET secret_sealed = ${sealSigningSecret(ctx, id, secret)},
      updated_at = ${ts(now)} WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: "webhook.rotate",
      entity: "webhook",
      entityId: id,
      before: { url: before.url, signingSecret: "previous" },
      after: { url: before.url, signingSecret: "replaced" },
      at: now,
    });
    return selectEndpoint(tx, id);
  });
  return { endpoint: endpointView(row), secret };
}

/** Deletes an endpoint and its deliveries (DELETE /webhook-endpoints/{id}); queued jobs find nothing to send. */
export async function deleteWebhookEndpoint(
  ctx: CoreContext,
  actor: Staff,
  id: string,
): Promise<WebhookEndpoint> {
  requireRole(actor, "admin");
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await selectEndpoint(tx, id, sql`FOR UPDATE OF e`);
    await tx.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${id}`);
    await recordAudit(tx, actor, {
      action: "webhook.delete",
      entity: "webhook",
      entityId: id,
      before: audited(before),
      after: null,
      at: now,
    });
    return before;
  });
  return endpointView(row);
}

/**
 * Queues a `ping` to the endpoint (POST /webhook-endpoints/{id}/ping, "Send test event"), signed
 * and retried like any delivery, so an integrator can check their receiver end to end.
 */
export async function sendTestWebhook(ctx: CoreContext, actor: Staff, id: string): Promise<WebhookDelivery> {
  requireRole(actor, "admin");
  const now = ctx.now();
  const delivery = await ctx.db.transaction(async (tx) => {
    const endpoint = await selectEndpoint(tx, id, sql`FOR UPDATE OF e`);
    if (endpoint.disabled_at !== null) throw conflict(ENABLE_FIRST);
    const row = await queueTestDelivery(tx, ctx, endpoint);
    await recordAudit(tx, actor, {
      action: "webhook.ping",
      entity: "webhook",
      entityId: id,
      before: null,
      after: { event: row.event, delivery: row.id },
      at: now,
    });
    return row;
  });
  return deliveryView(delivery);
}

export interface WebhookDeliveryPage {
  data: WebhookDelivery[];
  total: number;
  paginationResults: PaginationResults;
}

/** An endpoint's deliveries, newest first (GET /webhook-endpoints/{id}/deliveries, its page). */
export async function listWebhookDeliveries(
  ctx: CoreContext,
  actor: Staff,
  id: string,
  query: WebhookDeliveryListQuery,
): Promise<WebhookDeliveryPage> {
  requireRole(actor, "admin");
  await selectEndpoint(ctx.db, id);
  const where = sql`endpoint_id = ${id} ${query.status ? sql`AND status = ${query.status}` : sql``}`;
  const { total, rows } = await countedPage<DeliveryRow>(
    ctx.db,
    sql`SELECT count(*)::int AS total FROM webhook_deliveries WHERE ${where}`,
    sql`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT ${query.limit} OFFSET ${pageOffset(query)}`,
  );
  return { data: rows.map(deliveryView), total, paginationResults: pagination(query, total) };
}
