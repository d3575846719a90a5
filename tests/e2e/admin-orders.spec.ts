import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { BACK_OFFICE_ORIGIN } from "./first-admin.ts";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import {
  type ApiOrder,
  createCustomerWithPhone,
  DEMO_STAFF,
  type OutboxMessage,
  placeOrder,
  sessionToken,
} from "./support.ts";

// A manager works a cash-on-delivery order through the back office (docs/back-office/orders.md), on
// the back office's own shop, whose workers send the customer's mail as a real shop does: found in
// /admin/orders, marked processing from the list, shipped from its page with the carrier and
// tracking, and marked collected. After each step the customer's mail is read from the outbox.

test.use({ baseURL: BACK_OFFICE_ORIGIN });

async function managerPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL: BACK_OFFICE_ORIGIN,
    viewport: { width: 1440, height: 900 },
    ...options,
  });
  const token = await sessionToken(DEMO_STAFF.manager.id, 0, "manager");
  await context.addCookies([{ name: "JWTToken", value: token, url: BACK_OFFICE_ORIGIN }]);
  return { context, page: await context.newPage() };
}

/** Every message the outbox holds for `to`, newest first. */
async function mailTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as OutboxMessage[]).filter((m) => m.channel === "email");
}

/** Waits until the customer's newest mail is about this order and says `words`. */
async function expectMail(request: APIRequestContext, to: string, order: ApiOrder, words: RegExp) {
  await expect
    .poll(async () => (await mailTo(request, to))[0]?.subject ?? "", { timeout: 20_000 })
    .toMatch(new RegExp(`#${order.number}\\b.*${words.source}|${words.source}.*#${order.number}\\b`, "i"));
}

/** The rows of the order page's Messages table, as text. */
const messages = (page: Page) => page.getByRole("region", { name: "Messages" }).getByTestId("order-message");

