import { expect, test } from "./fixtures.ts";
import { api, expectNoAxeViolations, hydrated, logIn, setTheme } from "./support.ts";

const PAGES = ["home", "search", "product", "not-found"] as const;

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context }) => setTheme(context, theme));

    for (const name of PAGES) {
      test(`the ${name} page has no axe violations`, async ({ page, request }) => {
        const best = await api<{ data: { _id: string }[] }>(
          request,
          "/products?limit=1&sort=-sold&fields=_id",
        );
        const path = {
          home: "/",
          search: "/search/shirt?page=1",
          product: `/product/${best.data[0]!._id}`,
          "not-found": "/no/such/page",
        }[name];
        await page.goto(path);
        await hydrated(page);
        if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
        else await expect(page.locator("html")).not.toHaveClass(/dark/);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test("menus, sliders, filters and the image viewer work from the keyboard", async ({ page, request }) => {
  await page.goto("/");
  await hydrated(page);
  // The banner's controls are buttons reachable with Tab.
  const next = page
    .getByRole("region", { name: "Offers and collections" })
    .getByRole("button", { name: "Next slide" });
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".carousel-dot.is-active")).toHaveCount(1);

  // A product strip: focus its next button and press it.
  const strip = page.locator("section", { has: page.getByRole("heading", { name: "THE BEST SELLERS" }) });
  await strip.getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("Enter");
  await expect(strip.getByRole("button", { name: "Previous slide" })).toBeEnabled();

  // Filters are links and fields.
  await page.goto("/search/?page=1");
  await hydrated(page);
  const rating = page
    .getByRole("complementary", { name: "Filters" })
    .getByRole("link", { name: "5 stars and up" })
    .filter({ visible: true });
  await rating.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/search/?page=1&minRating=5");

  // The account menu opens with the keyboard.
  await logIn(page.context());
  await page.goto("/");
  await hydrated(page);
  await page.getByLabel("Account menu").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "profile" })).toBeVisible();

  const best = await api<{ data: { _id: string }[] }>(request, "/products?limit=1&sort=-sold&fields=_id");
  await page.goto(`/product/${best.data[0]!._id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "View larger image" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
});
