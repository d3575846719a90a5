/**
 * Debian's Chromium (README.md#run-the-tests): Playwright cannot download a browser here. Another one
 * can be named with CHROMIUM_PATH (as for the end-to-end tests) or CHROME_PATH (as for Lighthouse).
 * Shared by the end-to-end tests, the web benchmark and the screenshot script.
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
