import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { postWebhook } from "./webhook-http.ts";
import { openSigningSecret, signWebhook } from "./webhook-secrets.ts";
import { webhookUrlProblem } from "./webhook-url.ts";

// Delivering one queued webhook (the job queue's `webhook` worker, server/workers.ts;
// docs/integrations/webhooks.md#delivery). At least once: a delivery that gets no 2xx is retried
// with backoff by the queue, and one whose 2xx was lost (a crash before the mark) is sent again,
// with the same id and body, which the receiver recognises.

/**
 * The deadline of one attempt. Well under the job's expiry (60 s, server/adapters/job-queue.ts), so
 * an attempt has always ended before the queue takes its worker for dead and hands the job on.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of an answer is read: enough for the start of an error message, never a whole page. */
export const WEBHOOK_RESPONSE_BYTES = 1024;
/** How much of that the delivery keeps in `last_error`, for the back office. */
const ANSWER_EXCERPT = 200;

export const USER_AGENT = "shop-webhooks/1";

interface DeliveryToSend {
  id: string;
  endpoint_id: string;
  event: string;
  payload: unknown;
  status: "pending" | "delivered" | "failed";
  url: string;
  secret_sealed: string;
  disabled_at: Date | string | null;
}

/** An answer's start as one line of plain text (no NUL or control characters, which text columns refuse). */
const excerpt = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, ANSWER_EXCERPT);

function failureOf(status: number, body: string): string {
  const start = excerpt(body);
  const redirect = status >= 300 && status < 400 ? " (redirects are not followed)" : "";
  return `The endpoint answered ${status}${redirect}.${start ? ` ${start}` : ""}`;
}

/** Gives up on a delivery that can never be sent, without a retry: marked failed with the reason. */
async function drop(ctx: CoreContext, id: string, reason: string): Promise<void> {
  await ctx.db.execute(sql`UPDATE webhook_deliveries SET status = 'failed', last_error = ${reason}
    WHERE id = ${id} AND status = 'pending'`);
}

/**
 * Sends one delivery: a POST of its fixed JSON body, signed with the endpoint's secret as it is now.
 * A 2xx marks it delivered; anything else (another status, a redirect, no answer in time) is recorded
 * and thrown, so the queue retries it, and the last retry's failure marks it failed. A delivery
 * whose endpoint was deleted is gone with it; one whose endpoint is disabled, or whose URL the shop
 * no longer allows, is marked failed at once instead of retried.
 */
export async function deliverWebhook(
  ctx: CoreContext,
  id: string,
  attempt: { final: boolean },
): Promise<void> {
  const [row] = await queryRows<DeliveryToSend>(
    ctx.db,
    sql`SELECT d.id, d.endpoint_id, d.event, d.payload, d.status, e.url, e.secret_sealed, e.disabled_at
        FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = ${id}`,
  );
  if (row?.status !== "pending") return;
  if (row.disabled_at !== null) return drop(ctx, id, "Not sent: the endpoint was disabled.");
  const local = ctx.localWebhooks === true;
  const refused = webhookUrlProblem(row.url, { local });
  if (refused) return drop(ctx, id, `Not sent: ${refused}`);

  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  let status: number | null = null;
  let failure: string | null = null;
  try {
    const answer = await postWebhook({
      url: row.url,
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "x-shop-event": row.event,
        "x-shop-delivery": row.id,
        "x-shop-signature": signWebhook(
          openSigningSecret(ctx, row.endpoint_id, row.secret_sealed),
          timestamp,
          body,
        ),
      },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxResponseBytes: WEBHOOK_RESPONSE_BYTES,
      publicOnly: !local,
    });
    status = answer.status;
    if (status < 200 || status > 299) failure = failureOf(status, answer.bodyStart);
  } catch (error) {
    failure = error instanceof Error ? excerpt(error.message) || error.name : "The delivery failed.";
  }
  if (failure) {
    await ctx.db.execute(sql`UPDATE webhook_deliveries SET attempts = attempts + 1, last_status_code = ${status},
      last_error = ${failure}, status = ${attempt.final ? "failed" : "pending"} WHERE id = ${id} AND status = 'pending'`);
    throw new Error(failure);
  }
  await ctx.db.execute(sql`UPDATE webhook_deliveries SET attempts = attempts + 1, last_status_code = ${status},
    last_error = NULL, status = 'delivered', delivered_at = ${ts(ctx.now())} WHERE id = ${id}`);
}
