import AxeBuilder from "@axe-core/playwright";
import { type Browser, test as base, expect, type Page } from "@playwright/test";

/** The rules that matter for the shop: WCAG 2.1 levels A and AA (docs/decisions/019-end-to-end-tests.md). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface Axe {
  /**
   * Scans the parts of the page a story is about (by default its main region; a dialog, the header
   * or another region by selector) with the WCAG 2.1 A/AA rules, and fails on any violation. One scan per test:
   * a scan of a whole page costs seconds on a busy machine, so a story that needs several states
   * scanned is several tests. The shell around every page (header, menus, footer) is scanned once
   * per theme in accessibility.spec.ts.
   */
  check(...selectors: string[]): Promise<void>;
}

/** What a page reports when its Content-Security-Policy refuses something (decision 023). */
interface Violation {
  directive: string;
  blocked: string;
  document: string;
  sample: string;
}

declare global {
  interface Window {
    __shopCspViolation?: (violation: Violation) => void;
  }
}

/**
 * Playwright's `test`, with three changes:
 * - every page of the test's browser context is watched for Content-Security-Policy violations
 *   (the `securitypolicyviolation` event, and the console's report of it for what happens before
 *   a listener could see it); any at all fails the test when it ends, listed. The shop's pages run
 *   no inline script without the response's nonce (docs/decisions/023-security-headers.md), and
 *   this is what keeps them so.
 * - `page.goto` on one of the shop's pages returns once React has hydrated it, on the test's page
 *   and on every page of a context the story opens itself (`browser.newContext`: a second person).
 *   The shop starts hydrating only after the first paint (app/lib/deferred-hydration.server.ts);
 *   before that, links and forms work as plain HTML, so a story that types and clicks right after
 *   loading would race the hydration and test the wrong thing. Pages opened with JavaScript off, and
 *   documents that are not the storefront's, are not waited on.
 * - `axe`, the one accessibility scan a test may make.
 */
export const test = base.extend<{ axe: Axe; scriptsOn: undefined }, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        // The test's `javaScriptEnabled` reaches such a context as a default, not in `options`.
        if ((options?.javaScriptEnabled ?? testScripts) !== false) context.on("page", gotoWaitsForHydration);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  scriptsOn: [
    async ({ javaScriptEnabled }, use) => {
      testScripts = javaScriptEnabled !== false;
      await use(undefined);
    },
    { auto: true },
  ],
  context: async ({ context }, use) => {
    const violations: string[] = [];
    await context.exposeFunction("__shopCspViolation", (v: Violation) => {
      violations.push(`${v.directive} refused ${v.blocked || "inline"} on ${v.document} ${v.sample}`.trim());
    });
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        window.__shopCspViolation?.({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          document: event.documentURI,
          sample: event.sample,
        });
      });
    });
    context.on("console", (message) => {
      // Chromium's wording varies by version ("Refused to load …", "Executing inline script
      // violates the following Content Security Policy directive …").
      if (/Refused to|Content Security Policy/.test(message.text()))
        violations.push(`console: ${message.text()}`);
    });
    await use(context);
    expect(violations, "Content-Security-Policy violations (decision 023)").toEqual([]);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) gotoWaitsForHydration(page);
    await use(page);
  },
  axe: async ({ page, browser, javaScriptEnabled, colorScheme, viewport }, use) => {
    let scanned = false;
    await use({
      async check(...selectors) {
        if (scanned) throw new Error("one axe scan per test: make the next state a test of its own");
        scanned = true;
        const scope = selectors.length > 0 ? selectors : ["main"];
        for (const selector of scope) await expect(page.locator(selector).first()).toBeAttached();
        if (javaScriptEnabled !== false) return scan(page, scope);
        // axe runs its rules through timers, which never fire in a page with JavaScript off: the
        // scan hung until the test timed out. So the markup the story reached (often the answer to
        // a form post, which cannot be loaded again) is scanned as it is, in a page of its own with
        // JavaScript on and the shop's scripts taken out, so nothing on it changes.
        const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
        const url = page.url();
        const copy = await browser.newContext({ colorScheme, viewport, javaScriptEnabled: true });
        try {
          const copyPage = await copy.newPage();
          await copyPage.route(url, (route) =>
            route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }),
          );
          await copyPage.goto(url);
          await scan(copyPage, scope);
        } finally {
          await copy.close();
        }
      },
    });
  },
});

const waiting = new WeakSet<Page>();
/** Whether the running test has JavaScript on (a worker runs one test at a time). */
let testScripts = true;

/** Makes `page.goto` on a storefront document return once React has hydrated it (see `test`). */
function gotoWaitsForHydration(page: Page) {
  if (waiting.has(page)) return;
  waiting.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if ((await page.locator("script#shop-entry").count()) > 0) {
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    }
    return response;
  };
}

async function scan(page: Page, scope: string[]) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of scope) builder.include(selector);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(" | ")})`),
  ).toEqual([]);
}

export { expect };
