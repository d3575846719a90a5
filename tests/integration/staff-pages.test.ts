import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The staff, customers, audit and product history pages as a browser without JavaScript uses them
// (docs/back-office/staff.md): who may open which, the invite form's errors per field, the
// two-step demotion, and a product's History tab.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

/** The page's HTML without the comments React puts between adjacent pieces of text. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

async function open(path: string, token?: string) {
  const res = await storefront.request(path, { cookie: token });
  return { status: res.status, html: text(await res.text()), location: res.headers.get("location") };
}

async function post(path: string, token: string, form: Record<string, string>) {
  const res = await storefront.request(path, { form, cookie: token, headers: FROM_OUR_PAGE });
  return { status: res.status, html: text(await res.text()) };
}

describe("who may open the pages", () => {
  it("shows staff and audit to admins only, customers to managers, and nothing to a customer", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const manager = await createCustomer(shop, { role: "manager" });
    const customer = await createCustomer(shop, { lastName: "Pagecustomer" });
    expect((await open("/admin/staff", admin.token)).status).toBe(200);
    expect((await open("/admin/audit", admin.token)).status).toBe(200);
    const refused = await open("/admin/staff", manager.token);
    expect(refused.status).toBe(403);
    // Inside the back office's frame, saying why (app/components/admin/admin-error.tsx).
    expect(refused.html).toContain("You may not open this page");
    expect(refused.html).toContain("Only an administrator may do this.");
    expect(refused.html).toContain('aria-label="Back office"');
    expect((await open("/admin/audit", manager.token)).status).toBe(403);
    const customers = await open("/admin/customers?q=pagecustomer", manager.token);
    expect(customers.status).toBe(200);
    expect(customers.html).toContain(customer.email);
    expect((await open("/admin/customers", customer.token)).status).toBe(404);
    expect((await open("/admin/staff")).status).toBe(302);
  });

  it("names a bad filter beside its field and still shows the log", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const page = await open("/admin/audit?from=2026-02-30", admin.token);
    expect(page.status).toBe(200);
    expect(page.html).toContain("from must be a date (YYYY-MM-DD)");
    expect(page.html).toContain('aria-invalid="true"');
  });
});

describe("/admin/staff without JavaScript", () => {
  it("shows the invite form's errors per field and keeps what was typed, changing nothing", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const before = await shop.rows(sql`SELECT count(*)::int AS n FROM customers`);
    const page = await post("/admin/staff", admin.token, {
      intent: "invite",
      email: "nobody",
      firstName: "Al",
      lastName: "Turing",
      role: "manager",
    });
    expect(page.status).toBe(400);
    expect(page.html).toContain("Please enter a valid email.");
    expect(page.html).toContain("First name should be at least 3 characters.");
    expect(page.html).toContain('value="Turing"');
    expect(await shop.rows(sql`SELECT count(*)::int AS n FROM customers`)).toEqual(before);
  });

  it("invites, then demotes through the confirmation step", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const email = `page-invite-${Date.now()}@example.test`;
    const invited = await post("/admin/staff", admin.token, {
      intent: "invite",
      email,
      firstName: "Alan",
      lastName: "Turing",
      role: "manager",
    });
    expect(invited.status).toBe(200);
    expect(invited.html).toContain(`Invitation sent to ${email}.`);
    const [row] = await shop.rows<{ id: string; role: string }>(
      sql`SELECT id, role FROM customers WHERE email = ${email}`,
    );
    expect(row?.role).toBe("manager");

    const confirm = await open(`/admin/staff?demote=${row!.id}`, admin.token);
    expect(confirm.html).toContain("Demote Alan Turing to customer?");
    expect(
      (await shop.rows<{ role: string }>(sql`SELECT role FROM customers WHERE id = ${row!.id}`))[0]?.role,
    ).toBe("manager");
    const demoted = await post("/admin/staff", admin.token, { intent: "demote", id: row!.id });
    expect(demoted.status).toBe(200);
    expect(demoted.html).toContain(`${email} is now a customer.`);
    expect(
      (await shop.rows<{ role: string }>(sql`SELECT role FROM customers WHERE id = ${row!.id}`))[0]?.role,
    ).toBe("customer");
  });

  it("answers a refused change in the page (an admin's own role: 409)", async () => {
    const admin = await createCustomer(shop, { role: "admin" });
    const page = await post("/admin/staff", admin.token, { intent: "role", id: admin.id, role: "manager" });
    expect(page.status).toBe(409);
    expect(page.html).toContain("You cannot change your own role");
  });
});

describe("/admin/products/:id/history", () => {
  it("shows the product's title and its trail to a manager; an unknown product is a 404", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const item = await stockedItem(shop, { stock: 5 });
    const [product] = await shop.rows<{ title: string }>(
      sql`SELECT title FROM products WHERE id = ${item.productId}`,
    );
    await shop.ctx.db.execute(sql`INSERT INTO audit_log (at, actor_id, actor_email, action, entity, entity_id, before, after)
      VALUES (now(), ${manager.id}, ${manager.email}, 'product.update', 'product', ${item.productId},
              '{"title":"Before title"}'::jsonb, '{"title":"After title"}'::jsonb)`);
    const page = await open(`/admin/products/${item.productId}/history`, manager.token);
    expect(page.status).toBe(200);
    expect(page.html).toContain(product!.title.replaceAll("&", "&amp;").replaceAll("'", "&#x27;"));
    expect(page.html).toContain("product.update");
    expect(page.html).toContain("Before title");
    expect(page.html).toContain("After title");
    expect((await open(`/admin/products/${"f".repeat(24)}/history`, manager.token)).status).toBe(404);
  });
});
