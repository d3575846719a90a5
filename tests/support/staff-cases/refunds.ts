import type { StaffCase } from "../staff-matrix.ts";

// Refunds (docs/back-office/refunds.md): admins only. A refund without a reason is a 400 naming
// `reason` before any order is looked up, so the matrix refunds nothing.
export const STAFF_CASES: StaffCase[] = [
  {
    method: "POST",
    path: "/orders/{id}/refunds",
    params: () => ({ id: "0123456789abcdef01234567" }),
    allowed: { status: 400, body: { amount: 5 }, field: "reason" },
  },
];
