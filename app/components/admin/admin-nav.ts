import type { StaffRole } from "#core/staff/roles.ts";

/**
 * The back office's sections, in the order the menu shows them. `role` is the least role that may
 * open the section; a manager does not see the admin-only ones (core refuses their writes anyway).
 */
export const ADMIN_SECTIONS: { to: string; label: string; role: StaffRole }[] = [
  { to: "/admin", label: "Dashboard", role: "manager" },
  { to: "/admin/orders", label: "Orders", role: "manager" },
  { to: "/admin/products", label: "Products", role: "manager" },
  { to: "/admin/categories", label: "Categories", role: "manager" },
  { to: "/admin/brands", label: "Brands", role: "manager" },
  { to: "/admin/banners", label: "Banners", role: "manager" },
  { to: "/admin/stock", label: "Low stock", role: "manager" },
  { to: "/admin/coupons", label: "Coupons", role: "manager" },
  { to: "/admin/reviews", label: "Reviews", role: "manager" },
  { to: "/admin/catalogue-file", label: "Import & export", role: "manager" },
  { to: "/admin/customers", label: "Customers", role: "manager" },
  { to: "/admin/staff", label: "Staff", role: "admin" },
  { to: "/admin/settings", label: "Settings", role: "admin" },
  { to: "/admin/webhooks", label: "Webhooks", role: "admin" },
  { to: "/admin/audit", label: "Audit log", role: "admin" },
  { to: "/admin/account", label: "My account", role: "manager" },
];

export function sectionsFor(role: StaffRole) {
  return ADMIN_SECTIONS.filter((section) => role === "admin" || section.role === "manager");
}
