import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  customerListResponse,
  staffInvitedResponse,
  staffListResponse,
  staffMemberResponse,
} from "#contract/admin-staff.ts";
import { verifyToken } from "#core/accounts/tokens.ts";
import { DomainError } from "#core/errors.ts";
import type { Staff } from "#core/staff/roles.ts";
import { demoteToCustomer, LAST_ADMIN, NO_SUCH_STAFF, NOT_YOURSELF } from "#core/staff/staff-management.ts";
import {
  call,
  createCustomer,
  customerRow,
  expectContract,
  FIXTURE_PASSWORD,
  outbox,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCardOrder, stockedItem } from "../support/shopping.ts";

// Staff management through the API (docs/back-office/staff.md): invitations mail a set-password
// link, an existing customer is promoted, a role change or a demotion ends the account's sessions,
// the shop always keeps an admin — also when two admins demote each other at the same moment —,
// every write is audited with before and after, and bad input changes nothing.

const shop = setUpTestShop();

let counter = 0;
const freshEmail = () => `invitee-${++counter}-${Date.now().toString(36)}@example.test`;
const staffOf = (account: TestCustomer, role: "manager" | "admin"): Staff => ({
  id: account.id,
  email: account.email,
  role,
});

async function auditRows(entityId: string) {
  return shop.rows<{
    action: string;
    actor_id: string | null;
    actor_email: string;
    before: unknown;
    after: unknown;
  }>(
    sql`SELECT action, actor_id, actor_email, before, after FROM audit_log
         WHERE entity = 'staff' AND entity_id = ${entityId} ORDER BY id`,
  );
}

async function roleOf(id: string) {
  const [row] = await shop.rows<{ role: string; token_version: number }>(
    sql`SELECT role, token_version FROM customers WHERE id = ${id}`,
  );
  return row;
}

/** Every row these endpoints may write, to show a refused request changed nothing. */
async function staffRows() {
  return {
    customers: await shop.rows(sql`SELECT id, email, role, token_version FROM customers ORDER BY id`),
    audit: await shop.rows(sql`SELECT count(*)::int AS n FROM audit_log`),
    outbox: await shop.rows(sql`SELECT count(*)::int AS n FROM outbox_messages`),
  };
}

