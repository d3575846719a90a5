import type { Context } from "hono";
import { shopSettingsBody, shopSettingsResponse } from "#contract/admin-settings.ts";
import { shopSettingsFor, updateShopSettings } from "#core/settings/shop-settings.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// The shop's settings for admins (docs/back-office/coupons-and-settings.md): GET and PUT /settings.

const actor = (c: Context) => c.get("staff") as Staff;

export const settingsAdminOperations = [
  defineOperation(
    {
      method: "get",
      path: "/settings",
      access: "admin",
      summary: "Read the shop's settings",
      ok: {
        status: "200",
        description: "The settings: money in dollars, the tax rate in percent.",
        schema: shopSettingsResponse,
      },
    },
    async (c, _input, { ctx }) => c.json({ data: await shopSettingsFor(ctx, actor(c)) }),
  ),
  defineOperation(
    {
      method: "put",
      path: "/settings",
      access: "admin",
      summary: "Change the shop's settings",
      description:
        "Replaces every setting: `taxRate` a percent 0–100 with at most 2 decimals, `shipping` and `freeShippingThreshold` dollars with at most 2 decimals, `reservationMinutes` 1–1440, `lowStockThreshold` ≥ 0, `storeName` 1–60 characters, `contactEmail` an address or empty, `orderAlertEmail` an address or empty (where the staff's new-order alert is mailed; left out, the saved address stands). In force at once on every instance: carts are priced and held, and mail is signed, with the settings read at that moment. Audited as `settings.update` with the values before and after.",
      body: shopSettingsBody,
      ok: { status: "200", description: "The settings as saved.", schema: shopSettingsResponse },
    },
    async (c, { body }, { ctx }) => c.json({ data: await updateShopSettings(ctx, actor(c), body) }),
  ),
];
