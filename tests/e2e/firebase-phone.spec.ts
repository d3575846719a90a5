import { FIREBASE_EMULATOR_PORT, FIREBASE_SHOP_PORT } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";
import { createCustomer, hydrated, sessionToken } from "./support.ts";

// The second e2e shop verifies phone numbers through Firebase (SMS_PROVIDER=firebase) against the
// local stand-in for the Auth emulator: the page loads the Firebase SDK, Firebase "texts" the code,
// the right code gives an ID token and the shop's firebase-admin check saves the number.
const SHOP = `http://localhost:${FIREBASE_SHOP_PORT}`;
const EMULATOR = `http://127.0.0.1:${FIREBASE_EMULATOR_PORT}`;

test("with Firebase, a wrong code is refused with the spec's message and the right one saves the number", async ({
  page,
  playwright,
}) => {
  // A customer of the story's own, signed up on the Firebase shop (the shops share the JWT secret),
  // with no phone number yet: the profile then shows the one this story saves.
  const shop = await playwright.request.newContext({ baseURL: SHOP });
  const customer = await createCustomer(shop, { verified: true });
  await page.context().addCookies([{ name: "JWTToken", value: await sessionToken(customer.id), url: SHOP }]);
  await page.goto(`${SHOP}/customer/add-phone-number`);
  await hydrated(page);
  await page.getByLabel("Phone Number", { exact: true }).fill("0698765432");
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  await expect(page.getByRole("status")).toContainText("+212698765432", { timeout: 15_000 });

  const codes = async () =>
    (
      (await (await shop.get(`${EMULATOR}/emulator/v1/projects/shop-e2e/verificationCodes`)).json()) as {
        verificationCodes: { phoneNumber: string; code: string }[];
      }
    ).verificationCodes.filter((c) => c.phoneNumber === "+212698765432");
  await expect.poll(async () => (await codes()).length).toBeGreaterThan(0);
  const code = (await codes()).at(-1)!.code;

  await page.getByLabel("Verification Code").fill(code === "123456" ? "654321" : "123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("The code you entered is incorrect. Please try again.");
  await page.getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Phone Number Verified" })).toBeVisible({ timeout: 15_000 });

  await page.goto(`${SHOP}/customer/profile`);
  await expect(page.getByText("+212698765432")).toBeVisible();
  const profile = await shop.get("/api/v1/customer", {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(profile.status()).toBe(200);
  expect((await profile.json()).data.phoneNumbers.map((p: { phoneNumber: string }) => p.phoneNumber)).toEqual(
    ["+212698765432"],
  );
  await shop.dispose();
});
