import type { StaffCase } from "../staff-matrix.ts";

// Reports (docs/back-office/dashboard.md): a read, so the matrix asks for a fixed range.
export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/reports/sales", query: "from=2026-01-01&to=2026-01-31", allowed: { status: 200 } },
];
