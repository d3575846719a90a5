import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Log-in, sign-up and reset hash a password (scrypt, ~0.4 s of a core here); with the other
// workers busy, the page after them can take a few seconds.
const AFTER_HASHING = { timeout: 15_000 };

import { storyProduct } from "./story-products.ts";
import {
  createCustomer,
  DEMO,
  hydrated,
  latestCode,
  logIn,
  type OutboxMessage,
  setTheme,
  shopOrigin,
} from "./support.ts";

async function fill(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

test("a shopper signs up, verifies the emailed code and sees the profile", async ({ page, request }) => {
  const email = `new-${Date.now()}@shop.test`;
  await page.goto("/auth/sign-up");
  await hydrated(page);
  // Messages appear only once a field has been touched (docs/storefront/README.md#forms).
  await expect(page.getByText("First name is required.")).toHaveCount(0);
  await page.getByLabel("First Name").focus();
  await page.getByLabel("Last Name").focus();
  await expect(page.getByText("First name is required.")).toBeVisible();
  await fill(page, "First Name", "Al");
  await expect(page.getByText("First name should be at least 3 characters.")).toBeVisible();
  await fill(page, "First Name", "Alice");
  await fill(page, "Last Name", "Martin");
  await fill(page, "Email", "not-an-email");
  await fill(page, "Password", "short");
  await page.getByLabel("Confirm Password").focus();
  await expect(page.getByText("Please enter a valid email.")).toBeVisible();
  await expect(page.getByText("Password should be at least 8 characters.")).toBeVisible();
  await fill(page, "Email", email);
  await fill(page, "Password", "secret-pass-1");
  await fill(page, "Confirm Password", "secret-pass-2");
  await page.getByLabel("Email").focus();
  await expect(page.getByText("Passwords must match.")).toBeVisible();
  await fill(page, "Confirm Password", "secret-pass-1");
  await page.getByRole("button", { name: "Sign Up" }).click();

  // On to email verification, which requested a code on entry.
  await expect(page).toHaveURL("/customer/email-verification", AFTER_HASHING);
  await expect(page.getByRole("heading", { name: "Email Verification" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`A verification code has been sent to ${email}`);
  const code = await latestCode(request, email);
  await hydrated(page);
  await fill(page, "Verification Code", code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify Email" }).click();
  // One message per problem: a wrong code is said under the code, not again in a box above.
  await expect(page.getByLabel("Verification Code")).toHaveAccessibleDescription(
    "The verification code is incorrect. Please try again.",
  );
  await expect(page.getByText("The verification code is incorrect. Please try again.")).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await fill(page, "Verification Code", code);
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.locator(".Toastify__toast--success")).toHaveText("Your email has been verified.");

  await page.goto("/customer/profile");
  await expect(page.getByText("Alice Martin")).toBeVisible();
  await expect(page.getByText("Customer", { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("+201000000000 (Not Set)")).toBeVisible();
  await expect(page.getByText("+201000000000 (Not Set)")).toHaveClass(/text-red/);
});

test("log in refuses a wrong password and brings the customer back to the product", {
  tag: "@smoke",
}, async ({ page, request }) => {
  const customer = await createCustomer(request, { verified: true });
  const { product, size } = await storyProduct(request, "accounts-log-in-to-add");
  const back = `/product/${product._id}?size=${encodeURIComponent(size.size)}`;
  await page.goto(back);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(`/auth/log-in?redirectTo=${encodeURIComponent(back)}`);
  await hydrated(page);

  await fill(page, "Email", customer.email);
  await fill(page, "Password", "wrong-password");
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password.", AFTER_HASHING);
  await fill(page, "Password", customer.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(back, AFTER_HASHING);
  const cookie = (await page.context().cookies()).find((c) => c.name === "JWTToken");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  // 90 days, give or take the test's own duration.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(89 * 86_400_000);
  expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);
  await expect(page.getByRole("navigation", { name: "Main" }).getByLabel("Account menu")).toBeVisible();

  // Back on the product, signed in: the add to cart that asked for the log-in now goes through.
  await hydrated(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.locator(".Toastify__toast--success")).toContainText(
    `${product.title} (size ${size.size.toUpperCase()}) added to your cart.`,
  );
  const cart = await request.get("/api/v1/customer/shopping-cart", {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(cart.status()).toBe(200);
  const { cartItems } = (await cart.json()) as {
    cartItems: { product: { _id: string }; size: string | null; quantity: number }[];
  };
  expect(cartItems.map((line) => [line.product._id, line.size, line.quantity])).toEqual([
    [product._id, size.size, 1],
  ]);
});

test("the log-in form shows its messages once touched and a busy label while submitting", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await page.goto("/auth/log-in");
  await hydrated(page);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page.getByText("Email is required.")).toBeVisible();
  await expect(page.getByText("Password is required.")).toBeVisible();
  await fill(page, "Email", "x@");
  await expect(page.getByText("Please enter a valid email.")).toBeVisible();
  await fill(page, "Email", customer.email);
  await fill(page, "Password", customer.password);
  // The post is held at the network until the busy state has been seen, however slow the machine.
  let busySeen!: () => void;
  const seen = new Promise<void>((resolve) => {
    busySeen = resolve;
  });
  let held = 0;
  await page.route("**/auth/log-in*", async (route) => {
    if (route.request().method() === "POST") {
      held++;
      await seen;
    }
    await route.continue();
  });
  await page.getByRole("button", { name: "Log In" }).click();
  const busy = page.getByRole("button", { name: "Logging in..." });
  await expect(busy).toBeDisabled();
  await expect(page.locator("[data-busy='true']")).toHaveCount(1);
  await expect.poll(() => held).toBe(1);
  busySeen();
  await expect(page).toHaveURL("/", AFTER_HASHING);
  expect(held).toBe(1);
});

test("a customer who forgot the password resets it with the mailed code and is logged in", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await page.goto("/auth/log-in");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL("/auth/forgot-password");
  await hydrated(page);
  await page.getByRole("button", { name: "Send Password Reset Code" }).click();
  await expect(page.getByText("Email is required.")).toBeVisible();
  await fill(page, "Email", "nope");
  await expect(page.getByText("Please provide a valid email address.")).toBeVisible();
  await fill(page, "Email", customer.email);
  await page.getByRole("button", { name: "Send Password Reset Code" }).click();
  await expect(page.getByRole("status")).toContainText("a password reset code has been sent");
  await hydrated(page);

  // New Password and Confirm New Password appear once the code has exactly 6 characters.
  const code = await latestCode(request, customer.email);
  await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
  await fill(page, "Password Reset Code", code.slice(0, 5));
  await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
  await fill(page, "Password Reset Code", code);
  await fill(page, "New Password", "brand-new-pass");
  await fill(page, "Confirm New Password", "brand-new-pass");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL("/", AFTER_HASHING);
  await expect(page.locator(".Toastify__toast--success")).toHaveText("Your password has been changed.");
  await expect(page.getByRole("navigation", { name: "Main" }).getByLabel("Account menu")).toBeVisible();

  // The old password no longer works; the new one does.
  const old = await request.post("/api/v1/auth/login", {
    data: { email: customer.email, password: customer.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await request.post("/api/v1/auth/login", {
    data: { email: customer.email, password: "brand-new-pass" },
  });
  expect(fresh.status()).toBe(200);
});

test("a customer adds a phone number: a wrong code is refused, the right one verifies it", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, { verified: true });
  await logIn(page.context(), customer.id);
  await page.goto("/customer/add-phone-number");
  await hydrated(page);
  // Morocco (+212) is the default country.
  await expect(page.getByLabel("Country")).toHaveValue("MA");
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await expect(page.getByText("Phone number is required.")).toBeVisible();
  await fill(page, "Phone Number", "612");
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  // Said once, under the number (not again in a box above the form).
  await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription(
    "The phone number is invalid or incorrectly formatted.",
  );
  await expect(page.getByText("The phone number is invalid or incorrectly formatted.")).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await fill(page, "Phone Number", "612345678");
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await expect(page.getByRole("status")).toContainText("+212612345678");
  await hydrated(page);

  const code = await latestCode(request, "+212612345678");
  await fill(page, "Verification Code", "12");
  await page.getByLabel("Verification Code").blur();
  await expect(page.getByText("Verification code must be exactly 6 digits.")).toBeVisible();
  await fill(page, "Verification Code", code === "123456" ? "654321" : "123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Verification Code")).toHaveAccessibleDescription(
    "The code you entered is incorrect. Please try again.",
  );
  await expect(page.getByText("The code you entered is incorrect. Please try again.")).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await fill(page, "Verification Code", code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Phone Number Verified" })).toBeVisible();
  await expect(page.getByText("Phone number verified successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();

  await page.goto("/customer/profile");
  await expect(page.getByText("+212612345678")).toBeVisible();

  // The same number again is refused with the spec's message, before any SMS is sent.
  const texts = async () =>
    ((await (await request.get("/dev/outbox.json?to=%2B212612345678")).json()) as OutboxMessage[]).length;
  const textsBefore = await texts();
  // The codes texted above are there: the count below is of the right messages.
  expect(textsBefore).toBeGreaterThan(0);
  await page.goto("/customer/add-phone-number");
  await fill(page, "Phone Number", "612345678");
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await expect(page.getByText("This phone number already exists in your account.")).toHaveCount(1);
  expect(await texts()).toBe(textsBefore);
});

test.describe("guards", () => {
  test("guest-only pages send a signed-in customer home", async ({ page }) => {
    await logIn(page.context());
    for (const path of ["/auth/log-in", "/auth/sign-up", "/auth/forgot-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
    }
  });

  test("customer pages send a visitor home", async ({ page }) => {
    for (const path of ["/customer/profile", "/customer/add-phone-number", "/customer/email-verification"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
    }
  });

  test("a session that is no longer good ends and leads to log in", async ({ page, context }) => {
    await context.addCookies([{ name: "JWTToken", value: "not-a-real-token", url: shopOrigin() }]);
    await page.goto("/customer/profile");
    await expect(page).toHaveURL("/auth/log-in?redirectTo=%2Fcustomer%2Fprofile");
    expect((await context.cookies()).find((c) => c.name === "JWTToken")).toBeUndefined();
  });

  test("an unverified customer is sent to email verification, and onward once verified", async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request);
    await logIn(page.context(), customer.id);
    await page.goto("/customer/profile");
    await expect(page).toHaveURL("/customer/email-verification?redirectTo=%2Fcustomer%2Fprofile");
    const code = await latestCode(request, customer.email);
    await hydrated(page);
    await fill(page, "Verification Code", code);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await expect(page).toHaveURL("/customer/profile");
    // Verified already: the page goes straight on.
    await page.goto("/customer/email-verification");
    await expect(page).toHaveURL("/");
  });

  test("log out deletes the session and goes to the log-in page", async ({ page, context }) => {
    await logIn(context);
    await page.goto("/customer/profile");
    await page.getByLabel("Account menu").click();
    await page.getByRole("button", { name: "log out" }).filter({ visible: true }).click();
    await expect(page).toHaveURL("/auth/log-in");
    expect((await context.cookies()).find((c) => c.name === "JWTToken")).toBeUndefined();
    await page.goto("/customer/profile");
    await expect(page).toHaveURL("/");
  });
});

// One scan per page and theme; the forms are scanned with their touched-field messages showing.
test.describe("accessibility of the account pages", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const [path, submit, message] of [
      ["/auth/log-in", "Log In", "Email is required."],
      ["/auth/sign-up", "Sign Up", "First name is required."],
      ["/auth/forgot-password", "Send Password Reset Code", "Email is required."],
    ] as const) {
      test(`${path} showing its messages has no axe violations (${theme})`, async ({
        page,
        context,
        axe,
      }) => {
        await setTheme(context, theme);
        await page.goto(path);
        await hydrated(page);
        await page.getByRole("button", { name: submit }).click();
        await expect(page.getByText(message)).toBeVisible();
        await axe.check();
      });
    }

    test(`email verification has no axe violations (${theme})`, async ({ page, context, request, axe }) => {
      await setTheme(context, theme);
      const unverified = await createCustomer(request);
      await context.addCookies([{ name: "JWTToken", value: unverified.token, url: shopOrigin() }]);
      await page.goto("/customer/email-verification");
      await hydrated(page);
      await expect(page.getByRole("heading", { name: "Email Verification" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(
        `A verification code has been sent to ${unverified.email}`,
      );
      await axe.check();
    });

    test(`the profile has no axe violations (${theme})`, async ({ page, context, axe }) => {
      await setTheme(context, theme);
      await logIn(context);
      await page.goto("/customer/profile");
      // Loaded, not its skeleton.
      await expect(page.getByText(DEMO.email)).toBeVisible();
      await axe.check();
    });

    test(`the add-phone page has no axe violations (${theme})`, async ({ page, context, axe }) => {
      await setTheme(context, theme);
      await logIn(context);
      await page.goto("/customer/add-phone-number");
      await hydrated(page);
      await expect(page.getByRole("heading", { name: "Add phone number" })).toBeVisible();
      await axe.check();
    });
  }
});
