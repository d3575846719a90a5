import { beforeAll, describe, expect, it } from "vitest";
import { STAFF_SESSION_SECONDS } from "#contract/session.ts";
import { INVALID_SESSION, NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { ROUTE_TABLE } from "#server/api/route-table.ts";
import { call, createCustomer, sessionToken } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { stockedItem } from "../support/shopping.ts";
import type { StaffCase, StaffFixtures } from "../support/staff-matrix.ts";

// Every staff endpoint × {visitor, customer, manager, admin, expired staff session}
// (docs/back-office/README.md#staff-api): no or a bad session → 401, a role that may not → 403, and only
// those who may get past the door — to a validation 400 naming the field, so nothing changes.

const shop = setUpTestShop();

const caseModules = import.meta.glob<{ STAFF_CASES: StaffCase[] }>("../support/staff-cases/*.ts", {
  eager: true,
});
const CASES = Object.values(caseModules).flatMap((module) => module.STAFF_CASES);
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const casesByKey = new Map(CASES.map((c) => [key(c.method, c.path), c]));
const STAFF_OPERATIONS = ROUTE_TABLE.filter((o) => o.access === "manager" || o.access === "admin");

let fixtures: StaffFixtures;
const tokens: Record<"customer" | "manager" | "admin" | "expired", string> = {
  customer: "",
  manager: "",
  admin: "",
  expired: "",
};

beforeAll(async () => {
  const admin = await createCustomer(shop, { role: "admin" });
  const manager = await createCustomer(shop, { role: "manager" });
  const customer = await createCustomer(shop);
  const item = await stockedItem(shop, { stock: 5 });
  fixtures = {
    shop,
    productId: item.productId,
    adminId: admin.id,
    managerId: manager.id,
    customerId: customer.id,
  };
  tokens.customer = customer.token;
  tokens.manager = manager.token;
  tokens.admin = admin.token;
  // An admin's session issued one second more than a staff session lasts ago.
  tokens.expired = await sessionToken(admin.id, 0, {
    role: "admin",
    now: new Date(shop.ctx.now().getTime() - (STAFF_SESSION_SECONDS + 1) * 1000),
  });
});

it("has a case for every staff operation of the route table", () => {
  const missing = STAFF_OPERATIONS.filter((o) => !casesByKey.has(key(o.method, o.path))).map((o) =>
    key(o.method, o.path),
  );
  expect(missing).toEqual([]);
  const stale = CASES.filter(
    (c) => !STAFF_OPERATIONS.some((o) => key(o.method, o.path) === key(c.method, c.path)),
  );
  expect(stale.map((c) => key(c.method, c.path))).toEqual([]);
});

function urlOf(c: StaffCase): string {
  const params = c.params?.(fixtures) ?? {};
  const path = c.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? "x"));
  return c.query ? `${path}?${c.query}` : path;
}

function send(c: StaffCase, token?: string) {
  const body =
    c.method === "GET" || c.method === "DELETE" ? undefined : "body" in c.allowed ? c.allowed.body : {};
  return call(shop, c.method, urlOf(c), { token, body });
}

describe.each(STAFF_OPERATIONS.map((o) => ({ name: key(o.method, o.path), access: o.access })))(
  "$name",
  ({ name, access }) => {
    const c = () => casesByKey.get(name)!;

    it("answers 401 to a visitor and to an expired staff session", async () => {
      const visitor = await send(c());
      expect([visitor.status, visitor.body.message]).toEqual([401, NOT_LOGGED_IN]);
      const expired = await send(c(), tokens.expired);
      expect([expired.status, expired.body.message]).toEqual([401, INVALID_SESSION]);
    });

    it("answers 403 to a customer", async () => {
      expect((await send(c(), tokens.customer)).status).toBe(403);
    });

    it(
      access === "admin" ? "answers 403 to a manager, lets an admin in" : "lets a manager and an admin in",
      async () => {
        const allowed = c().allowed;
        const roles = access === "admin" ? (["admin"] as const) : (["manager", "admin"] as const);
        if (access === "admin") expect((await send(c(), tokens.manager)).status).toBe(403);
        for (const role of roles) {
          const res = await send(c(), tokens[role]);
          expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(allowed.status);
          if (allowed.status === 400 && "field" in allowed) {
            expect(res.body.errors?.map((e: { field: string }) => e.field)).toContain(allowed.field);
          }
        }
      },
    );
  },
);
