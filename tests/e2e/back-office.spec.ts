import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type Page, request as playwrightRequest } from "@playwright/test";
import { generate } from "otplib";
import sharp from "sharp";
import { BACK_OFFICE_ORIGIN, FIRST_ADMIN_EMAIL, FIRST_ADMIN_LINK_FILE } from "./first-admin.ts";
import { expect, test } from "./fixtures.ts";
import { DEMO, type OutboxMessage, sessionToken } from "./support.ts";

// The back office as a shop runs it (docs/back-office/README.md), on a shop of its own
// (playwright.config.ts: the tax rate and a coupon change what every cart there sees). The first
// admin comes from `npm run staff` (tests/e2e/shop-server.ts), signs in with a TOTP code and invites a
// manager; the manager creates a product with two sizes and a photo, which the storefront shows at
// once, restocks a size a shopper holds, and disables the coupon the shopper's cart uses; the admin
// changes the tax rate and the cart's totals follow.

const BASE = BACK_OFFICE_ORIGIN;
test.use({ baseURL: BASE });

const appCode = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** A browser of its own for each person, on the back office's shop. */
async function personAt(browser: Browser, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ baseURL: BASE, viewport });
  return { context, page: await context.newPage() };
}

/** The newest mail to `to` in the built-in outbox. */
async function latestMail(page: Page, to: string): Promise<OutboxMessage> {
  let mail: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
      mail = ((await res.json()) as OutboxMessage[])[0];
      return mail?.subject;
    })
    .toBeTruthy();
  return mail!;
}