describe("POST /api/v1/staff", () => {
  it("creates the account with the role, a verified email and no usable password, and mails a set-password link", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const email = freshEmail();
    const res = await call(shop, "POST", "/staff", {
      token: admin.token,
      body: { email: email.toUpperCase(), firstName: "Grace", lastName: "Hopper", role: "manager" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectContract(staffInvitedResponse, res.body);
    expect(res.body).toMatchObject({
      created: true,
      mailed: true,
      data: { email, firstName: "Grace", lastName: "Hopper", role: "manager", twoFactor: false },
    });
    const id = res.body.data._id as string;
    const row = await customerRow(shop, id);
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.token_version).toBe(0);

    const [mail] = await outbox(shop, email);
    expect(mail?.subject).toBe("You are invited to the shop back office");
    const link = mail?.text.match(/http:\/\/localhost\/auth\/set-password\?token=(\S+)/);
    expect(link, mail?.text).not.toBeNull();
    const verified = verifyToken(shop.ctx, "set-password", link![1]!);
    expect(verified.ok && verified.claims.sub).toBe(id);
    expect(verified.ok && verified.claims.ver).toBe(0);
    // Nobody knows the password: the fixture one (or any guess) does not open the account.
    const login = await call(shop, "POST", "/auth/login", { body: { email, password: FIXTURE_PASSWORD } });
    expect(login.status).toBe(401);

    expect(await auditRows(id)).toEqual([
      {
        action: "staff.invite",
        actor_id: admin.id,
        actor_email: admin.email,
        before: null,
        after: { email, firstName: "Grace", lastName: "Hopper", role: "manager" },
      },
    ]);
  });

  it("promotes an existing customer, ends their sessions and tells them by mail", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const customer = await createCustomer(shop);
    expect((await call(shop, "GET", "/customer", { token: customer.token })).status).toBe(200);
    const res = await call(shop, "POST", "/staff", {
      token: admin.token,
      body: { email: customer.email, firstName: "Other", lastName: "Name", role: "admin" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      created: false,
      mailed: true,
      data: { _id: customer.id, role: "admin" },
    });
    // The account keeps its own names and password; the old session is over.
    expect(res.body.data.firstName).toBe(customer.firstName);
    expect(await roleOf(customer.id)).toEqual({ role: "admin", token_version: 1 });
    expect((await call(shop, "GET", "/customer", { token: customer.token })).status).toBe(401);
    const [mail] = await outbox(shop, customer.email);
    expect(mail?.subject).toBe("You now have access to the shop back office");
    expect(mail?.text).toContain("http://localhost/auth/log-in?redirectTo=%2Fadmin");
    expect(mail?.text).not.toContain("set-password");
    expect(await auditRows(customer.id)).toMatchObject([
      { action: "staff.invite", actor_id: admin.id, before: { role: "customer" }, after: { role: "admin" } },
    ]);
  });

  it("refuses an address already on the staff (409 naming email), changing nothing", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const manager = await createCustomer(shop, { role: "manager" });
    const before = await staffRows();
    const res = await call(shop, "POST", "/staff", {
      token: admin.token,
      body: { email: manager.email, firstName: "Grace", lastName: "Hopper", role: "admin" },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: "email", message: `${manager.email} is already on the staff (manager).` },
    ]);
    expect(await staffRows()).toEqual(before);
  });

  const valid = { email: "valid@example.test", firstName: "Grace", lastName: "Hopper", role: "manager" };
  it.each([
    ["email", { email: undefined }, "Email is required."],
    ["email", { email: "nobody" }, "Please enter a valid email."],
    ["firstName", { firstName: "" }, "First name is required."],
    ["firstName", { firstName: "Al" }, "First name should be at least 3 characters."],
    ["firstName", { firstName: "A".repeat(17) }, "First name should be at most 16 characters."],
    ["lastName", { lastName: undefined }, "Last name is required."],
    ["lastName", { lastName: "H".repeat(17) }, "Last name should be at most 16 characters."],
    ["role", { role: "owner" }, "The role is admin or manager."],
    ["role", { role: "customer" }, "The role is admin or manager."],
    ["role", { role: undefined }, "The role is admin or manager."],
  ])("answers 400 naming %s for %j, changing nothing", async (field, change, message) => {
    const admin = await createCustomer(shop, { role: "admin" });
    const before = await staffRows();
    const res = await call(shop, "POST", "/staff", { token: admin.token, body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await staffRows()).toEqual(before);
  });
});

describe("PUT /api/v1/staff/{id}", () => {
  it("changes the role, ends the account's sessions and audits before and after", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const manager = await createCustomer(shop, { role: "manager" });
    expect((await call(shop, "GET", "/customers", { token: manager.token })).status).toBe(200);
    const res = await call(shop, "PUT", `/staff/${manager.id}`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(staffMemberResponse, res.body);
    expect(res.body.data).toMatchObject({ _id: manager.id, role: "admin" });
    expect(await roleOf(manager.id)).toEqual({ role: "admin", token_version: 1 });
    expect((await call(shop, "GET", "/customers", { token: manager.token })).status).toBe(401);
    expect(await auditRows(manager.id)).toEqual([
      {
        action: "staff.role",
        actor_id: admin.id,
        actor_email: admin.email,
        before: { role: "manager" },
        after: { role: "admin" },
      },
    ]);
  });

  it("leaves the same role alone: no new session version, no entry", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const manager = await createCustomer(shop, { role: "manager" });
    const res = await call(shop, "PUT", `/staff/${manager.id}`, {
      token: admin.token,
      body: { role: "manager" },
    });
    expect(res.status).toBe(200);
    expect(await roleOf(manager.id)).toEqual({ role: "manager", token_version: 0 });
    expect(await auditRows(manager.id)).toEqual([]);
  });

  it("refuses one's own role (409), a customer's or an unknown id (404), and a malformed id or role (400)", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const customer = await createCustomer(shop);
    const before = await staffRows();
    const own = await call(shop, "PUT", `/staff/${admin.id}`, {
      token: admin.token,
      body: { role: "manager" },
    });
    expect([own.status, own.body.message]).toEqual([409, NOT_YOURSELF]);
    const notStaff = await call(shop, "PUT", `/staff/${customer.id}`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect([notStaff.status, notStaff.body.message]).toEqual([404, NO_SUCH_STAFF]);
    const unknown = await call(shop, "PUT", `/staff/${"f".repeat(24)}`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect(unknown.status).toBe(404);
    const badId = await call(shop, "PUT", "/staff/nope", { token: admin.token, body: { role: "admin" } });
    expect([badId.status, badId.body.errors?.[0]?.field]).toEqual([400, "id"]);
    const badRole = await call(shop, "PUT", `/staff/${customer.id}`, { token: admin.token, body: {} });
    expect([badRole.status, badRole.body.errors?.[0]?.field]).toEqual([400, "role"]);
    expect(await staffRows()).toEqual(before);
  });
});

