import { NavLink } from "react-router";

/**
 * The parts of one product in the back office, each a page of its own so each stays small and works
 * without JavaScript: details (app/routes/admin.products.$productId.tsx), stock and its ledger,
 * photos, and the product's audit history.
 */
export function ProductTabs({ productId }: { productId: string }) {
  const tabs = [
    { to: `/admin/products/${productId}`, label: "Details", end: true },
    { to: `/admin/products/${productId}/stock`, label: "Stock", end: false },
    { to: `/admin/products/${productId}/photos`, label: "Photos", end: false },
    { to: `/admin/products/${productId}/history`, label: "History", end: false },
  ];
  return (
    <nav
      aria-label="Product"
      className="mb-4 flex flex-wrap gap-1 border-gray-200 border-b dark:border-gray-800"
    >
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm ${
              isActive
                ? "border-gray-900 font-semibold dark:border-gray-100"
                : "border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100"
            }`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
