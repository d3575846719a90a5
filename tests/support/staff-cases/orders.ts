import type { StaffCase } from "../staff-matrix.ts";

// The staff's orders (server/api/orders-admin.ts): a manager may. A malformed id gets past the door
// to the path's validation, a bad filter to the query's, and a move to nowhere to the body's.

const NO_SUCH_ORDER = { id: "0".repeat(24) };

export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/orders", allowed: { status: 200 } },
  {
    method: "GET",
    path: "/orders/{id}",
    params: () => ({ id: "not-an-id" }),
    allowed: { status: 400, body: undefined, field: "id" },
  },
  {
    method: "POST",
    path: "/orders/{id}/transitions",
    params: () => NO_SUCH_ORDER,
    allowed: { status: 400, body: { to: "somewhere" }, field: "to" },
  },
];
