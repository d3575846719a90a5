import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditListResponse } from "#contract/admin-staff.ts";
import { verifyToken } from "#core/accounts/tokens.ts";
import { recordAudit } from "#core/audit/audit-log.ts";
import { auditTrailOf, listAuditEntries, productHistory } from "#core/audit/audit-query.ts";
import { DomainError } from "#core/errors.ts";
import { ADMIN_ONLY, STAFF_ONLY } from "#core/staff/roles.ts";
import { addStaffFromCommandLine } from "#core/staff/staff-accounts.ts";
import { call, createCustomer, expectContract } from "../support/accounts.ts";
import { setUpTestShop, TEST_JWT_SECRET } from "../support/app.ts";
import { stockedItem } from "../support/shopping.ts";

// The audit log itself (docs/decisions/037-audit-log.md): the database refuses to change or remove
// an entry, the command line writes entries as `command line`, and the log reads back filtered —
// as a whole for admins, a record's own trail for managers.

const shop = setUpTestShop();
const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the audit_log table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE (append-only trigger)", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    await recordAudit(shop.ctx.db, admin, {
      action: "test.write",
      entity: "test",
      entityId: "one",
      before: null,
      after: { n: 1 },
      at: shop.ctx.now(),
    });
    const count = async () =>
      (await shop.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`))[0]?.n;
    const before = await count();
    // Drizzle wraps the database's error; the trigger's words are in its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      shop.ctx.db.execute(statement).then(
        () => "accepted",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`UPDATE audit_log SET actor_email = 'someone else'`)).toMatch(/append-only/);
    expect(await refusal(sql`DELETE FROM audit_log WHERE entity = 'test'`)).toMatch(/append-only/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only/);
    expect(await count()).toBe(before);
    const [entry] = await shop.rows<{ actor_email: string }>(
      sql`SELECT actor_email FROM audit_log WHERE entity = 'test' AND entity_id = 'one'`,
    );
    expect(entry?.actor_email).toBe(admin.email);
  });
});

describe("npm run staff -- add (addStaffFromCommandLine)", () => {
  it("creates an admin, returns a set-password token and audits it as the command line", async () => {
    const email = "first-admin@example.test";
    const result = await addStaffFromCommandLine(shop.ctx, { email, role: "admin" });
    expect(result).toMatchObject({ email, role: "admin", created: true });
    const verified = verifyToken(shop.ctx, "set-password", result.setPasswordToken!);
    expect(verified.ok && verified.claims.sub).toBe(result.id);
    const entries = await shop.rows(
      sql`SELECT actor_id, actor_email, action, before, after FROM audit_log WHERE entity_id = ${result.id}`,
    );
    expect(entries).toEqual([
      {
        actor_id: null,
        actor_email: "command line",
        action: "staff.create",
        before: null,
        after: { email, role: "admin" },
      },
    ]);
  });

  it("promotes an existing customer without a token, auditing the role before and after", async () => {
    const customer = await createCustomer(shop);
    const result = await addStaffFromCommandLine(shop.ctx, { email: customer.email, role: "manager" });
    expect(result).toMatchObject({ id: customer.id, created: false, previousRole: "customer" });
    expect(result.setPasswordToken).toBeUndefined();
    expect(
      await shop.rows(
        sql`SELECT actor_email, action, before, after FROM audit_log WHERE entity_id = ${customer.id}`,
      ),
    ).toEqual([
      {
        actor_email: "command line",
        action: "staff.role",
        before: { role: "customer" },
        after: { role: "manager" },
      },
    ]);
  });
});

describe("GET /api/v1/audit", () => {
  it("reads the log newest first, filtered by entity, record, action, actor and days", async () => {
    const admin = await createCustomer(shop, { role: "admin", email: "auditor-one@example.test" });
    const other = await createCustomer(shop, { role: "admin", email: "auditor-two@example.test" });
    const write = (actor: typeof admin, action: string, entityId: string, at: string, after: unknown) =>
      recordAudit(shop.ctx.db, actor, {
        action,
        entity: action.split(".")[0]!,
        entityId,
        before: { price: 10 },
        after,
        at: new Date(at),
      });
    await write(admin, "widget.create", "w1", "2026-03-01T10:00:00Z", { price: 10 });
    await write(admin, "widget.update", "w1", "2026-03-02T23:59:00Z", { price: 12 });
    await write(other, "widget.update", "w2", "2026-03-03T00:00:00Z", { price: 9 });
    await write(other, "gadget.update", "g1", "2026-03-03T08:00:00Z", { price: 1 });

    const get = (query: string) => call(shop, "GET", `/audit?${query}`, { token: admin.token });
    const entity = await get("entity=widget");
    expect(entity.status, JSON.stringify(entity.body)).toBe(200);
    expectContract(auditListResponse, entity.body);
    expect(
      entity.body.data.map((e: { action: string; entityId: string }) => `${e.action} ${e.entityId}`),
    ).toEqual(["widget.update w2", "widget.update w1", "widget.create w1"]);
    expect(entity.body.data[1]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      at: "2026-03-02T23:59:00.000Z",
      before: { price: 10 },
      after: { price: 12 },
    });
    const ids = async (query: string) =>
      (await get(query)).body.data.map(
        (e: { action: string; entityId: string }) => `${e.action} ${e.entityId}`,
      );
    expect(await ids("entity=widget&entityId=w1")).toEqual(["widget.update w1", "widget.create w1"]);
    expect(await ids("action=widget.update")).toEqual(["widget.update w2", "widget.update w1"]);
    expect(await ids("action=gadget")).toEqual(["gadget.update g1"]);
    expect(await ids("entity=widget&actor=auditor-two")).toEqual(["widget.update w2"]);
    expect(await ids(`entity=widget&actor=${admin.id}`)).toEqual(["widget.update w1", "widget.create w1"]);
    // Days are whole and both ends included: 23:59 on the 2nd is in `to=2026-03-02`, 00:00 on the 3rd is not.
    expect(await ids("entity=widget&from=2026-03-02&to=2026-03-02")).toEqual(["widget.update w1"]);
    expect(await ids("entity=widget&from=2026-03-03")).toEqual(["widget.update w2"]);
    const paged = await get("entity=widget&limit=2&page=2");
    expect(paged.body).toMatchObject({
      results: 1,
      total: 3,
      paginationResults: { currentPage: 2, numberOfPages: 2 },
    });
  });

  it.each([
    ["from", "from=2026-02-30"],
    ["from", "from=yesterday"],
    ["to", "from=2026-03-02&to=2026-03-01"],
    ["page", "page=x"],
    ["entity", `entity=${"e".repeat(41)}`],
  ])("answers 400 naming %s", async (field, query) => {
    const admin = await createCustomer(shop, { role: "admin" });
    const res = await call(shop, "GET", `/audit?${query}`, { token: admin.token });
    expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, field]);
  });
});

describe("reading the log in core", () => {
  it("gives the whole log to admins only, and a record's trail to managers too", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const item = await stockedItem(shop, { stock: 5 });
    await recordAudit(shop.ctx.db, manager, {
      action: "product.update",
      entity: "product",
      entityId: item.productId,
      before: { title: "Old" },
      after: { title: "New" },
      at: shop.ctx.now(),
    });
    const actor = { id: manager.id, email: manager.email, role: "manager" as const };
    await expect(listAuditEntries(shop.ctx, actor, { page: 1, limit: 10 })).rejects.toMatchObject({
      kind: "forbidden",
      message: ADMIN_ONLY,
    });
    const trail = await auditTrailOf(shop.ctx, actor, "product", item.productId);
    expect(trail).toMatchObject([
      { action: "product.update", before: { title: "Old" }, after: { title: "New" } },
    ]);
    const history = await productHistory(shop.ctx, actor, item.productId);
    expect(history.entries).toEqual(trail);
    expect(typeof history.title).toBe("string");
    await expect(productHistory(shop.ctx, actor, "f".repeat(24))).rejects.toMatchObject({
      kind: "not_found",
    });
    const customer = { id: manager.id, email: manager.email, role: "customer" };
    await expect(auditTrailOf(shop.ctx, customer, "product", item.productId)).rejects.toBeInstanceOf(
      DomainError,
    );
    // The same words as every other staff refusal (core/shared/staff-roles.ts).
    await expect(auditTrailOf(shop.ctx, customer, "product", item.productId)).rejects.toMatchObject({
      message: STAFF_ONLY,
    });
  });
});

describe("scripts/staff.ts (README: the first admin)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-staff-cli-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/staff.ts", ...args], {
      cwd: ROOT,
      timeout: 120_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SHOP_DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        PUBLIC_URL: "https://shop.example",
      },
    });

  it("adds the first admin, prints a one-time set-password link, and lists them", async () => {
    const added = await run("add", "owner@example.test", "--role", "admin");
    expect(added.stdout).toContain("created owner@example.test as admin.");
    const token = added.stdout.match(/https:\/\/shop\.example\/auth\/set-password\?token=(\S+)/)?.[1];
    expect(token, added.stdout).toBeDefined();
    const cliClock = { accounts: { secret: TEST_JWT_SECRET }, now: () => new Date() } as never;
    expect(verifyToken(cliClock, "set-password", token!).ok).toBe(true);
    const listed = await run("list");
    expect(listed.stdout).toMatch(/^admin\s+owner@example\.test$/m);
  }, 180_000);
});
