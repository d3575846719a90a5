import type { ReactNode } from "react";
import { Form, Link, NavLink } from "react-router";
import type { Theme } from "#app/lib/theme.ts";
import type { StaffRole } from "#core/staff/roles.ts";
import { ThemeToggle, useTheme } from "../theme-toggle.tsx";
import { sectionsFor } from "./admin-nav.ts";

/**
 * The back office's frame: a header (the shop's name, who is signed in, the theme, log out) and the
 * sections menu, a sidebar on a desk and a disclosure on a phone (a plain <details>, so it opens
 * without JavaScript).
 */
export function AdminLayout({
  staff,
  theme,
  children,
}: {
  staff: { email: string; role: StaffRole };
  theme: Theme;
  children: ReactNode;
}) {
  const { theme: current, toggle } = useTheme(theme);
  const sections = sectionsFor(staff.role);
  const menu = (
    <ul className="flex flex-col gap-1">
      {sections.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end={section.to === "/admin"}
            className={({ isActive }) =>
              `block rounded px-3 py-2 text-sm ${
                isActive
                  ? "bg-gray-900 font-semibold text-white dark:bg-gray-100 dark:text-gray-900"
                  : "text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
              }`
            }
          >
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between gap-3 border-gray-200 border-b px-4 py-3 print:hidden dark:border-gray-800">
        <div className="flex items-center gap-3">
          <Link to="/admin" className="font-bold text-lg">
            shop <span className="font-normal text-gray-500 dark:text-gray-400">back office</span>
          </Link>
          <Link to="/" className="hidden text-gray-600 text-sm underline sm:inline dark:text-gray-400">
            View the shop
          </Link>
        </div>
        <div className="flex items-center gap-2">
          <span className="hidden text-gray-600 text-sm md:inline dark:text-gray-400">
            {staff.email} · {staff.role}
          </span>
          <ThemeToggle theme={current} onToggle={toggle} />
          <Form method="post" action="/auth/log-out">
            <button
              type="submit"
              className="rounded border border-gray-300 px-3 py-1 text-sm dark:border-gray-700"
            >
              Log out
            </button>
          </Form>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label="Back office"
          className="border-gray-200 border-b md:w-56 md:shrink-0 md:border-r md:border-b-0 print:hidden dark:border-gray-800"
        >
          <details className="md:hidden">
            <summary className="cursor-pointer px-4 py-3 font-semibold text-sm">Menu</summary>
            <div className="px-2 pb-3">{menu}</div>
          </details>
          <div className="hidden p-3 md:block">{menu}</div>
        </nav>
        <main id="admin-main" className="min-w-0 flex-1 p-4 md:p-6 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A back-office page's title and, beside it, its main actions. */
export function AdminPageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-bold text-2xl">{title}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
