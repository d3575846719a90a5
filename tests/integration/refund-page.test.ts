import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payTestCheckout, TEST_CARD_PAYS } from "#core/payments/builtin-checkout.ts";
import { createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCardOrder, placeCashOrder, stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The refund page as a browser without JavaScript uses it (docs/back-office/refunds.md#the-refund-page):
// who may open it, what it shows, a refund by line that lands on the order's page, a double submit
// of one rendered form refunding once, and a refusal shown beside its field with what was typed.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

const text = (html: string) => html.replaceAll("<!-- -->", "");

async function open(path: string, token?: string) {
  const res = await storefront.request(path, { cookie: token });
  return { status: res.status, html: text(await res.text()) };
}

async function post(path: string, token: string, form: Record<string, string>) {
  const res = await storefront.request(path, { form, cookie: token, headers: FROM_OUR_PAGE });
  return { status: res.status, html: text(await res.text()), location: res.headers.get("location") };
}

let phoneCounter = 0;
let adminAccount: TestCustomer | undefined;
const admin = async () => (adminAccount ??= await createCustomer(shop, { role: "admin" }));

async function paidOrder() {
  const phone = `+2126129${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone] });
  const item = await stockedItem(shop, { stock: 10, priceCents: 2500 });
  const { orderId, sessionId } = await placeCardOrder(shop, customer, [{ item, quantity: 2 }], { phone });
  await payTestCheckout(shop.ctx, sessionId, { cardNumber: TEST_CARD_PAYS, expiry: "12/40", cvc: "123" });
  const [order] = await shop.rows<{ number: number; total_after_discount_cents: number }>(
    sql`SELECT number, total_after_discount_cents FROM orders WHERE id = ${orderId}`,
  );
  return { customer, orderId, item, ...order! };
}

/** The hidden key the rendered form carries. */
const keyOf = (html: string) => html.match(/name="idempotencyKey" value="([^"]+)"/)?.[1] ?? "";

const refundCount = async (orderId: string) =>
  (
    await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_refunds WHERE order_id = ${orderId}`,
    )
  )[0]!.n;

describe("/admin/orders/:orderId/refund", () => {
  it("is an admin's: a manager is refused inside the back office, a customer sees the shop's 404", async () => {
    const { orderId } = await paidOrder();
    const manager = await createCustomer(shop, { role: "manager" });
    const refused = await open(`/admin/orders/${orderId}/refund`, manager.token);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain("Only an administrator may do this.");
    const customer = await createCustomer(shop);
    expect((await open(`/admin/orders/${orderId}/refund`, customer.token)).status).toBe(404);
    expect((await open("/admin/orders/0123456789abcdef01234567/refund", (await admin()).token)).status).toBe(
      404,
    );
  });

  it("refunds by line without JavaScript, once for a double submit, and goes to the order's page", async () => {
    const { orderId, number, total_after_discount_cents } = await paidOrder();
    const { token } = await admin();
    const page = await open(`/admin/orders/${orderId}/refund`, token);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Refund order #${number}`);
    expect(page.html).toContain(formatUsd(total_after_discount_cents));
    const key = keyOf(page.html);
    expect(key).not.toBe("");

    const form = { idempotencyKey: key, "quantity-0": "1", amount: "", reason: "One came back" };
    const [first, second] = [
      await post(`/admin/orders/${orderId}/refund`, token, form),
      await post(`/admin/orders/${orderId}/refund`, token, form),
    ];
    for (const answer of [first, second]) {
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/admin/orders/${orderId}?refunded=1`);
    }
    expect(await refundCount(orderId)).toBe(1);

    const after = await open(`/admin/orders/${orderId}/refund`, token);
    expect(after.html).toContain("One came back");
    expect(after.html).toContain("1 refunded");
    expect(keyOf(after.html)).not.toBe(key);
  });

  it("shows a refusal beside its field and keeps what was typed", async () => {
    const { orderId } = await paidOrder();
    const { token } = await admin();
    const key = keyOf((await open(`/admin/orders/${orderId}/refund`, token)).html);
    const tooMuch = await post(`/admin/orders/${orderId}/refund`, token, {
      idempotencyKey: key,
      "quantity-0": "0",
      amount: "5000",
      reason: "Everything and more",
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.html).toMatch(/id="field-amount-error"[^>]*>At most /);
    expect(tooMuch.html).toContain("Everything and more</textarea>");
    // The next try is a new refund: its form has a new key.
    expect(keyOf(tooMuch.html)).not.toBe(key);

    const both = await post(`/admin/orders/${orderId}/refund`, token, {
      idempotencyKey: key,
      "quantity-0": "1",
      amount: "3",
      reason: "Both",
    });
    expect(both.status).toBe(400);
    expect(both.html).toContain("Give an amount or lines to refund, not both.");
    const noReason = await post(`/admin/orders/${orderId}/refund`, token, {
      idempotencyKey: key,
      amount: "3",
      reason: " ",
    });
    expect(noReason.status).toBe(400);
    expect(noReason.html).toMatch(/id="field-reason-error"[^>]*>Reason is required\./);
    expect(await refundCount(orderId)).toBe(0);
  });

  it("says why nothing can be refunded on an order not paid yet, and offers no form", async () => {
    const phone = `+2126129${String(++phoneCounter).padStart(5, "0")}`;
    const customer = await createCustomer(shop, { phoneNumbers: [phone] });
    const item = await stockedItem(shop, { stock: 10, priceCents: 1000 });
    const orderId = await placeCashOrder(shop, customer, [{ item, quantity: 1 }], { phone });
    const page = await open(`/admin/orders/${orderId}/refund`, (await admin()).token);
    expect(page.status).toBe(200);
    expect(page.html).toContain(
      "is paid on delivery and has not been collected: there is nothing to refund.",
    );
    expect(page.html).not.toContain('name="idempotencyKey"');
  });
});

function formatUsd(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} USD`;
}
