import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { storyProduct } from "./story-products.ts";
import { createCustomerWithPhone, logIn, logInAsStaff, placeOrder, price, shopOrigin } from "./support.ts";

// Order mail as the built-in outbox shows it (docs/back-office/notifications.md): an admin names the
// address for the staff's new-order alert on the settings page; a customer's cash order then mails
// its confirmation to them and the alert to that address, and /dev/outbox shows each mail's HTML as a
// mail client would, in a sandboxed frame, beside its plain text.
//
// On the main shop, not the back office's own: this story saves the settings form unchanged but for
// the alert address, which no other story reads; on the back office's shop its save could undo the
// tax rate the back-office story sets at the same time (the form saves every setting).

const ALERTS = "order-desk@shop.test";

/** The outbox's article for the mail with this subject. */
const outboxMail = (page: Page, subject: string) =>
  page.locator("article").filter({ has: page.getByRole("heading", { name: subject, exact: true }) });

test("an admin sets the order alert email; a cash order's mail and the staff's alert show in the outbox, rendered", async ({
  browser,
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);

  // The admin's settings page: a wrong address is refused naming the field, a right one is kept.
  const adminContext = await browser.newContext({ baseURL: shopOrigin() });
  await logInAsStaff(adminContext, "admin");
  const admin = await adminContext.newPage();
  await admin.goto("/admin/settings");
  const field = admin.getByLabel("Order alert email");
  await field.fill("the order desk");
  await admin.getByRole("button", { name: "Save settings" }).click();
  // The field says what is wrong with it.
  await expect(admin.getByLabel("Order alert email")).toHaveAccessibleDescription(
    /Order alert email must be an email address, or empty for none\./,
  );
  await admin.getByLabel("Order alert email").fill(ALERTS);
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByText("Settings saved: in force from the next request.")).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel("Order alert email")).toHaveValue(ALERTS);
  await adminContext.close();

  // A customer orders, cash on delivery.
  const customer = await createCustomerWithPhone(request);
  const { product } = await storyProduct(request, "notifications-order");
  const order = await placeOrder(request, customer, product);
  const subject = `Order #${order.number} received`;
  const total = price(order.pricing.totalPriceAfterDiscount);

  // The outbox shows the mail's HTML in a frame: the shop, the item, the total, a link to the order.
  const mail = outboxMail(page, subject);
  const alert = outboxMail(page, `New order #${order.number}: ${total}`);
  // The job queue sends both after the order's transaction, each in its own time and behind the
  // mail of every other story on this shop: on a loaded machine that can take longer than 10 s.
  await expect
    .poll(
      async () => {
        await page.goto("/dev/outbox");
        return [await mail.count(), await alert.count()];
      },
      { timeout: 60_000 },
    )
    .toEqual([1, 1]);
  await expect(mail).toContainText(`email to ${customer.email}`);
  const frame = page.frameLocator(`iframe[title="${subject} (HTML)"]`);
  await expect(frame.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  await expect(frame.getByText(product.title, { exact: true })).toBeVisible();
  await expect(frame.getByText(/^Size: M · Color: .+ · Quantity: 1$/)).toBeVisible();
  await expect(frame.getByText(total, { exact: true }).last()).toBeVisible();
  const orderLink = frame.getByRole("link", { name: "View your order" });
  const href = await orderLink.getAttribute("href");
  expect(href).toBe(`${shopOrigin()}/customer/orders/${order._id}`);
  // Its plain text, folded below, says the same.
  await mail.getByText("Plain text").click();
  await expect(mail.locator("pre")).toContainText(`${product.title}\nSize: M`);
  await expect(mail.locator("pre")).toContainText(`Total: ${total}`);
  await expect(mail.locator("pre")).toContainText(`View your order ${href}`);

  // The staff's alert went to the address the admin saved, and links to the back office.
  await expect(alert).toContainText(`email to ${ALERTS}`);
  const alertFrame = page.frameLocator(`iframe[title="New order #${order.number}: ${total} (HTML)"]`);
  await expect(alertFrame.getByRole("link", { name: "Open the order in the back office" })).toHaveAttribute(
    "href",
    `${shopOrigin()}/admin/orders/${order._id}`,
  );

  // How the mail looks: a phone and a desktop, light and dark (the mail's own dark styles).
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1440]) {
      // Tall enough for the whole article: a frame scrolled into view mid-shot paints late.
      await page.setViewportSize({ width, height: 2000 });
      await mail.scrollIntoViewIfNeeded();
      const file = testInfo.outputPath(`outbox-order-mail-${width}-${colorScheme}.png`);
      await mail.screenshot({ path: file });
      await testInfo.attach(`order mail ${width} px ${colorScheme}`, {
        path: file,
        contentType: "image/png",
      });
    }
  }

  // The link in the mail opens the order's page for its customer.
  await logIn(context, customer.id);
  await page.goto(new URL(href!).pathname);
  await expect(page.getByRole("heading", { name: `Order #${order.number}` })).toBeVisible();
});
