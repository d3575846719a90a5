import type { StaffCase } from "../staff-matrix.ts";

// Product writes (docs/back-office/products.md#api): each is refused before it changes anything.
export const STAFF_CASES: StaffCase[] = [
  {
    method: "POST",
    path: "/products",
    allowed: { status: 400, body: { slug: "Not A Slug" }, field: "slug" },
  },
  {
    method: "PUT",
    path: "/products/{id}",
    params: (f) => ({ id: f.productId }),
    allowed: { status: 400, body: { slug: "Not A Slug" }, field: "slug" },
  },
  {
    method: "PUT",
    path: "/products/{id}/status",
    params: (f) => ({ id: f.productId }),
    allowed: { status: 400, body: { status: "gone" }, field: "status" },
  },
];
