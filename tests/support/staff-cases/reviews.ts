import type { StaffCase } from "../staff-matrix.ts";

// Review moderation (docs/storefront/reviews.md#moderation): managers and admins. A body without
// `hidden` is a 400 naming it before any review is looked up, so the matrix hides nothing.
export const STAFF_CASES: StaffCase[] = [
  {
    method: "PATCH",
    path: "/reviews/{id}",
    params: () => ({ id: "0123456789abcdef01234567" }),
    allowed: { status: 400, body: { reason: "Spam." }, field: "hidden" },
  },
];
