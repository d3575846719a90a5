import { useRef } from "react";
import { Form, Link, type LinkProps, useLocation, useNavigate, useParams } from "react-router";
import type { Theme } from "#app/lib/theme.ts";
import { BagIcon, CartIcon, HeartIcon, MenuIcon, SearchIcon, UserIcon } from "./icons.tsx";
import { ByTheme, ThemeToggle, useTheme } from "./theme-toggle.tsx";
import { useDismiss } from "./use-dismiss.ts";

/** Links in the bar scroll smoothly to the top instead of jumping (docs/storefront/README.md#navigation-bar). */
function NavLink(props: LinkProps) {
  return (
    <Link
      {...props}
      preventScrollReset
      onClick={(event) => {
        props.onClick?.(event);
        window.scrollTo({ top: 0, behavior: "smooth" });
      }}
    />
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const { searchValue } = useParams();
  return (
    <Form
      method="get"
      action="/search/"
      role="search"
      className="relative min-w-0 flex-1"
      onSubmit={(event) => {
        event.preventDefault();
        const text = String(new FormData(event.currentTarget).get("q") ?? "").trim();
        if (text.length === 0) return; // submitted only when non-empty (docs/storefront/README.md#navigation-bar)
        // A new search starts at page 1 without category, subcategory, under-subcategory and brand;
        // the price and rating filters stay (docs/storefront/search.md#new-search).
        const next = new URLSearchParams({ page: "1" });
        if (location.pathname.startsWith("/search/")) {
          const current = new URLSearchParams(location.search);
          for (const name of ["minRating", "minPrice", "maxPrice"]) {
            const value = current.get(name);
            if (value) next.set(name, value);
          }
        }
        navigate(`/search/${encodeURIComponent(text)}?${next}`);
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        key={searchValue ?? ""}
        name="q"
        type="search"
        required
        defaultValue={searchValue ?? ""}
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        className="h-10 w-full rounded-full border border-gray-300 bg-gray-50 pr-11 pl-4 text-sm outline-none transition placeholder:text-gray-500 focus:border-brand focus:bg-white focus:ring-2 focus:ring-brand/30 dark:border-gray-700 dark:bg-gray-900 dark:placeholder:text-gray-400 dark:focus:bg-gray-950"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 grid size-8 place-items-center rounded-full text-gray-600 hover:bg-gray-200 dark:text-gray-300 dark:hover:bg-gray-800"
        aria-label="Search"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </Form>
  );
}

function MenuPanel({ children }: { children: React.ReactNode }) {
  return (
    <div className="menu-pop absolute right-0 z-50 mt-2 w-52 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 shadow-lg dark:border-gray-800 dark:bg-gray-900">
      {children}
    </div>
  );
}

const itemClass =
  "block w-full px-4 py-2 text-left text-sm hover:bg-gray-100 focus-visible:bg-gray-100 dark:hover:bg-gray-800 dark:focus-visible:bg-gray-800";

function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <NavLink to={to} className={itemClass}>
      {children}
    </NavLink>
  );
}

function LogOutItem() {
  return (
    <Form method="post" action="/auth/log-out">
      <button type="submit" className={`${itemClass} text-red-700 dark:text-red-400`}>
        log out
      </button>
    </Form>
  );
}

function Dropdown({
  label,
  summary,
  className = "",
  children,
}: {
  label: string;
  summary: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismiss(ref);
  return (
    <details ref={ref} className={`relative ${className}`}>
      <summary className="icon-button list-none" aria-label={label} title={label}>
        {summary}
      </summary>
      <MenuPanel>{children}</MenuPanel>
    </details>
  );
}

/** "Shopping cart, 3 items": the cart link's name says what its badge shows (docs/storefront/README.md#navigation-bar). */
export function cartLabel(count: number | null): string {
  if (!count) return "Shopping cart";
  return `Shopping cart, ${count} ${count === 1 ? "item" : "items"}`;
}

/** The number on the cart icon: none for an empty cart, "99+" past two digits. */
export function CartBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="cart-count"
      className="-top-1 -right-1 absolute grid h-5 min-w-5 place-items-center rounded-full bg-brand px-1 font-semibold text-[11px] text-white leading-none ring-2 ring-white dark:bg-indigo-400 dark:text-gray-950 dark:ring-gray-950"
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The cart icon with its badge: in the bar on wide screens, beside the menu on small ones. */
function CartLink({ count, className = "" }: { count: number | null; className?: string }) {
  return (
    <NavLink
      to="/customer/shopping-cart"
      className={`icon-button relative ${className}`}
      aria-label={cartLabel(count)}
      title={cartLabel(count)}
    >
      <CartIcon />
      <CartBadge count={count} />
    </NavLink>
  );
}

export function NavBar({
  isLoggedIn,
  cartCount,
  theme: serverTheme,
}: {
  isLoggedIn: boolean;
  /** Lines in the signed-in customer's cart (the root loader's), null for a visitor. */
  cartCount: number | null;
  /** null on a visitor's page: theme-neutral, for a shared cache (docs/decisions/054-shared-cache.md). */
  theme: Theme | null;
}) {
  const { theme, toggle } = useTheme(serverTheme);
  const themeItem = (
    <button type="button" className={itemClass} onClick={toggle}>
      <ByTheme theme={theme} light="dark mode" dark="light mode" />
    </button>
  );
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/90 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:gap-5">
        <NavLink to="/" className="flex shrink-0 items-center gap-2 font-bold text-xl tracking-tight">
          <span className="grid size-9 place-items-center rounded-xl bg-brand text-white">
            <BagIcon width={20} height={20} />
          </span>
          <span>shop</span>
        </NavLink>
        <SearchBox />
        <div className="hidden items-center gap-2 sm:flex">
          <ThemeToggle theme={theme} onToggle={toggle} />
          {isLoggedIn ? (
            <>
              <CartLink count={cartCount} />
              <NavLink to="/customer/favorites" className="icon-button" aria-label="Favorites">
                <HeartIcon />
              </NavLink>
              <Dropdown label="Account menu" summary={<UserIcon />}>
                <MenuLink to="/customer/profile">profile</MenuLink>
                <MenuLink to="/customer/orders">orders</MenuLink>
                <LogOutItem />
              </Dropdown>
            </>
          ) : (
            <>
              <NavLink to="/auth/log-in" className="button-ghost">
                log in
              </NavLink>
              <NavLink to="/auth/sign-up" className="button-primary">
                sign up
              </NavLink>
            </>
          )}
        </div>
        {isLoggedIn && <CartLink count={cartCount} className="sm:hidden" />}
        <Dropdown label="Menu" summary={<MenuIcon />} className="sm:hidden">
          {isLoggedIn ? (
            <>
              <MenuLink to="/customer/profile">profile</MenuLink>
              <MenuLink to="/customer/favorites">favorites</MenuLink>
              <MenuLink to="/customer/shopping-cart">shopping cart</MenuLink>
              <MenuLink to="/customer/orders">orders</MenuLink>
              {themeItem}
              <LogOutItem />
            </>
          ) : (
            <>
              <MenuLink to="/auth/log-in">log in</MenuLink>
              <MenuLink to="/auth/sign-up">sign up</MenuLink>
              {themeItem}
            </>
          )}
        </Dropdown>
      </nav>
    </header>
  );
}
