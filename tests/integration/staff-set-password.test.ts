import { beforeEach, describe, expect, it } from "vitest";
import { INVALID_SESSION } from "#core/accounts/customers.ts";
import { LINK_EXPIRED, LINK_USED, setPasswordWithToken } from "#core/staff/set-password.ts";
import { setPasswordToken } from "#core/staff/staff-accounts.ts";
import { call, createClock, createCustomer, customerRow, HOUR, SECOND } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// The set-password link of a new staff member (docs/back-office/two-factor.md#set-password-link);
// the page /auth/set-password has its story in tests/e2e/admin-two-factor.spec.ts.

const clock = createClock();
const shop = setUpTestShop({ now: clock.now });
beforeEach(() => clock.reset());

describe("the set-password link", () => {
  async function newStaffLink() {
    const staff = await createCustomer(shop, { role: "manager" });
    return {
      staff,
      token: await setPasswordToken(shop.ctx, { id: staff.id, tokenVersion: staff.tokenVersion }),
    };
  }

  it("sets the password once, ends older sessions and logs the person in", async () => {
    const { staff, token } = await newStaffLink();
    const result = await setPasswordWithToken(shop.ctx, token, "a-new-password");
    expect(result.session?.token).toBeTruthy();
    expect((await customerRow(shop, staff.id))?.token_version).toBe(1);
    const old = await call(shop, "GET", "/staff/me/two-factor", { token: staff.token });
    expect([old.status, old.body.message]).toEqual([401, INVALID_SESSION]);
    const fresh = await call(shop, "GET", "/staff/me/two-factor", { token: result.session!.token });
    expect(fresh.status).toBe(200);
    const login = await call(shop, "POST", "/auth/login", {
      body: { email: staff.email, password: "a-new-password" },
    });
    expect(login.status).toBe(200);
    await expect(setPasswordWithToken(shop.ctx, token, "another-password")).rejects.toMatchObject({
      kind: "invalid",
      message: LINK_USED,
    });
  });

  it("refuses a link after 72 hours and changes nothing", async () => {
    const { staff, token } = await newStaffLink();
    clock.advance(72 * HOUR + SECOND);
    await expect(setPasswordWithToken(shop.ctx, token, "a-new-password")).rejects.toMatchObject({
      message: LINK_EXPIRED,
    });
    expect((await customerRow(shop, staff.id))?.token_version).toBe(0);
  });
});
