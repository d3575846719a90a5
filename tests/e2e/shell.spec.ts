import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { failDataRequests, hydrated, logIn, logOutFromMenu, setTheme, streamedIn } from "./support.ts";

test.describe("navigation bar", () => {
  test("a visitor sees the logo, the search box, the theme toggle, log in and sign up", async ({ page }) => {
    await page.goto("/search/?page=1");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "shop" })).toHaveAttribute("href", "/");
    await expect(nav.getByPlaceholder("Search...")).toBeVisible();
    await expect(nav.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "log in" })).toHaveAttribute("href", "/auth/log-in");
    await expect(nav.getByRole("link", { name: "sign up" })).toHaveAttribute("href", "/auth/sign-up");
    await expect(nav.getByRole("link", { name: "Shopping cart" })).toHaveCount(0);
    await nav.getByRole("link", { name: "shop" }).click();
    await expect(page).toHaveURL("/");
  });

  test("a customer sees cart, favorites and a user menu that opens with profile, orders and log out", async ({
    page,
    context,
  }) => {
    await logIn(context);
    await page.goto("/");
    // Escape closes the menu through React (app/components/use-dismiss.ts): hydrated first.
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Shopping cart" })).toHaveAttribute(
      "href",
      "/customer/shopping-cart",
    );
    await expect(nav.getByRole("link", { name: "Favorites" })).toHaveAttribute("href", "/customer/favorites");
    await expect(nav.getByRole("link", { name: "log in" })).toHaveCount(0);
    const profile = nav.getByRole("link", { name: "profile" });
    await expect(profile).toBeHidden();
    await nav.getByLabel("Account menu").click();
    await expect(profile).toBeVisible();
    await expect(profile).toHaveAttribute("href", "/customer/profile");
    // The menu fades and slides in.
    const animation = await nav
      .locator(".menu-pop")
      .filter({ visible: true })
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("menu-in");
    await expect(nav.getByRole("link", { name: "orders" })).toHaveAttribute("href", "/customer/orders");
    // Escape closes it again; log out deletes the session cookie and goes to the log-in route.
    await page.keyboard.press("Escape");
    await expect(profile).toBeHidden();
    await logOutFromMenu(nav);
    await expect(page).toHaveURL(/\/auth\/log-in$/);
    expect((await context.cookies()).find((c) => c.name === "JWTToken")).toBeUndefined();
  });

  test("on a small screen a visitor's menu holds log in, sign up and the theme", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "sign up" })).toBeHidden();
    await nav.getByLabel("Menu", { exact: true }).click();
    const menu = nav.locator("details[open]");
    await expect(menu.getByRole("link")).toHaveText(["log in", "sign up"]);
    await menu.getByRole("button", { name: "dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("on a small screen a customer's menu holds profile, favorites, cart, orders, theme and log out", async ({
    page,
    context,
  }) => {
    await logIn(context);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByLabel("Menu", { exact: true }).click();
    const menu = nav.locator("details[open]");
    await expect(menu.getByRole("link")).toHaveText(["profile", "favorites", "shopping cart", "orders"]);
    await expect(menu.getByRole("button")).toHaveText(["dark mode", "log out"]);
  });

  test("the search box submits only non-empty text and a new search clears the taxonomy filters", async ({
    page,
  }) => {
    const id = "aaaaaaaaaaaaaaaaaaaaaaaa";
    await page.goto(
      `/search/shirt?page=3&minRating=4&minPrice=10&maxPrice=90&category=${id}&subcategory=${id}&undersubcategory=${id}&brand=${id}`,
    );
    const box = page.getByPlaceholder("Search...");
    await expect(box).toHaveValue("shirt");
    await box.fill("   ");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\/shirt\?page=3/);
    await box.fill("jeans");
    await box.press("Enter");
    await expect(page).toHaveURL("/search/jeans?page=1&minRating=4&minPrice=10&maxPrice=90");
    await expect(page.getByRole("heading", { name: 'SEARCH RESULTS FOR: "jeans"' })).toBeVisible();
  });

  test("navigation links scroll smoothly back to the top", async ({ page }) => {
    await page.goto("/");
    // The home page lays a section far down out only once it comes near the screen, and its height
    // changes then (`content-visibility: auto`, app/app.css), moving the scroll position under a
    // scroll in progress. Every section is brought to the screen once first, after its data has
    // streamed in: from then on each keeps its real height, and the only scroll is the link's.
    await streamedIn(page);
    for (const section of await page.locator("main section").all()) await section.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "shop" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("the footer shows the brand, tagline, four groups, four social links and the current year", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("E-Shop");
  await expect(footer).toContainText("Your one-stop shop for all your needs");
  await expect(footer.getByRole("heading")).toHaveText([
    "About Us",
    "Customer Service",
    "Legal",
    "Quick Links",
  ]);
  for (const item of ["Careers", "Shipping Info", "Cookie Policy", "Gift Cards"]) {
    await expect(footer.getByText(item, { exact: true })).toBeVisible();
  }
  await expect(footer.getByRole("link")).toHaveCount(4);
  await expect(footer).toContainText(`© ${new Date().getFullYear()} E-Shop`);
});

/** Records the theme at the moment <body> first exists, before any of it can paint. */
async function recordThemeAtBody(page: Page) {
  await page.addInitScript(() => {
    const seen = () => {
      if (!document.body) return false;
      (window as unknown as { darkAtBody: boolean }).darkAtBody =
        document.documentElement.classList.contains("dark");
      return true;
    };
    const observer = new MutationObserver(() => seen() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  });
}

test.describe("theme", () => {
  test("a signed-in customer's page arrives in the chosen theme from the server", async ({
    page,
    context,
  }) => {
    await logIn(context);
    await setTheme(context, "dark");
    const response = await page.goto("/");
    expect(await response!.text()).toMatch(/<html[^>]*class="dark"/);
    await expect(page.getByRole("button", { name: "Switch to light mode" }).first()).toBeVisible();
  });

  test("the toggle switches to dark, persists in local storage and a cookie, and survives a reload", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
    // A visitor's page comes theme-neutral (a shared cache may hand it to anyone, docs/decisions/054);
    // the boot script applies the chosen theme before <body> exists, so nothing flashes.
    await recordThemeAtBody(page);
    const response = await page.reload();
    expect(await response!.text()).not.toMatch(/<html[^>]*class="dark"/);
    expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true);
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("a theme kept only in local storage is applied before the page paints", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await context.clearCookies();
    await recordThemeAtBody(page);
    const response = await page.reload();
    expect(await response!.text()).not.toMatch(/<html[^>]*class="dark"/);
    expect(await page.evaluate(() => (window as unknown as { darkAtBody: boolean }).darkAtBody)).toBe(true);
    expect((await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
  });
});

test("an unknown path shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! The page you are looking for does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page).toHaveURL("/");
});

test.describe("global error pages", () => {
  const cases = [
    {
      name: "server error",
      how: { status: 500 },
      title: "Server Error",
      text: "Something went wrong on our end…",
    },
    {
      name: "too many requests",
      how: { status: 429 },
      title: "Too many requests",
      text: "You have sent too many requests in a short time.",
    },
    {
      name: "network error",
      how: "abort",
      title: "Network Error",
      text: "We’re having trouble connecting to the server…",
    },
  ] as const;
  for (const c of cases) {
    test(`a ${c.name} replaces the page until the retry succeeds`, async ({ page }) => {
      await page.goto("/search/?page=1");
      await hydrated(page);
      await failDataRequests(page, c.how);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "shop" }).click();
      await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
      await expect(page.getByText(c.text)).toBeVisible();
      await page.unrouteAll();
      await page.getByRole("button", { name: "TRY AGAIN" }).click();
      await expect(page.getByRole("heading", { name: c.title })).toBeHidden();
      await expect(page.getByRole("heading", { name: "THE BEST SELLERS" })).toBeVisible();
    });
  }
});

test("a thin progress bar shows while a page loads", async ({ page }) => {
  // From the lightest page: what the story waits for is the search's data, not the home page's work.
  await page.goto("/no/such/page");
  // The search's data is held back until the test has seen the bar, however long that takes.
  let release!: () => void;
  const seen = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/search\/dress\.data(\?|$)/, async (route) => {
    await seen;
    await route.continue();
  });
  const bar = page.locator("[data-busy]");
  await expect(bar).toHaveAttribute("data-busy", "false");
  await page.getByRole("navigation", { name: "Main" }).getByPlaceholder("Search...").fill("dress");
  await page.keyboard.press("Enter");
  await expect(bar).toHaveAttribute("data-busy", "true");
  await expect(bar).toHaveCSS("opacity", "1"); // faded in (300 ms), while the page is still the old one
  // Still loading: the address changes once the data is in.
  await expect(page).toHaveURL("/no/such/page");
  release();
  await expect(page).toHaveURL(/\/search\/dress/);
  await expect(bar).toHaveAttribute("data-busy", "false");
  await expect(bar).toHaveCSS("opacity", "0");
  await expect(page.getByRole("heading", { name: 'SEARCH RESULTS FOR: "dress"' })).toBeVisible();
});
