import type { StaffCase } from "../staff-matrix.ts";

// A staff member's own two-step verification (server/api/two-factor.ts): any staff role may; an
// empty body names the first field each write needs, so nothing changes.
export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/staff/me/two-factor", allowed: { status: 200 } },
  { method: "POST", path: "/staff/me/two-factor", allowed: { status: 400, body: {}, field: "password" } },
  { method: "POST", path: "/staff/me/two-factor/confirm", allowed: { status: 400, body: {}, field: "code" } },
  {
    method: "POST",
    path: "/staff/me/two-factor/disable",
    allowed: { status: 400, body: {}, field: "password" },
  },
  {
    method: "POST",
    path: "/staff/me/two-factor/recovery-codes",
    allowed: { status: 400, body: {}, field: "password" },
  },
];
