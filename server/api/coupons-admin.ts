import type { Context } from "hono";
import {
  couponBody,
  couponListQuery,
  couponParams,
  staffCouponListResponse,
  staffCouponResponse,
} from "#contract/admin-coupons.ts";
import { createCoupon, setCouponDisabled, staffCoupon, updateCoupon } from "#core/coupons/coupon-edits.ts";
import { listStaffCoupons } from "#core/coupons/coupon-list.ts";
import type { Staff } from "#core/staff/roles.ts";
import { defineOperation } from "./operation.ts";

// The staff's coupons (docs/back-office/coupons-and-settings.md): POST /coupons and PUT /coupons/{id}
// on the original back end's paths, the list and one coupon, and disable / enable.

const actor = (c: Context) => c.get("staff") as Staff;

const BODY_RULES =
  "`name` is the code (3–32 letters, digits, - or _; stored upper-case; unique ignoring case), `discount` a whole percent 1–100, `start` (optional) and `expire` ISO date-times with their offset or days (`YYYY-MM-DD`, UTC: a start day from its first moment, an expiry day through its last), `usageLimit` (optional) a whole number ≥ 1, `minSubtotal` (optional, default 0) dollars with at most 2 decimals.";
const NO_COUPON = "No coupon has this id.";

export const couponAdminOperations = [
  defineOperation(
    {
      method: "get",
      path: "/coupons",
      access: "manager",
      summary: "List coupons (staff)",
      description:
        "Newest first unless `sort` says otherwise; `search` matches part of the code, ignoring case; `status` is what the coupon is now.",
      query: couponListQuery,
      ok: {
        status: "200",
        description: "A page of coupons with their use counts.",
        schema: staffCouponListResponse,
      },
    },
    async (c, { query }, { ctx }) => c.json(await listStaffCoupons(ctx, actor(c), query)),
  ),
  defineOperation(
    {
      method: "post",
      path: "/coupons",
      access: "manager",
      summary: "Create a coupon",
      description: `${BODY_RULES} The expiry must be ahead. Audited as \`coupon.create\`.`,
      body: couponBody,
      ok: { status: "201", description: "The coupon as created.", schema: staffCouponResponse },
      fails: { "409": "Another coupon has this code (ignoring case); `errors` names `name`." },
    },
    async (c, { body }, { ctx }) => c.json({ data: await createCoupon(ctx, actor(c), body) }, 201),
  ),
  defineOperation(
    {
      method: "get",
      path: "/coupons/{id}",
      access: "manager",
      summary: "Read a coupon (staff)",
      params: couponParams,
      ok: { status: "200", description: "The coupon.", schema: staffCouponResponse },
      fails: { "404": NO_COUPON },
    },
    async (c, { params }, { ctx }) => c.json({ data: await staffCoupon(ctx, actor(c), params.id) }),
  ),
  defineOperation(
    {
      method: "put",
      path: "/coupons/{id}",
      access: "manager",
      summary: "Edit a coupon",
      description: `Replaces every field. ${BODY_RULES} The use count stays, and the usage limit may not go below it. A cart holding a coupon that no longer applies loses it on its next read, with a notice. Audited as \`coupon.update\`.`,
      params: couponParams,
      body: couponBody,
      ok: { status: "200", description: "The coupon as edited.", schema: staffCouponResponse },
      fails: {
        "404": NO_COUPON,
        "409": "Another coupon has this code (ignoring case); `errors` names `name`.",
      },
    },
    async (c, { params, body }, { ctx }) =>
      c.json({ data: await updateCoupon(ctx, actor(c), params.id, body) }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/coupons/{id}/disable",
      access: "manager",
      summary: "Disable a coupon",
      description:
        "It applies to no cart from now: carts holding it lose it on their next read with a notice, and checkout never counts it. Disabling a disabled coupon changes nothing. Audited as `coupon.disable`.",
      params: couponParams,
      ok: { status: "200", description: "The coupon, disabled.", schema: staffCouponResponse },
      fails: { "404": NO_COUPON },
    },
    async (c, { params }, { ctx }) =>
      c.json({ data: await setCouponDisabled(ctx, actor(c), params.id, true) }),
  ),
  defineOperation(
    {
      method: "post",
      path: "/coupons/{id}/enable",
      access: "manager",
      summary: "Enable a disabled coupon",
      description:
        "Audited as `coupon.enable`. Carts that lost it do not get it back: shoppers apply it again.",
      params: couponParams,
      ok: { status: "200", description: "The coupon, enabled.", schema: staffCouponResponse },
      fails: { "404": NO_COUPON },
    },
    async (c, { params }, { ctx }) =>
      c.json({ data: await setCouponDisabled(ctx, actor(c), params.id, false) }),
  ),
];