/** Sets a password on the set-password page a link opens; the page signs the person in. */
async function setPassword(page: Page, link: string, password: string) {
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByLabel("New Password").fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A row of the cart's order summary, as the shopper reads it. */
const summaryRow = (page: Page, label: string) =>
  page
    .locator("dl div, dl > *")
    .filter({ has: page.getByText(label, { exact: true }) })
    .first();

async function shopperCart(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const shopper = await personAt(browser);
  await shopper.context.addCookies([{ name: "JWTToken", value: await sessionToken(DEMO.id), url: BASE }]);
  return shopper;
}

test("the first admin signs in with TOTP and invites a manager, who runs the catalogue; the storefront and a cart follow", async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The owner opens the link `npm run staff -- add owner@shop.test --role admin` printed.
  const link = readFileSync(path.join(process.env.E2E_BACK_OFFICE_DATA_DIR!, FIRST_ADMIN_LINK_FILE), "utf8");
  const owner = await personAt(browser);
  const ownerPassword = "owner-password-1";
  await setPassword(owner.page, link, ownerPassword);

  // Two-step verification on, then a log-in that needs the code.
  await owner.page.goto("/admin/account");
  await owner.page.getByLabel("Current password").fill(ownerPassword);
  await owner.page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = (await owner.page.getByTestId("totp-key").textContent())!.replace(/\s/g, "");
  await owner.page.getByLabel("Authentication code").fill(await appCode(key));
  await owner.page.getByRole("button", { name: "Turn on" }).click();
  await expect(owner.page.getByText("Two-step verification is on.")).toBeVisible();
  await owner.page.getByRole("button", { name: "Log out" }).click();
  await expect(owner.page).toHaveURL(/\/auth\/log-in$/);
  await owner.page.getByLabel("Email").fill(FIRST_ADMIN_EMAIL);
  await owner.page.getByLabel("Password").fill(ownerPassword);
  await owner.page.getByRole("button", { name: "Log In" }).click();
  await expect(owner.page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  // The next step's code: the one that turned it on may still be current, and is spent.
  await owner.page.getByLabel("Authentication code").fill(await appCode(key, 30));
  await owner.page.getByRole("button", { name: "Verify" }).click();
  // Staff without a page to go back to land in the back office.
  await expect(owner.page).toHaveURL(/\/admin$/);

  // The owner invites a manager, who sets a password from the mailed link.
  const managerEmail = "floor-manager@shop.test";
  await owner.page.goto("/admin/staff");
  await owner.page.getByLabel("Email", { exact: true }).fill(managerEmail);
  await owner.page.getByLabel("First name", { exact: true }).fill("Farah");
  await owner.page.getByLabel("Last name", { exact: true }).fill("Floor");
  await owner.page.getByLabel("Role", { exact: true }).selectOption("manager");
  await owner.page.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.page.getByText(`Invitation sent to`)).toBeVisible();
  const invitation = await latestMail(owner.page, managerEmail);
  const invitationLink = invitation.text.match(/https?:\/\/\S+\/auth\/set-password\?token=\S+/)![0];
  const manager = await personAt(browser);
  await setPassword(manager.page, invitationLink, "manager-password-1");
  await expect(manager.page.getByRole("link", { name: "Settings" })).toHaveCount(0);

  // The manager creates a product with two sizes…
  const shopper = await shopperCart(browser);
  const cover = (
    (await (await shopper.page.request.get("/api/v1/products?limit=1&fields=imageCover")).json()) as {
      data: { imageCover: string }[];
    }
  ).data[0]!.imageCover;
  const { page: m } = manager;
  await m.goto("/admin/products/new");
  await m.getByLabel("Title", { exact: true }).fill("Harbour Linen Shirt");
  // No slug typed: the form makes one from the title and colour name.
  await m
    .getByLabel("Description", { exact: true })
    .fill("A loose linen shirt for warm evenings by the sea.");
  await m.getByLabel("Colour (slug)", { exact: true }).fill("sand");
  await m.getByLabel("Colour name", { exact: true }).fill("Sand");
  await m.getByLabel("Size 1", { exact: true }).fill("S");
  await m.getByLabel("Price", { exact: true }).first().fill("49.90");
  await m.getByLabel("Stock", { exact: true }).first().fill("3");
  // The new form has three rows; "Add a size" posts it back and it returns with a fourth, built
  // from what was posted. Typing before it returns would be lost when the form comes back.
  await m.getByRole("button", { name: "Add a size" }).click();
  await expect(m.getByLabel("Size 4", { exact: true })).toBeVisible();
  await expect(m.getByLabel("Size 1", { exact: true })).toHaveValue("S");
  await m.getByLabel("Size 2", { exact: true }).fill("M");
  await m.getByLabel("Price", { exact: true }).nth(1).fill("49.90");
  await m.getByLabel("Stock", { exact: true }).nth(1).fill("2");
  await m.getByLabel("Image URLs, one per line (the first is the cover)").fill(new URL(cover).pathname);
  await m.getByRole("button", { name: "Create product" }).click();
  await expect(m).toHaveURL(/\/admin\/products\/[0-9a-f]{24}\?saved=created$/);
  const productId = new URL(m.url()).pathname.split("/").pop()!;
  await expect(m.getByLabel("Slug", { exact: true })).toHaveValue("harbour-linen-shirt-sand");

  // …and a photo of it.
  await m.getByRole("navigation", { name: "Product" }).getByRole("link", { name: "Photos" }).click();
  const photo = await sharp({
    create: { width: 900, height: 1200, channels: 3, background: { r: 214, g: 196, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  await m
    .getByLabel("Add a photo")
    .setInputFiles({ name: "harbour.jpg", mimeType: "image/jpeg", buffer: photo });
  await m.getByRole("button", { name: "Upload photo" }).click();
  await expect(m.locator(`img[src*="/media/products/${productId}/"]`).first()).toBeVisible();

  // The storefront shows it at once: search, and its page with the uploaded photo.
  const { page: s } = shopper;
  await s.goto("/search/harbour");
  await expect(s.getByRole("link", { name: /Harbour Linen Shirt/ }).first()).toBeVisible();
  await s.goto(`/product/${productId}`);
  await expect(s.getByRole("heading", { name: "Harbour Linen Shirt" })).toBeVisible();
  await expect(s.locator(`img[src*="/media/products/${productId}/"]`).first()).toBeVisible();

  // The shopper holds both M in the cart; the manager restocks M meanwhile.
  const add = await s.request.post("/api/v1/customer/shopping-cart", {
    data: { productId, quantity: 2, size: "M" },
  });
  expect(add.status(), await add.text()).toBeLessThan(300);
  await m.goto(`/admin/products/${productId}/stock`);
  await m.getByLabel("Size", { exact: true }).selectOption("M");
  await m.getByLabel(/^Restock/).check();
  await m.getByLabel("Quantity (or the number counted)").fill("5");
  await m.getByRole("button", { name: "Save adjustment" }).click();
  const mRow = m
    .getByRole("row")
    .filter({ has: m.getByRole("cell", { name: "M", exact: true }) })
    .first();
  await expect(mRow).toContainText("7");
  await s.goto("/customer/shopping-cart");
  await expect(s.getByText("Harbour Linen Shirt").first()).toBeVisible();

  // A coupon the manager creates, which the shopper applies, and which the manager then disables.
  await m.goto("/admin/coupons");
  await m.getByRole("textbox", { name: "Code", exact: true }).fill("HARBOUR15");
  await m.getByLabel("Discount (%)", { exact: true }).fill("15");
  await m.getByLabel("Expires", { exact: true }).fill("2099-12-31");
  await m.getByRole("button", { name: "Create coupon" }).click();
  await expect(m.getByRole("heading", { name: "Coupon HARBOUR15" })).toBeVisible();
  await s.getByLabel("Coupon Code").fill("harbour15");
  await s.getByRole("button", { name: "Apply" }).click();
  await expect(summaryRow(s, "Coupon Code")).toContainText("HARBOUR15");
  await m.getByRole("button", { name: "Disable coupon" }).click();
  await expect(m.getByRole("button", { name: "Enable coupon" })).toBeVisible();
  await s.goto("/customer/shopping-cart");
  await expect(
    s.getByText("Coupon HARBOUR15 is no longer valid. It was removed from your cart."),
  ).toBeVisible();
  await expect(s.getByText("Coupon Discount (%)")).toHaveCount(0);

  // The owner changes the tax rate; the cart's tax follows on its next read.
  const taxBefore = (await summaryRow(s, "Tax Price").textContent())!;
  await owner.page.goto("/admin/settings");
  await owner.page.getByLabel("Tax rate (%)", { exact: true }).fill("25");
  await owner.page.getByRole("button", { name: "Save settings" }).click();
  await expect(owner.page.getByText("Settings saved")).toBeVisible();
  await s.goto("/customer/shopping-cart");
  const taxAfter = (await summaryRow(s, "Tax Price").textContent())!;
  expect(taxAfter).not.toBe(taxBefore);
  // 25 % of the two M at 49.90: 24.95.
  expect(taxAfter).toContain("24,95 USD");

  for (const person of [owner, manager, shopper]) await person.context.close();
});

test("on a phone, a manager finds the menu, opens a product and restocks it", async ({ browser }) => {
  const { context, page } = await personAt(browser, { width: 390, height: 844 });
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const manager = (await (
    await api.post("/api/v1/auth/login", { data: { email: "manager@shop.test", password: "manager12345" } })
  ).json()) as { token: string };
  await api.dispose();
  await context.addCookies([{ name: "JWTToken", value: manager.token, url: BASE }]);
  await page.goto("/admin");
  await page.getByText("Menu", { exact: true }).click();
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
  // Exact, and the address too: the dashboard's "Top products" heading matched "Products", and the
  // click below then hit its low-stock table's link to a product's stock page.
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole("heading", { name: "Products", exact: true })).toBeVisible();
  // The table scrolls sideways inside its own region; the page itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.locator("tbody a").first().click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f]{24}$/);
  await page.getByRole("navigation", { name: "Product" }).getByRole("link", { name: "Stock" }).click();
  await page.getByLabel(/^Restock/).check();
  await page.getByLabel("Quantity (or the number counted)").fill("4");
  await page.getByRole("button", { name: "Save adjustment" }).click();
  await expect(page.getByRole("table").last()).toContainText("Restock");
  await context.close();
});
