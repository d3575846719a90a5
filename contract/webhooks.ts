import { z } from "zod";
import { messageResponse, trimmedText } from "./accounts.ts";
import { listResponse } from "./catalog.ts";
import { ID_PATTERN, one, pageParams } from "./query.ts";

// Webhooks out for integrators (docs/integrations/webhooks.md): the bodies and answers of the admins'
// /webhook-endpoints API, also read by the /admin/webhooks pages' forms. Which URLs are allowed
// (https, public addresses) is core's to decide (core/webhooks/webhook-url.ts): it depends on where
// the shop runs.

/**
 * The order events an endpoint may subscribe to: the workflow's events (core/shared/order-event.ts:
 * ORDER_EVENT_TYPES holds the same list; contract imports no core, and a unit test keeps the two
 * equal).
 */
export const WEBHOOK_EVENT_TYPES = [
  "order.placed",
  "order.paid",
  "order.processing",
  "order.shipped",
  "order.delivered",
  "order.cancelled",
  "order.returned",
  "order.refunded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, as the back office's event choices and the docs read it. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "order.placed": "An order is placed",
  "order.paid": "A card payment is confirmed",
  "order.processing": "An order is being prepared",
  "order.shipped": "An order is shipped",
  "order.delivered": "An order is delivered (for cash on delivery: collected)",
  "order.cancelled": "An order is cancelled",
  "order.returned": "An order is returned",
  "order.refunded": "A refund is made",
};

/** Subscribes to every event, including those a later version of the shop adds. */
export const ALL_WEBHOOK_EVENTS = "*";
/** The event a "Send test event" delivers, whatever the subscription. */
export const PING_EVENT = "ping";

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const URL_REQUIRED = "URL is required.";
export const URL_SHAPE = "URL must be a full address starting with https://.";
export const EVENTS_REQUIRED = "Choose at least one event.";
const eventsMessage = `Events must be order events from the list (${WEBHOOK_EVENT_TYPES.join(", ")}), or ${ALL_WEBHOOK_EVENTS} for all.`;

/** An absolute http(s) URL; core adds where it may point. */
export const webhookUrl = trimmedText(
  z
    .string({ message: URL_SHAPE })
    .min(1, { message: URL_REQUIRED, abort: true })
    .max(WEBHOOK_URL_MAX, { message: `URL must be at most ${WEBHOOK_URL_MAX} characters.`, abort: true })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: URL_SHAPE,
    }),
);

const description = trimmedText(
  z
    .string({ message: `Description must be text of at most ${WEBHOOK_DESCRIPTION_MAX} characters.` })
    .max(WEBHOOK_DESCRIPTION_MAX, {
      message: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters.`,
    }),
);

/**
 * The events an endpoint receives: `["*"]` for all, or some of WEBHOOK_EVENT_TYPES. Repeats are
 * dropped, and a list holding `*` is all.
 */
export const webhookEvents = z
  .array(z.enum([ALL_WEBHOOK_EVENTS, ...WEBHOOK_EVENT_TYPES], { message: eventsMessage }), {
    message: eventsMessage,
  })
  .min(1, { message: EVENTS_REQUIRED })
  .max(WEBHOOK_EVENT_TYPES.length + 1, { message: eventsMessage })
  .transform((events) =>
    events.includes(ALL_WEBHOOK_EVENTS)
      ? [ALL_WEBHOOK_EVENTS]
      : WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)),
  );
export type WebhookEvents = z.output<typeof webhookEvents>;

/** POST /webhook-endpoints: without `events`, every event. */
export const createWebhookEndpointBody = z.object({
  url: webhookUrl,
  description,
  events: webhookEvents.default([ALL_WEBHOOK_EVENTS]),
});
export type CreateWebhookEndpointBody = z.output<typeof createWebhookEndpointBody>;

/** PATCH /webhook-endpoints/{id}: what is sent changes, the rest stays. */
export const updateWebhookEndpointBody = z.object({
  url: webhookUrl.optional(),
  description: description.optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean({ message: "enabled must be true or false." }).optional(),
});
export type UpdateWebhookEndpointBody = z.output<typeof updateWebhookEndpointBody>;

/** /webhook-endpoints/{id} */
export const webhookEndpointParams = z.object({
  id: z.string().regex(ID_PATTERN, { message: "id must be a 24-character id" }),
});

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** GET /webhook-endpoints */
export const webhookEndpointListQuery = z.object({ page: pageParams.page, limit: pageParams.limit });
export type WebhookEndpointListQuery = z.output<typeof webhookEndpointListQuery>;

/** GET /webhook-endpoints/{id}/deliveries: newest first, optionally of one status. */
export const webhookDeliveryListQuery = z.object({
  page: pageParams.page,
  limit: pageParams.limit,
  status: one(
    "status",
    z.enum(WEBHOOK_DELIVERY_STATUSES, {
      message: `status is one of ${WEBHOOK_DELIVERY_STATUSES.join(", ")}`,
    }),
  ).optional(),
});
export type WebhookDeliveryListQuery = z.output<typeof webhookDeliveryListQuery>;

// ---- Answers ----

export const webhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z
    .array(z.enum([ALL_WEBHOOK_EVENTS, ...WEBHOOK_EVENT_TYPES]))
    .describe('`["*"]` for every event, else the events subscribed to'),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  pendingDeliveries: z.number().int().describe("Deliveries queued or being retried"),
  failedDeliveries: z.number().int().describe("Deliveries given up on after the last retry"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointResponse = z.object({ data: webhookEndpoint });
export const webhookEndpointListResponse = listResponse(webhookEndpoint).extend({ total: z.number().int() });
/** POST /webhook-endpoints and POST …/rotate-secret: the signing secret, shown this once. */
export const webhookSecretResponse = z.object({
  data: webhookEndpoint,
  secret: z
    .string()
    .describe("The signing secret (`whsec_…`). Shown only in this answer: keep it; it is stored sealed."),
});

export const webhookDelivery = z.object({
  _id: z.string().describe("The delivery's id: the `x-shop-delivery` header and the payload's `id`"),
  event: z.string(),
  orderId: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable().describe("The endpoint's last HTTP status, if it answered"),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryResponse = z.object({ data: webhookDelivery });
export const webhookDeliveryListResponse = listResponse(webhookDelivery).extend({ total: z.number().int() });
export const webhookDeletedResponse = messageResponse;
