import type { StaffCase } from "../staff-matrix.ts";

// The staff's coupons (server/api/coupons-admin.ts): a manager may. A well-formed id no coupon has
// gets past the door to the body's validation, or to the 404 of a coupon that is not there.

const NO_SUCH_COUPON = { id: "0".repeat(24) };

export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/coupons", allowed: { status: 200 } },
  {
    method: "POST",
    path: "/coupons",
    allowed: { status: 400, body: { name: "SPRING", discount: 0, expire: "2030-01-01" }, field: "discount" },
  },
  {
    method: "PUT",
    path: "/coupons/{id}",
    params: () => NO_SUCH_COUPON,
    allowed: { status: 400, body: { name: "SPRING", discount: 10, expire: "soon" }, field: "expire" },
  },
  {
    method: "GET",
    path: "/coupons/{id}",
    params: () => ({ id: "not-an-id" }),
    allowed: { status: 400, body: undefined, field: "id" },
  },
  {
    method: "POST",
    path: "/coupons/{id}/disable",
    params: () => ({ id: "not-an-id" }),
    allowed: { status: 400, body: {}, field: "id" },
  },
  {
    method: "POST",
    path: "/coupons/{id}/enable",
    params: () => ({ id: "not-an-id" }),
    allowed: { status: 400, body: {}, field: "id" },
  },
];
