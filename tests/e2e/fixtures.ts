import AxeBuilder from "@axe-core/playwright";
import { test as base, expect } from "@playwright/test";

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
 * - `page.goto` on one of the shop's pages returns once React has hydrated it. The shop starts
 *   hydrating only after the first paint (app/lib/deferred-hydration.server.ts); before that, links
 *   and forms work as plain HTML, so a story that clicks a script-driven control right after loading
 *   would test the wrong thing. Pages opened with JavaScript off, and documents that are not the
 *   storefront's, are not waited on.
 * - `axe`, the one accessibility scan a test may make.
 */
export const test = base.extend<{ axe: Axe }>({
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
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && (await page.locator("script#shop-entry").count()) > 0) {
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      }
      return response;
    };
    await use(page);
  },
  axe: async ({ page }, use) => {
    let scanned = false;
    await use({
      async check(...selectors) {
        if (scanned) throw new Error("one axe scan per test: make the next state a test of its own");
        scanned = true;
        const scope = selectors.length > 0 ? selectors : ["main"];
        const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
        for (const selector of scope) {
          await expect(page.locator(selector).first()).toBeAttached();
          builder.include(selector);
        }
        const results = await builder.analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(" | ")})`),
        ).toEqual([]);
      },
    });
  },
});

export { expect };
