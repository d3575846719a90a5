import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { api, logIn, pauseClock, setTheme, streamedIn } from "./support.ts";

/**
 * Every page's main region, each in one scan. The home page's is the largest there is (six streamed
 * sections, about 1,500 elements): it is scanned in two halves, the children of its content up to
 * the offers and those after, so that no one scan takes most of a test's time on a busy machine.
 * Together the two halves hold all of it.
 */
const SCANS = [
  { name: "the home page, banner to offers,", page: "home", scope: ["main > div > :nth-child(-n+5)"] },
  { name: "the home page, brands to cheap products,", page: "home", scope: ["main > div > :nth-child(n+6)"] },
  { name: "the search page", page: "search", scope: [] },
  { name: "the product page", page: "product", scope: [] },
  { name: "the not-found page", page: "not-found", scope: [] },
] as const;

/**
 * Waits until the page has stopped changing by itself, so the scan reads one page and not a page
 * mid-change: every streamed section has arrived, and every slider has been started by Swiper (it
 * starts a slider only when it comes near the screen, and adds the banner's dots and the slides'
 * labels when it does), so what Swiper adds is scanned too.
 */
async function settled(page: Page) {
  await streamedIn(page);
  const sliders = page.locator("main .swiper");
  for (const slider of await sliders.all()) {
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toHaveClass(/swiper-initialized/);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The page is in the theme the test set (the server renders it from the cookie). */
async function expectTheme(page: Page, theme: "light" | "dark") {
  expect(await page.locator("html").evaluate((html) => html.classList.contains("dark"))).toBe(
    theme === "dark",
  );
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => setTheme(context, theme));

    for (const scan of SCANS) {
      test(`${scan.name} has no axe violations`, async ({ page, request, axe }) => {
        const best = await api<{ data: { _id: string }[] }>(
          request,
          "/products?limit=1&sort=-sold&fields=_id",
        );
        const path = {
          home: "/",
          search: "/search/shirt?page=1",
          product: `/product/${best.data[0]!._id}`,
          "not-found": "/no/such/page",
        }[scan.page];
        await page.goto(path);
        await expectTheme(page, theme);
        await settled(page);
        await axe.check(...scan.scope);
      });
    }

    // The pages' scans cover their main region; the shell around every page is the same, so it is
    // scanned here once: the whole document of the smallest page (the not-found page), for a
    // customer (cart, favorites and account links) with the account menu open. Scanning the document
    // also runs the rules no region holds: its language, its title, the skip link to the content.
    test("the shell (skip link, header and open account menu, footer) has no axe violations", async ({
      page,
      context,
      axe,
    }) => {
      await logIn(context);
      await page.goto("/no/such/page");
      await expectTheme(page, theme);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Shopping cart" })).toBeVisible();
      await nav.getByLabel("Account menu").click();
      const menu = nav.locator(".menu-pop").filter({ visible: true });
      await expect(menu.getByRole("link", { name: "profile" })).toBeVisible();
      // The menu fades in: scan it once its animation has finished, at its own colours.
      await expect.poll(() => menu.evaluate((el) => el.getAnimations().length)).toBe(0);
      await axe.check("html");
    });
  });
}

test.describe("from the keyboard", () => {
  test("the banner's and a strip's arrows are buttons that Enter presses", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Offers and collections" });
    await expect(banner.locator(".swiper")).toHaveClass(/swiper-initialized/);
    const dots = banner.locator(".carousel-dot");
    await expect(dots).toHaveCount(11);
    // Time stands still while the banner is used, so its autoplay cannot move it in between; a move
    // the pause itself set off ends first.
    await pauseClock(page);
    await expect(banner.locator(".swiper-wrapper")).not.toHaveCSS("transition-duration", /[1-9]/);
    const shown = Number(
      await banner.locator(".swiper-slide-active").getAttribute("data-swiper-slide-index"),
    );
    await expect(dots.nth(shown)).toHaveClass(/is-active/);
    await banner.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await expect(dots.nth((shown + 1) % 11)).toHaveClass(/is-active/);
    await expect(page.locator(".carousel-dot.is-active")).toHaveCount(1);
    // The strips start their sliders on the page's timers.
    await page.clock.resume();

    // A product strip: focus its next button and press it; the strip leaves its first cards.
    const strip = page.locator("section", { has: page.getByRole("heading", { name: "THE BEST SELLERS" }) });
    await strip.getByRole("button", { name: "Next slide" }).focus();
    await expect(strip.locator(".swiper")).toHaveClass(/swiper-initialized/);
    const previous = strip.getByRole("button", { name: "Previous slide" });
    await expect(previous).toBeDisabled();
    await page.keyboard.press("Enter");
    await expect(previous).toBeEnabled();
  });

  test("a filter is a link that Enter follows", async ({ page }) => {
    await page.goto("/search/?page=1");
    const rating = page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("link", { name: "5 stars and up" })
      .filter({ visible: true });
    await rating.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/search/?page=1&minRating=5");
  });

  test("the account menu opens with Enter", async ({ page, context }) => {
    await logIn(context);
    await page.goto("/no/such/page");
    await expect(page.getByRole("link", { name: "profile" })).toBeHidden();
    await page.getByLabel("Account menu").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "profile" })).toBeVisible();
  });

  test("the image viewer opens with Enter", async ({ page, request }) => {
    const best = await api<{ data: { _id: string }[] }>(request, "/products?limit=1&sort=-sold&fields=_id");
    await page.goto(`/product/${best.data[0]!._id}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "View larger image" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});
