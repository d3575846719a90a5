import type { StaffCase } from "../staff-matrix.ts";

// The catalogue file's staff endpoints (server/api/catalogue-file-admin.ts).
export const STAFF_CASES: StaffCase[] = [
  {
    method: "GET",
    path: "/catalogue/export",
    query: "format=xml",
    allowed: { status: 400, body: undefined, field: "format" },
  },
  {
    method: "POST",
    path: "/catalogue/import",
    allowed: {
      status: 400,
      body: { products: [{ slug: "Not A Slug" }] },
      field: "products[0] (Not A Slug) slug",
    },
  },
];
