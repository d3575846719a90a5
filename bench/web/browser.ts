/**
 * Debian's Chromium (DESIGN, toolchain facts): Playwright cannot download a browser here. Another one
 * can be named with CHROMIUM_PATH (as for the end-to-end tests) or CHROME_PATH (as for Lighthouse).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The flags every Chromium these machines run needs; each launcher adds its own headless switch. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A page of the storefront the benchmark loads. */
export interface PageTarget {
  name: "home" | "search" | "product";
  /** Path on the shop, or null when it could not be worked out (e.g. no product to show). */
  path: string | null;
  /** Why `path` is null. */
  error?: string;
}