test("a manager finds a cash order, marks it processing, ships it and marks it collected; the customer is mailed", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, "admin-orders");
  const order = await placeOrder(request, customer, product);
  await expectMail(request, customer.email, order, /received/);

  const { page } = await managerPage(browser);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Orders" })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await page.getByLabel("Order number, email or phone").fill(`#${order.number}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=%23${order.number}`));
  const table = page.getByRole("table", { name: "Orders" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(`#${order.number}`);
  await expect(row).toContainText(customer.email);
  await expect(row.getByTestId("order-status")).toHaveText("Placed");

  // Processing, from the list: each selected order's outcome is reported.
  await row.getByRole("checkbox", { name: `Select order #${order.number}` }).check();
  await page.getByRole("button", { name: "Mark processing" }).click();
  const results = page.getByRole("status").filter({ hasText: "Mark processing" });
  await expect(results).toContainText("1 of 1 order moved");
  await expect(results.getByRole("listitem")).toHaveText(
    new RegExp(`Done\\s*Order #${order.number}\\s*Marked processing.`),
  );
  await expect(row.getByTestId("order-status")).toHaveText("Processing");

  // Processing sends no mail: the order's messages are still only the "received" one.
  await row.getByRole("link", { name: `#${order.number}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${order.number}`);
  await expect(messages(page)).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Processing");
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(DEMO_STAFF.manager.email);

  // Shipped, from its page, with the carrier and tracking: the customer is mailed (and texted).
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText("Carrier is required to mark an order shipped.").last()).toBeVisible();
  await page.getByLabel("Carrier").fill("DHL Express");
  await page.getByLabel("Tracking number").fill("JD0146000033");
  await page.getByLabel("Tracking link (optional)").fill("https://www.dhl.com/track?id=JD0146000033");
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText(`Order #${order.number} marked shipped.`)).toBeVisible();
  const shipping = page.getByRole("region", { name: "Shipping" });
  await expect(shipping).toContainText("DHL Express");
  await expect(shipping.getByRole("link", { name: "JD0146000033" })).toHaveAttribute(
    "href",
    "https://www.dhl.com/track?id=JD0146000033",
  );
  await expectMail(request, customer.email, order, /shipped/);
  // Each message's delivery shows on the order's page.
  await expect(async () => {
    await page.reload();
    await expect(messages(page)).toHaveCount(3);
    for (const message of await messages(page).all()) await expect(message).toContainText("Sent");
  }).toPass({ timeout: 20_000 });

  // Collected: a cash order's delivery is its payment.
  await page.getByRole("button", { name: "Mark collected" }).click();
  await expect(page.getByText(`Order #${order.number} marked collected: delivered and paid.`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment" })).not.toContainText("Not yet");
  await expect(page.getByRole("region", { name: "Next steps" })).toContainText("Mark returned");
  await expectMail(request, customer.email, order, /delivered/);
});

test("a manager ships a selection in bulk without JavaScript: one tracking number each, and an order not ready is left out", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { product } = await storyProduct(request, "admin-orders-bulk");
  const buyers = [await createCustomerWithPhone(request), await createCustomerWithPhone(request)];
  const [ready, early] = [
    await placeOrder(request, buyers[0]!, product),
    await placeOrder(request, buyers[1]!, product),
  ];

  const { page } = await managerPage(browser, { javaScriptEnabled: false });
  await page.goto(`/admin/orders?q=%23${ready.number}`);
  await page.getByRole("checkbox", { name: `Select order #${ready.number}` }).check();
  await page.getByRole("button", { name: "Mark processing" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Mark processing" })).toContainText(
    "1 of 1 order moved",
  );

  // "Mark shipped…" takes the selection to the ship page, in its URL; the second order is added
  // there as a hand-made selection would be.
  await page.getByRole("checkbox", { name: `Select order #${ready.number}` }).check();
  await page.getByRole("button", { name: "Mark shipped…" }).click();
  await expect(page).toHaveURL(`/admin/orders/ship?order=${ready._id}`);
  await page.goto(`/admin/orders/ship?order=${ready._id}&order=${early._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ship orders");
  const selection = page.getByRole("list", { name: "Selected orders" }).getByRole("listitem");
  await expect(selection).toHaveCount(2);
  await expect(selection.nth(1)).toContainText("Not being prepared");
  await page.getByRole("button", { name: "Mark 1 order shipped" }).click();
  // Nothing moves until every row is right: the problems show under their fields.
  await expect(page.getByRole("alert").first()).toContainText("2 fields need attention");
  await expect(page.getByText("Carrier is required to mark an order shipped.")).toBeVisible();
  await expect(page.getByText("Tracking number is required to mark an order shipped.")).toBeVisible();

  await page.getByLabel("Carrier").fill("Amana");
  await page.getByLabel(`Tracking number of order #${ready.number}`).fill("AM123456789MA");
  await page
    .getByLabel(`Tracking link of order #${ready.number} (optional)`)
    .fill("http://track.example/AM1");
  await page.getByRole("button", { name: "Mark 1 order shipped" }).click();
  await expect(
    page
      .getByRole("list", { name: "Selected orders" })
      .getByText("Tracking URL must be an https:// address."),
  ).toBeVisible();
  await page.getByLabel(`Tracking link of order #${ready.number} (optional)`).fill("");
  await page.getByRole("button", { name: "Mark 1 order shipped" }).click();
  const results = page.getByRole("status").filter({ hasText: "Mark shipped" });
  await expect(results).toContainText("1 of 1 order moved");
  await expect(results.getByRole("listitem")).toHaveText(
    new RegExp(`Done\\s*Order #${ready.number}\\s*Marked shipped.`),
  );

  await page.goto(`/admin/orders/${ready._id}`);
  await expect(page.getByTestId("order-status").first()).toHaveText("Shipped");
  await expect(page.getByRole("region", { name: "Shipping" })).toContainText("AM123456789MA");
  await page.goto(`/admin/orders/${early._id}`);
  await expect(page.getByTestId("order-status").first()).toHaveText("Placed");
  await expectMail(request, buyers[0]!.email, ready, /shipped/);
});
