// First: before any module builds a zod schema in the browser (decision 023).
import "./lib/zod-jitless.ts";
import { type ReactNode, useContext, useEffect } from "react";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useNavigate,
  useRevalidator,
  useRouteLoaderData,
} from "react-router";
import { SESSION_COOKIE } from "#contract/session.ts";
import { cartCountFor } from "#core/cart/cart-count.ts";
import type { Route } from "./+types/root";
import favicon from "./assets/favicon.svg";
import { Footer } from "./components/footer.tsx";
import { MessageScreen } from "./components/message-screen.tsx";
import { NavBar } from "./components/nav-bar.tsx";
import { ProgressBar } from "./components/progress-bar.tsx";
import { NotFoundScreen, PAGE_NOT_FOUND } from "./components/route-error-boundary.tsx";
import { Toaster } from "./components/toaster.tsx";
import { readCookies, readTheme } from "./lib/cookies.server.ts";
import { isNetworkError, isNotFound } from "./lib/route-errors.ts";
import { THEME_BOOT_SCRIPT } from "./lib/theme.ts";
import { VIEWPORT_BOOT_SCRIPT } from "./lib/viewport.ts";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = readCookies(request).get(SESSION_COOKIE);
  return {
    // A visitor's page may be kept by a shared cache, so it cannot depend on the theme cookie: it
    // comes theme-neutral and the boot script applies the stored theme before paint (decision 054).
    theme: token ? readTheme(request) : null,
    isLoggedIn: Boolean(token),
    // The cart badge's count: one small query for a signed-in customer, none for a visitor
    // (docs/storefront/README.md#navigation-bar).
    cartCount: token ? await cartCountFor(context.core, token) : null,
    year: context.core.now().getFullYear(),
  };
}

/**
 * The root's data (theme, login state, year, the cart's count) changes only through a form post (log
 * in, log out, add to cart, a cart change, checkout), so ordinary navigations do not reload it.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

export const meta: Route.MetaFunction = () => [{ title: "shop" }];

export const links: Route.LinksFunction = () => [{ rel: "icon", href: favicon, type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // null: a visitor's shareable page, theme-neutral (the boot script applies the stored one).
  const theme = data?.theme ?? null;
  // The response's Content-Security-Policy nonce, which entry.server.tsx gives <ServerRouter>. The
  // browser hides it after parsing, so in the browser it is undefined and hydration is told to
  // ignore the difference (docs/decisions/023-security-headers.md).
  const nonce = useContext(FrameworkContext)?.nonce;
  return (
    <html
      lang="en"
      className={theme === "dark" ? "dark" : undefined}
      style={theme ? { colorScheme: theme } : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={theme === "dark" ? "#030712" : "#ffffff"} />
        {/* Before anything paints: the stored theme (local storage, else the cookie) is applied (no flash). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of ours, no input
          dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT + VIEWPORT_BOOT_SCRIPT }}
        />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-gray-900 antialiased dark:bg-gray-950 dark:text-gray-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900"
      >
        Skip to content
      </a>
      <ProgressBar />
      <NavBar
        isLoggedIn={data?.isLoggedIn ?? false}
        cartCount={data?.cartCount ?? null}
        theme={data?.theme ?? null}
      />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer year={data?.year ?? new Date().getFullYear()} />
      <Toaster />
    </>
  );
}

export default function App() {
  // Marks the document once React has taken over: tests (and styles) can tell SSR from hydrated.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The back office has a frame of its own (app/components/admin/admin-layout.tsx).
  const inBackOffice = useMatches().some((match) => match.id === "routes/admin");
  if (inBackOffice)
    return (
      <>
        <ProgressBar />
        <Outlet />
        <Toaster />
      </>
    );
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** The global error pages that offer TRY AGAIN (docs/storefront/README.md#global-error-pages). */
const RETRY_SCREENS = {
  tooManyRequests: {
    image: "tooManyRequests",
    title: "Too many requests",
    paragraph: "You have sent too many requests in a short time.\nPlease wait a moment and try again.",
  },
  serverError: { image: "serverError", title: "Server Error", paragraph: "Something went wrong on our end…" },
  networkError: {
    image: "networkError",
    title: "Network Error",
    paragraph: "We’re having trouble connecting to the server…",
  },
} as const;

function retryScreenFor(error: unknown): keyof typeof RETRY_SCREENS | undefined {
  if (isRouteErrorResponse(error) && error.status === 429) return "tooManyRequests";
  if (
    (isRouteErrorResponse(error) && error.status >= 500) ||
    // In production the router replaces a loader's unexpected error with this generic one.
    (error instanceof Error && error.message === "Unexpected Server Error")
  )
    return "serverError";
  if (isNetworkError(error)) return "networkError";
  return undefined;
}

/**
 * The global error pages (docs/storefront/README.md#global-error-pages): they replace the page; each retry clears the error by
 * loading the page again. Anything else falls back to the router's message.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const retry = () => {
    // Revalidating re-runs the loaders; success replaces this boundary with the page.
    if (revalidator.state === "idle") revalidator.revalidate();
    else navigate(".", { replace: true });
  };
  let content: ReactNode;
  const retryScreen = retryScreenFor(error);
  if (isNotFound(error)) {
    content = <NotFoundScreen {...PAGE_NOT_FOUND} />;
  } else if (retryScreen) {
    content = (
      <MessageScreen {...RETRY_SCREENS[retryScreen]} action={{ label: "TRY AGAIN", onClick: retry }} />
    );
  } else {
    const message = isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : "Unknown error";
    content = (
      <section className="mx-auto max-w-xl px-4 py-16">
        <h1 className="font-bold text-2xl">Unexpected Application Error!</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-400">{message}</p>
      </section>
    );
  }
  return <Shell>{content}</Shell>;
}
