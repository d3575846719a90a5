import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  EVENTS_REQUIRED,
  URL_REQUIRED,
  URL_SHAPE,
  webhookDeliveryListResponse,
  webhookEndpointListResponse,
  webhookEndpointResponse,
  webhookSecretResponse,
} from "#contract/webhooks.ts";
import { DomainError } from "#core/errors.ts";
import type { Staff } from "#core/shared/staff-roles.ts";
import {
  createWebhookEndpoint,
  ENABLE_FIRST,
  updateWebhookEndpoint,
} from "#core/webhooks/webhook-endpoints.ts";
import { openSigningSecret } from "#core/webhooks/webhook-secrets.ts";
import {
  HTTPS_OR_LOOPBACK,
  HTTPS_REQUIRED,
  NO_CREDENTIALS,
  PUBLIC_ADDRESS_REQUIRED,
} from "#core/webhooks/webhook-url.ts";
import { call, createCustomer, expectContract, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// Admins manage the endpoints integrators receive webhooks on (docs/integrations/webhooks.md#api):
// the signing secret is shown once and stored sealed; URLs the shop may not send to are refused
// naming the field; every change is audited. Deliveries themselves: webhook-deliveries.test.ts.

const shop = setUpTestShop();

let admin: TestCustomer;
let manager: TestCustomer;
let adminStaff: Staff;
beforeAll(async () => {
  admin = await createCustomer(shop, { role: "admin" });
  manager = await createCustomer(shop, { role: "manager" });
  adminStaff = { id: admin.id, email: admin.email, role: "admin" };
});

const HOOK_URL = "https://hooks.example.test/shop";

async function register(body: Record<string, unknown> = {}) {
  const res = await call(shop, "POST", "/webhook-endpoints", {
    token: admin.token,
    body: { url: HOOK_URL, description: "Warehouse system", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { data: { _id: string; events: string[] }; secret: string };
}

const endpointCount = async () =>
  (await shop.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM webhook_endpoints`))[0]!.n;
const auditOf = (id: string) =>
  shop.rows<{ action: string; before: unknown; after: unknown }>(
    sql`SELECT action, before, after FROM audit_log WHERE entity = 'webhook' AND entity_id = ${id} ORDER BY id`,
  );

describe("POST /webhook-endpoints", () => {
  it("registers an endpoint and shows its signing secret this once; the shop keeps it sealed", async () => {
    const created = await register({ events: ["order.shipped", "order.placed"] });
    expectContract(webhookSecretResponse, created);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.data).toMatchObject({
      url: HOOK_URL,
      description: "Warehouse system",
      events: ["order.placed", "order.shipped"],
      enabled: true,
      disabledAt: null,
      pendingDeliveries: 0,
      failedDeliveries: 0,
    });
    const id = created.data._id;
    const secretPart = created.secret.slice("whsec_".length);

    // Never again through the API…
    const list = await call(shop, "GET", "/webhook-endpoints", { token: admin.token });
    expect(list.status).toBe(200);
    expectContract(webhookEndpointListResponse, list.body);
    expect(list.body.data.map((e: { _id: string }) => e._id)).toContain(id);
    const deliveries = await call(shop, "GET", `/webhook-endpoints/${id}/deliveries`, { token: admin.token });
    expectContract(webhookDeliveryListResponse, deliveries.body);
    const edited = await call(shop, "PATCH", `/webhook-endpoints/${id}`, {
      token: admin.token,
      body: { description: "Warehouse" },
    });
    expectContract(webhookEndpointResponse, edited.body);
    for (const answer of [list, deliveries, edited])
      expect(JSON.stringify(answer.body)).not.toContain(secretPart);

    // …and not in clear in the database, nor in the audit log.
    const [row] = await shop.rows<Record<string, unknown>>(
      sql`SELECT * FROM webhook_endpoints WHERE id = ${id}`,
    );
    expect(JSON.stringify(row)).not.toContain(secretPart);
    expect(openSigningSecret(shop.ctx, id, row!.secret_sealed as string)).toBe(created.secret);
    const audit = await shop.rows(sql`SELECT * FROM audit_log WHERE entity = 'webhook'`);
    expect(JSON.stringify(audit)).not.toContain(secretPart);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["webhook.create", "webhook.update"]);
  });

  it("subscribes to every event unless told otherwise; `*` among others is every event", async () => {
    expect((await register({ events: undefined })).data.events).toEqual(["*"]);
    expect((await register({ events: ["order.paid", "*"] })).data.events).toEqual(["*"]);
    expect((await register({ events: ["order.paid", "order.paid"] })).data.events).toEqual(["order.paid"]);
  });

  it("refuses a bad URL, description or event list naming the field, and saves nothing", async () => {
    const before = await endpointCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: undefined }, "url", URL_REQUIRED],
      [{ url: "   " }, "url", URL_REQUIRED],
      [{ url: 5 }, "url", URL_SHAPE],
      [{ url: "hooks.example.test/shop" }, "url", URL_SHAPE],
      [{ url: "ftp://hooks.example.test/shop" }, "url", URL_SHAPE],
      [
        { url: `https://hooks.example.test/${"a".repeat(2100)}` },
        "url",
        "URL must be at most 2048 characters.",
      ],
      [{ url: "http://hooks.example.test/shop" }, "url", HTTPS_OR_LOOPBACK],
      [{ url: "http://192.168.1.20/shop" }, "url", HTTPS_OR_LOOPBACK],
      [{ url: "https://user:secret@hooks.example.test/shop" }, "url", NO_CREDENTIALS],
      [{ description: "d".repeat(201) }, "description", "Description must be at most 200 characters."],
      [{ events: [] }, "events", EVENTS_REQUIRED],
      [{ events: "order.paid" }, "events", expect.stringMatching(/^Events must be order events/) as never],
      [{ events: ["order.lost"] }, "events", expect.stringMatching(/^Events must be order events/) as never],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(shop, "POST", "/webhook-endpoints", {
        token: admin.token,
        body: { url: HOOK_URL, ...body },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toContainEqual({ field, message });
    }
    expect(await endpointCount()).toBe(before);
  });

  it("in production, takes only https:// to a public address", async () => {
    const production = { ...shop.ctx, localWebhooks: false };
    const refusals: [string, string][] = [
      ["http://127.0.0.1:4000/hooks", HTTPS_REQUIRED],
      ["http://hooks.example.test/shop", HTTPS_REQUIRED],
      ["https://localhost/hooks", PUBLIC_ADDRESS_REQUIRED],
      ["https://127.0.0.1/hooks", PUBLIC_ADDRESS_REQUIRED],
      ["https://10.0.0.5/hooks", PUBLIC_ADDRESS_REQUIRED],
      ["https://192.168.0.10/hooks", PUBLIC_ADDRESS_REQUIRED],
      ["https://169.254.169.254/latest/meta-data", PUBLIC_ADDRESS_REQUIRED],
      ["https://[::1]/hooks", PUBLIC_ADDRESS_REQUIRED],
    ];
    const before = await endpointCount();
    for (const [url, message] of refusals) {
      const error = await createWebhookEndpoint(production, adminStaff, {
        url,
        description: "",
        events: ["*"],
      }).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(DomainError);
      expect((error as DomainError).fields, url).toEqual([{ field: "url", message }]);
    }
    expect(await endpointCount()).toBe(before);
    const { endpoint } = await createWebhookEndpoint(production, adminStaff, {
      url: "https://hooks.example.com/shop",
      description: "",
      events: ["*"],
    });
    await expect(
      updateWebhookEndpoint(production, adminStaff, endpoint._id, { url: "https://10.1.1.1/x" }),
    ).rejects.toMatchObject({ fields: [{ field: "url", message: PUBLIC_ADDRESS_REQUIRED }] });
  });

  it("is an admin's: a manager and a customer are refused and nothing is saved", async () => {
    const customer = await createCustomer(shop);
    const before = await endpointCount();
    for (const token of [manager.token, customer.token]) {
      const res = await call(shop, "POST", "/webhook-endpoints", { token, body: { url: HOOK_URL } });
      expect(res.status).toBe(403);
      expect((await call(shop, "GET", "/webhook-endpoints", { token })).status).toBe(403);
    }
    expect(await endpointCount()).toBe(before);
  });
});

describe("PATCH /webhook-endpoints/{id}", () => {
  it("changes what is sent, disables and enables, each audited; a bad value changes nothing", async () => {
    const { data } = await register();
    const id = data._id;
    const path = `/webhook-endpoints/${id}`;

    const subset = await call(shop, "PATCH", path, {
      token: admin.token,
      body: { events: ["order.delivered", "order.shipped"], url: "https://hooks.example.test/v2" },
    });
    expect(subset.status).toBe(200);
    expect(subset.body.data).toMatchObject({
      events: ["order.shipped", "order.delivered"],
      url: "https://hooks.example.test/v2",
    });

    const disabled = await call(shop, "PATCH", path, { token: admin.token, body: { enabled: false } });
    expect(disabled.body.data).toMatchObject({ enabled: false, disabledAt: shop.ctx.now().toISOString() });
    const ping = await call(shop, "POST", `${path}/ping`, { token: admin.token });
    expect([ping.status, ping.body.message]).toEqual([409, ENABLE_FIRST]);
    const enabled = await call(shop, "PATCH", path, { token: admin.token, body: { enabled: true } });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledAt: null });

    // Nothing different: nothing written.
    const same = await call(shop, "PATCH", path, { token: admin.token, body: { enabled: true } });
    expect(same.status).toBe(200);
    const nothing = await call(shop, "PATCH", path, { token: admin.token, body: {} });
    expect(nothing.body.data).toEqual(same.body.data);

    for (const [body, field] of [
      [{ url: "http://hooks.example.test/shop" }, "url"],
      [{ url: "" }, "url"],
      [{ events: [] }, "events"],
      [{ enabled: "no" }, "enabled"],
      [{ description: 7 }, "description"],
    ] as const) {
      const res = await call(shop, "PATCH", path, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const after = await call(shop, "GET", "/webhook-endpoints", { token: admin.token });
    expect(after.body.data.find((e: { _id: string }) => e._id === id)).toEqual(same.body.data);

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual([
      "webhook.create",
      "webhook.update",
      "webhook.disable",
      "webhook.enable",
    ]);
    expect(audit[1]).toMatchObject({
      before: { url: HOOK_URL, events: ["*"] },
      after: { url: "https://hooks.example.test/v2", events: ["order.shipped", "order.delivered"] },
    });
  });
});

describe("POST /webhook-endpoints/{id}/rotate-secret", () => {
  it("replaces the secret, shows the new one once, and seals it", async () => {
    const created = await register();
    const id = created.data._id;
    const rotated = await call(shop, "POST", `/webhook-endpoints/${id}/rotate-secret`, {
      token: admin.token,
    });
    expect(rotated.status).toBe(200);
    expectContract(webhookSecretResponse, rotated.body);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    const [row] = await shop.rows<{ secret_sealed: string }>(
      sql`SELECT secret_sealed FROM webhook_endpoints WHERE id = ${id}`,
    );
    expect(row!.secret_sealed).not.toContain(rotated.body.secret.slice(6));
    expect(openSigningSecret(shop.ctx, id, row!.secret_sealed)).toBe(rotated.body.secret);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["webhook.create", "webhook.rotate"]);
  });
});

describe("DELETE /webhook-endpoints/{id}", () => {
  it("deletes the endpoint, audited; afterwards it is not found anywhere", async () => {
    const { data } = await register();
    const id = data._id;
    const deleted = await call(shop, "DELETE", `/webhook-endpoints/${id}`, { token: admin.token });
    expect(deleted.body).toEqual({ status: "Success", message: "Webhook endpoint deleted." });
    for (const [method, path] of [
      ["DELETE", `/webhook-endpoints/${id}`],
      ["PATCH", `/webhook-endpoints/${id}`],
      ["POST", `/webhook-endpoints/${id}/rotate-secret`],
      ["POST", `/webhook-endpoints/${id}/ping`],
      ["GET", `/webhook-endpoints/${id}/deliveries`],
    ] as const) {
      const res = await call(shop, method, path, {
        token: admin.token,
        body: method === "PATCH" ? {} : undefined,
      });
      expect([res.status, res.body.message], `${method} ${path}`).toEqual([
        404,
        "There is no webhook endpoint with this id.",
      ]);
    }
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["webhook.create", "webhook.delete"]);
  });
});
