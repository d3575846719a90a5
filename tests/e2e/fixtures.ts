import { test as base, expect } from "@playwright/test";

/**
 * Playwright's `test`, with one change: `page.goto` on one of the shop's pages returns once React
 * has hydrated it. The shop starts hydrating only after the first paint
 * (app/lib/deferred-hydration.server.ts); before that, links and forms work as plain HTML, so a
 * story that clicks a script-driven control right after loading would test the wrong thing.
 * Pages opened with JavaScript off, and documents that are not the storefront's, are not waited on.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false && (await page.locator("script#shop-entry").count()) > 0) {
        await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 10_000 });
      }
      return response;
    };
    await use(page);
  },
});

export { expect };