describe("DELETE /api/v1/staff/{id}", () => {
  it("makes a staff member a customer again, ends their sessions and audits it", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const manager = await createCustomer(shop, { role: "manager" });
    const res = await call(shop, "DELETE", `/staff/${manager.id}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ _id: manager.id, role: "customer" });
    expect(await roleOf(manager.id)).toEqual({ role: "customer", token_version: 1 });
    expect((await call(shop, "GET", "/customers", { token: manager.token })).status).toBe(401);
    expect(await auditRows(manager.id)).toMatchObject([
      {
        action: "staff.demote",
        actor_id: admin.id,
        before: { role: "manager" },
        after: { role: "customer" },
      },
    ]);
    const again = await call(shop, "DELETE", `/staff/${manager.id}`, { token: admin.token });
    expect([again.status, again.body.message]).toEqual([404, NO_SUCH_STAFF]);
  });

  it("never removes the last admin: an admin cannot demote themself", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    // Make `admin` the shop's only admin.
    await shop.ctx.db.execute(
      sql`UPDATE customers SET role = 'manager' WHERE role = 'admin' AND id <> ${admin.id}`,
    );
    const before = await staffRows();
    const self = await call(shop, "DELETE", `/staff/${admin.id}`, { token: admin.token });
    expect([self.status, self.body.message]).toEqual([409, NOT_YOURSELF]);
    const selfRole = await call(shop, "PUT", `/staff/${admin.id}`, {
      token: admin.token,
      body: { role: "manager" },
    });
    expect(selfRole.status).toBe(409);
    expect(await staffRows()).toEqual(before);
    expect(await shop.rows(sql`SELECT id FROM customers WHERE role = 'admin'`)).toEqual([{ id: admin.id }]);
    expect(LAST_ADMIN).toMatch(/at least one admin/);
  });

  it("keeps one admin when two admins demote each other at the same moment (core, and through the API)", async () => {
    for (let round = 0; round < 4; round++) {
      const a = await createCustomer(shop, { role: "admin" });
      const b = await createCustomer(shop, { role: "admin" });
      const results = await Promise.allSettled([
        demoteToCustomer(shop.ctx, staffOf(a, "admin"), b.id),
        demoteToCustomer(shop.ctx, staffOf(b, "admin"), a.id),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(DomainError);
      expect((refused.reason as DomainError).kind).toBe("forbidden");
      const roles = [(await roleOf(a.id))?.role, (await roleOf(b.id))?.role].sort();
      expect(roles).toEqual(["admin", "customer"]);
    }
    const a = await createCustomer(shop, { role: "admin" });
    const b = await createCustomer(shop, { role: "admin" });
    const answers = await Promise.all([
      call(shop, "DELETE", `/staff/${b.id}`, { token: a.token }),
      call(shop, "DELETE", `/staff/${a.id}`, { token: b.token }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    // The loser's session was ended before its request was let in (401) or while it waited (403).
    expect([401, 403]).toContain(statuses[1]);
    expect([(await roleOf(a.id))?.role, (await roleOf(b.id))?.role].sort()).toEqual(["admin", "customer"]);
  });
});

describe("GET /api/v1/staff", () => {
  it("lists managers and admins, not customers, searched and sorted", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const manager = await createCustomer(shop, { role: "manager", lastName: "Zyxwvutsrq" });
    const customer = await createCustomer(shop, { lastName: "Zyxwvutsrq" });
    const all = await call(shop, "GET", "/staff?limit=100", { token: admin.token });
    expect(all.status).toBe(200);
    expectContract(staffListResponse, all.body);
    const ids = all.body.data.map((m: { _id: string }) => m._id);
    expect(ids).toContain(manager.id);
    expect(ids).not.toContain(customer.id);
    expect(all.body.data.every((m: { role: string }) => m.role !== "customer")).toBe(true);
    const found = await call(shop, "GET", "/staff?q=zyxwvu", { token: admin.token });
    expect(found.body.data.map((m: { _id: string }) => m._id)).toEqual([manager.id]);
    const byEmail = await call(shop, "GET", "/staff?sort=-email&limit=100", { token: admin.token });
    const emails = byEmail.body.data.map((m: { email: string }) => m.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it.each([
    ["sort", "sort=password"],
    ["page", "page=0"],
    ["limit", "limit=1000"],
    ["q", `q=${"x".repeat(101)}`],
  ])("answers 400 naming %s", async (field, query) => {
    const admin = await createCustomer(shop, { role: "admin" });
    const res = await call(shop, "GET", `/staff?${query}`, { token: admin.token });
    expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, field]);
  });

  it("refuses a manager every staff-management call (403)", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const other = await createCustomer(shop, { role: "manager" });
    const before = await staffRows();
    const answers = await Promise.all([
      call(shop, "GET", "/staff", { token: manager.token }),
      call(shop, "POST", "/staff", {
        token: manager.token,
        body: { email: freshEmail(), firstName: "Grace", lastName: "Hopper", role: "admin" },
      }),
      call(shop, "PUT", `/staff/${other.id}`, { token: manager.token, body: { role: "admin" } }),
      call(shop, "PUT", `/staff/${manager.id}`, { token: manager.token, body: { role: "admin" } }),
      call(shop, "DELETE", `/staff/${other.id}`, { token: manager.token }),
      call(shop, "GET", "/audit", { token: manager.token }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await staffRows()).toEqual(before);
  });
});

describe("GET /api/v1/customers", () => {
  it("lists customers with their phone numbers and orders, searched by name or email, for a manager", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const customer = await createCustomer(shop, {
      lastName: "Qwertyuiop",
      phoneNumbers: ["+212612345678", "+212612345679"],
    });
    const unverified = await createCustomer(shop, { lastName: "Qwertyuiop", verified: false });
    const item = await stockedItem(shop, { stock: 5 });
    await placeCardOrder(shop, customer, [{ item, quantity: 1 }], { phone: "+212612345678" });
    const res = await call(shop, "GET", "/customers?q=QWERTY&sort=-orders", { token: manager.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(customerListResponse, res.body);
    expect(res.body.total).toBe(2);
    expect(res.body.data).toEqual([
      expect.objectContaining({ _id: customer.id, emailVerified: true, phoneNumbers: 2, orders: 1 }),
      expect.objectContaining({ _id: unverified.id, emailVerified: false, phoneNumbers: 0, orders: 0 }),
    ]);
    const byEmail = await call(shop, "GET", `/customers?q=${encodeURIComponent(customer.email)}`, {
      token: manager.token,
    });
    expect(byEmail.body.data.map((c: { _id: string }) => c._id)).toEqual([customer.id]);
    // Staff are not customers here.
    const staff = await call(shop, "GET", `/customers?q=${encodeURIComponent(manager.email)}`, {
      token: manager.token,
    });
    expect(staff.body.data).toEqual([]);
  });

  it("takes a search's % and _ as themselves", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const res = await call(shop, "GET", "/customers?q=%25", { token: manager.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe("an invitation whose mail is refused", () => {
  const failing = setUpTestShop({
    accounts: { mailer: { send: () => Promise.reject(new Error("the mail service is down")) } },
  });

  it("stands, and says the mail did not go", async () => {
    const admin = await createCustomer(failing, { role: "admin" });
    const email = freshEmail();
    const res = await call(failing, "POST", "/staff", {
      token: admin.token,
      body: { email, firstName: "Grace", lastName: "Hopper", role: "manager" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ created: true, mailed: false, data: { email, role: "manager" } });
    const [row] = await failing.rows<{ role: string; email_verified_at: unknown }>(
      sql`SELECT role, email_verified_at FROM customers WHERE email = ${email}`,
    );
    // Verified, so the invitee can choose a password through "Forgot password".
    expect(row?.role).toBe("manager");
    expect(row?.email_verified_at).not.toBeNull();
  });
});
