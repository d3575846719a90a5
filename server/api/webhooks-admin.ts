import type { Context } from "hono";
import {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDeletedResponse,
  webhookDeliveryListQuery,
  webhookDeliveryListResponse,
  webhookDeliveryResponse,
  webhookEndpointListQuery,
  webhookEndpointListResponse,
  webhookEndpointParams,
  webhookEndpointResponse,
  webhookSecretResponse,
} from "#contract/webhooks.ts";
import type { Staff } from "#core/staff/roles.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from "#core/webhooks/webhook-endpoints.ts";
import { defineOperation } from "./operation.ts";

// Webhook endpoints for integrators (docs/integrations/webhooks.md#api): admins only
// (docs/decisions/052-webhooks.md). The role is checked at the door and again in core.

const actor = (c: Context) => c.get("staff") as Staff;
const page = <T extends { data: unknown[] }>(answer: T) => ({ results: answer.data.length, ...answer });

const URL_RULES =
  '`url` must be https:// (outside production also http:// to this machine: localhost, 127.0.0.1, [::1]); in production it must not name a private, loopback or link-local address, and a host name resolving to one is refused when a delivery connects. `description` is optional (at most 200 characters). `events` is `["*"]` for every event (the default) or a list of `order.placed`, `order.paid`, `order.processing`, `order.shipped`, `order.delivered`, `order.cancelled`, `order.returned`, `order.refunded`.';
const NO_ENDPOINT = "No webhook endpoint has this id.";

export const webhookAdminOperations = [
  defineOperation(
    {
      method: "get",
      path: "/webhook-endpoints",
      summary: "List webhook endpoints (admin)",
      description:
        "Newest first, with how many deliveries each has pending and failed. The secrets are never listed.",
      access: "admin",
      query: webhookEndpointListQuery,
      ok: { status: "200", description: "A page of endpoints.", schema: webhookEndpointListResponse },
    },
    async (c, { query }, { ctx }) => c.json(page(await listWebhookEndpoints(ctx, actor(c), query))),
  ),
  defineOperation(
    {
      method: "post",
      path: "/webhook-endpoints",
      summary: "Register a webhook endpoint (admin)",
      description: `${URL_RULES} The answer carries the signing secret (\`whsec_…\`): this once only. Audited as \`webhook.create\`.`,
      access: "admin",
      body: createWebhookEndpointBody,
      ok: {
        status: "201",
        description: "The endpoint and its signing secret.",
        schema: webhookSecretResponse,
      },
    },
    async (c, { body }, { ctx }) => {
      const { endpoint, secret } = await createWebhookEndpoint(ctx, actor(c), body);
      return c.json({ data: endpoint, secret }, 201);
    },
  ),
  defineOperation(
    {
      method: "patch",
      path: "/webhook-endpoints/{id}",
      summary: "Change a webhook endpoint (admin)",
      description: `Any of \`url\`, \`description\`, \`events\`, \`enabled\`; what is left out stays. ${URL_RULES} A disabled endpoint is sent nothing, and its queued deliveries are dropped (marked failed). Audited as \`webhook.update\`, \`webhook.disable\` or \`webhook.enable\`.`,
      access: "admin",
      params: webhookEndpointParams,
      body: updateWebhookEndpointBody,
      ok: { status: "200", description: "The endpoint as it now is.", schema: webhookEndpointResponse },
      fails: { "404": NO_ENDPOINT },
    },
    async (c, { params, body }, { ctx }) =>
      c.json({ data: await updateWebhookEndpoint(ctx, actor(c), params.id, body) }),
  ),
  defineOperation(
    {
      method: "delete",
      path: "/webhook-endpoints/{id}",
      summary: "Delete a webhook endpoint (admin)",
      description: "With its deliveries: queued ones are not sent. Audited as `webhook.delete`.",
      access: "admin",
      params: webhookEndpointParams,
      ok: { status: "200", description: "Deleted.", schema: webhookDeletedResponse },
      fails: { "404": NO_ENDPOINT },
    },
    async (c, { params }, { ctx }) => {
      await deleteWebhookEndpoint(ctx, actor(c), params.id);
      return c.json({ status: "Success", message: "Webhook endpoint deleted." });
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/webhook-endpoints/{id}/rotate-secret",
      summary: "Replace a webhook endpoint's signing secret (admin)",
      description:
        "The new secret signs every delivery from now on, retries of older ones included; the answer carries it, this once only. Audited as `webhook.rotate`.",
      access: "admin",
      params: webhookEndpointParams,
      ok: {
        status: "200",
        description: "The endpoint and its new signing secret.",
        schema: webhookSecretResponse,
      },
      fails: { "404": NO_ENDPOINT },
    },
    async (c, { params }, { ctx }) => {
      const { endpoint, secret } = await rotateWebhookSecret(ctx, actor(c), params.id);
      return c.json({ data: endpoint, secret });
    },
  ),
  defineOperation(
    {
      method: "post",
      path: "/webhook-endpoints/{id}/ping",
      summary: "Send a webhook endpoint a test event (admin)",
      description:
        "Queues a `ping` delivery (whatever the endpoint subscribes to), signed and retried like any other. Audited as `webhook.ping`.",
      access: "admin",
      params: webhookEndpointParams,
      ok: { status: "201", description: "The queued delivery.", schema: webhookDeliveryResponse },
      fails: { "404": NO_ENDPOINT, "409": "The endpoint is disabled." },
    },
    async (c, { params }, { ctx }) => c.json({ data: await sendTestWebhook(ctx, actor(c), params.id) }, 201),
  ),
  defineOperation(
    {
      method: "get",
      path: "/webhook-endpoints/{id}/deliveries",
      summary: "List a webhook endpoint's deliveries (admin)",
      description:
        "Newest first; `status` (pending, delivered, failed) filters. Each shows its attempts, the endpoint's last HTTP status and the last error.",
      access: "admin",
      params: webhookEndpointParams,
      query: webhookDeliveryListQuery,
      ok: { status: "200", description: "A page of deliveries.", schema: webhookDeliveryListResponse },
      fails: { "404": NO_ENDPOINT },
    },
    async (c, { params, query }, { ctx }) =>
      c.json(page(await listWebhookDeliveries(ctx, actor(c), params.id, query))),
  ),
];
