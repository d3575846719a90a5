import type { StaffCase } from "../staff-matrix.ts";

// Product photos (server/api/photos-admin.ts): each case's body is refused with a 400 naming the
// field, so the matrix changes no product. The upload's JSON body is no multipart form: `photo`.
const product = (f: { productId: string }) => ({ id: f.productId });

export const STAFF_CASES: StaffCase[] = [
  {
    method: "POST",
    path: "/products/{id}/photos",
    params: product,
    allowed: { status: 400, body: {}, field: "photo" },
  },
  {
    method: "PUT",
    path: "/products/{id}/photos",
    params: product,
    allowed: { status: 400, body: { images: [] }, field: "images" },
  },
  {
    method: "DELETE",
    path: "/products/{id}/photos",
    params: product,
    allowed: { status: 400, body: undefined, field: "url" },
  },
];
