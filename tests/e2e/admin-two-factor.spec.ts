import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import { generate } from "otplib";
import { PNG } from "pngjs";
import { createSessionToken } from "../../core/accounts/tokens.ts";
import type { CoreContext } from "../../core/context.ts";
import { setPasswordToken } from "../../core/staff/staff-accounts.ts";
import { expect, test } from "./fixtures.ts";
import { E2E_JWT_SECRET } from "./secret.ts";
import { STORY_STAFF, storyStaffId } from "./story-staff.ts";
import { setTheme, shopOrigin } from "./support.ts";

// Staff two-step verification in the browser (docs/back-office/two-factor.md), on staff accounts of
// the stories' own (story-staff.ts).

const signing = { accounts: { secret: E2E_JWT_SECRET }, now: () => new Date() } as Pick<
  CoreContext,
  "accounts" | "now"
>;

/** The app's code for a moment `offsetSeconds` from now (the step after is accepted too, once). */
const appCode = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function logInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
}

test("an admin turns on two-step verification, then logs in with password and code", async ({ page }) => {
  const admin = STORY_STAFF.twoFactorAdmin;
  await page.goto("/auth/log-in?redirectTo=%2Fadmin%2Faccount");
  await logInWithPassword(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
  await expect(page.getByText("Off.")).toBeVisible();

  await page.getByLabel("Current password").fill(admin.password);
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = (await page.getByTestId("totp-key").textContent())!.replace(/\s/g, "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByRole("link", { name: "Open the key in your authenticator app" })).toHaveAttribute(
    "href",
    new RegExp(`^otpauth://totp/.*secret=${key}`),
  );
  // The QR code, as a phone's camera reads it off the screen, is the same key's address.
  const qr = page.getByRole("img", { name: "QR code of the key: scan it with your authenticator app" });
  const shot = PNG.sync.read(await qr.screenshot());
  const scanned = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
  expect(scanned?.data).toBe(
    await page.getByRole("link", { name: "Open the key in your authenticator app" }).getAttribute("href"),
  );

  const wrong = String((Number(await appCode(key)) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("Authentication code").fill(wrong);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not right. Check your app and try again.")).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Authentication code").fill(await appCode(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-step verification is on.")).toBeVisible();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/log-in$/);
  await page.goto("/auth/log-in?redirectTo=%2Fadmin");
  await logInWithPassword(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  // The code of the next 30 seconds: the one that turned it on may still be current, and is spent.
  await page.getByLabel("Authentication code").fill(await appCode(key, 30));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("a new manager sets their password from the link, lands in the back office, and the link is spent", async ({
  page,
}) => {
  const token = await setPasswordToken(signing, {
    id: storyStaffId(STORY_STAFF.invitedManager.email),
    tokenVersion: 0,
  });
  await page.goto(`/auth/set-password?token=${token}`);
  await expect(page.getByText(STORY_STAFF.invitedManager.email)).toBeVisible();
  await page.getByLabel("New Password").fill("short");
  await page.getByLabel("Confirm Password").fill("different");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Password should be at least 8 characters.")).toBeVisible();
  await page.getByLabel("New Password").fill("manager-password-1");
  await page.getByLabel("Confirm Password").fill("manager-password-1");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto(`/auth/set-password?token=${token}`);
  await expect(page.getByText("This link has already been used.")).toBeVisible();
  await page.goto("/auth/set-password?token=not-a-token");
  await expect(page.getByText("This link is not valid.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to log in" })).toBeVisible();
});

for (const theme of ["light", "dark"] as const) {
  test(`/admin/account while setting up is accessible (${theme})`, async ({ page, context, axe }) => {
    const manager = STORY_STAFF.accountPageManager;
    await setTheme(context, theme);
    const session = await createSessionToken(signing, { id: storyStaffId(manager.email), tokenVersion: 0 });
    await context.addCookies([{ name: "JWTToken", value: session, url: shopOrigin() }]);
    await page.goto("/admin/account");
    // The other theme's scan may have started already: a key waiting is shown again.
    if ((await page.getByTestId("totp-key").count()) === 0) {
      await page.getByLabel("Current password").fill(manager.password);
      await page.getByRole("button", { name: "Set up two-step verification" }).click();
    }
    await expect(page.getByTestId("totp-key")).toBeVisible();
    await axe.check("main");
  });
}
