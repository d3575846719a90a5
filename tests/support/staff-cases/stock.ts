import type { StaffCase } from "../staff-matrix.ts";

// Stock (docs/back-office/stock.md): the reads answer 200; an adjustment without a reason is a 400
// naming `reason`, so the matrix changes no stock.
export const STAFF_CASES: StaffCase[] = [
  {
    method: "GET",
    path: "/products/{id}/stock",
    params: (f) => ({ id: f.productId }),
    allowed: { status: 200 },
  },
  {
    method: "POST",
    path: "/products/{id}/stock-adjustments",
    params: (f) => ({ id: f.productId }),
    allowed: { status: 400, body: { size: "S", quantity: 3 }, field: "reason" },
  },
  { method: "GET", path: "/stock/low", query: "sort=title", allowed: { status: 200 } },
];
