import { startWebhookReceiver, verifyShopSignature } from "../support/webhook-receiver.ts";
import { expect, test } from "./fixtures.ts";
import { logInAsStaff, setTheme } from "./support.ts";

// Webhooks in the back office, in a browser without JavaScript (docs/integrations/webhooks.md): an
// admin registers an endpoint on a receiver of the test's own, copies its secret (shown once), sends
// it a test event and sees it delivered, disables and enables it, rotates its secret and deletes it.
// The endpoint listens only for refunds, so the other stories' orders do not reach it meanwhile.

test.use({ javaScriptEnabled: false });

test("an admin registers a webhook endpoint, tests it, rotates its secret and deletes it", async ({
  page,
  context,
  axe,
}) => {
  // A long story (create, deliver, disable, rotate, delete) whose delivery waits up to a minute on
  // the job queue.
  test.setTimeout(150_000);
  const receiver = await startWebhookReceiver("/hooks/e2e");
  try {
    await setTheme(context, "light");
    await logInAsStaff(context, "admin");
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Webhooks" })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    // A URL the shop may not send to is refused under its field.
    await page.getByLabel("URL").fill("http://hooks.example.com/shop");
    await page.getByRole("button", { name: "Create endpoint" }).click();
    await expect(page.locator("#field-url-error")).toHaveText(
      "URL must start with https:// (http:// is allowed only to this machine: localhost or 127.0.0.1).",
    );

    await page.getByLabel("URL").fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("Refunds to the accounting system");
    await page.getByLabel("Only these events:").check();
    await page.getByRole("checkbox", { name: /order\.refunded/ }).check();
    await page.getByRole("button", { name: "Create endpoint" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Webhook endpoint created." })).toBeVisible();
    const secret = await page.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    // The panel that shows a secret is only ever on the answer to a post: scanned here.
    await axe.check("body");

    // Shown once: the list, read again, does not show it.
    await page.goto("/admin/webhooks");
    await expect(page.getByLabel("Signing secret", { exact: true })).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    const row = page.getByRole("row").filter({ hasText: receiver.url });
    await expect(row).toContainText("order.refunded");
    await row.getByRole("link", { name: receiver.url }).click();

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("Test event queued")).toBeVisible();
    const deliveries = page.getByRole("table", { name: "Deliveries" });
    // The job queue's worker picks the delivery up within its polling interval; a busy machine may
    // take a while, so the page is read again until the row says so.
    await expect
      .poll(
        async () => {
          await page.reload();
          return deliveries.getByRole("row").nth(1).innerText();
        },
        { timeout: 60_000 },
      )
      .toMatch(/ping\s.*delivered\s+1\s+200/s);
    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    expect(ping!.payload.type).toBe("ping");
    expect(verifyShopSignature(secret, ping!.headers["x-shop-signature"] as string, ping!.body)).toBe(true);

    await page.getByRole("button", { name: "Disable endpoint" }).click();
    await expect(page.getByText("Endpoint disabled")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await page.getByRole("button", { name: "Enable endpoint" }).click();
    await expect(page.getByText("Endpoint enabled")).toBeVisible();

    await page.getByRole("link", { name: "Rotate secret" }).click();
    await expect(page.getByRole("heading", { name: "Replace the signing secret?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, replace the secret" }).click();
    const rotated = await page.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);

    await page.getByRole("link", { name: "Delete endpoint" }).click();
    await expect(page.getByRole("heading", { name: "Delete this endpoint?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByText("Webhook endpoint deleted.")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("a manager has no webhooks in the menu and may not open the page", async ({ page, context }) => {
  await logInAsStaff(context, "manager");
  await page.goto("/admin");
  await expect(
    page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Coupons" }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Webhooks" }),
  ).toHaveCount(0);
  const response = await page.goto("/admin/webhooks");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You may not open this page" })).toBeVisible();
});
