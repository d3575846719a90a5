import type { StaffCase } from "../staff-matrix.ts";

// The shop's settings (server/api/settings-admin.ts): admins only.

export const STAFF_CASES: StaffCase[] = [
  { method: "GET", path: "/settings", allowed: { status: 200 } },
  {
    method: "PUT",
    path: "/settings",
    allowed: {
      status: 400,
      body: {
        taxRate: 14,
        shipping: 9.99,
        freeShippingThreshold: 100,
        reservationMinutes: 0,
        lowStockThreshold: 5,
        storeName: "shop",
        contactEmail: "",
      },
      field: "reservationMinutes",
    },
  },
];
