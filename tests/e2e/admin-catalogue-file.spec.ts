import type { BrowserContext } from "@playwright/test";
import { createSessionToken } from "#core/accounts/tokens.ts";
import type { CoreContext } from "#core/context.ts";
import { stableId } from "#db/ids.ts";
import { BACK_OFFICE_ORIGIN } from "./first-admin.ts";
import { expect, test } from "./fixtures.ts";
import { E2E_JWT_SECRET } from "./secret.ts";

// A manager imports and exports the catalogue file in the back office (docs/back-office/import-export.md),
// on the back office's own shop: the imported category would change every other story's home page.
test.use({ baseURL: BACK_OFFICE_ORIGIN });

const MANAGER_ID = stableId("customer", "manager@shop.test");

async function logInAsManager(context: BrowserContext) {
  const ctx = { accounts: { secret: E2E_JWT_SECRET }, now: () => new Date() } as Pick<
    CoreContext,
    "accounts" | "now"
  >;
  const token = await createSessionToken(ctx, { id: MANAGER_ID, tokenVersion: 0, role: "manager" });
  await context.addCookies([{ name: "JWTToken", value: token, url: BACK_OFFICE_ORIGIN }]);
}

const HEADER =
  "slug,title,description,color,colorName,category,categoryName,subcategory,subcategoryName,images,sizes";
const GOOD_ROW =
  "e2e-catfile-linen-shirt,E2E Catfile Linen Shirt,Cool linen,sand,Sand,e2e-catfile,E2E Catfile,tops,Tops,/images/products/tshirt/navy/front.webp,S:4:29.99:39.99|M:2:29.99";

test.describe("the catalogue file page", () => {
  test.beforeEach(async ({ context }) => {
    await logInAsManager(context);
  });

  test("a manager uploads a CSV with a mistake, sees the problem by line and field, then imports it", async ({
    page,
    axe,
  }) => {
    await page.goto("/admin/catalogue-file");
    await expect(page.getByRole("heading", { name: "Import & export" })).toBeVisible();
    const bad = `${HEADER}\n${GOOD_ROW.replace("S:4:29.99:39.99", "S:4:29.99:19.99")}\n`;
    await page.getByLabel("Catalogue file (JSON or CSV)").setInputFiles({
      name: "catalogue.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(bad),
    });
    await page.getByRole("button", { name: "Import" }).click();
    const problems = page.getByRole("alert");
    await expect(problems).toContainText("catalogue.csv: Nothing was imported: the file has 1 problem.");
    await expect(problems.getByRole("listitem")).toHaveText(
      "line 2 (e2e-catfile-linen-shirt) sizes[0].priceBeforeDiscount: must not be below price",
    );
    await expect(page.getByLabel("Catalogue file (JSON or CSV)")).toHaveAttribute("aria-invalid", "true");
    await axe.check("main");

    await page.getByLabel("Catalogue file (JSON or CSV)").setInputFiles({
      name: "catalogue.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${HEADER}\n${GOOD_ROW}\n`),
    });
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("status")).toContainText("Imported catalogue.csv.");
    await expect(page.getByRole("status")).toContainText("1 products (2 sizes)");
    const product = await page.request.get("/api/v1/products?search=E2E%20Catfile%20Linen&fields=title");
    expect(JSON.stringify(await product.json())).toContain("E2E Catfile Linen Shirt");
  });

  test("without JavaScript the upload works as a plain form", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await logInAsManager(context);
    const page = await context.newPage();
    await page.goto("/admin/catalogue-file");
    await page.getByLabel("Catalogue file (JSON or CSV)").setInputFiles({
      name: "broken.json",
      mimeType: "application/json",
      buffer: Buffer.from("{not json"),
    });
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("alert")).toContainText("broken.json: The file is not valid JSON");
    await context.close();
  });

  test("a manager downloads the catalogue as JSON and CSV", async ({ page }) => {
    await page.goto("/admin/catalogue-file");
    for (const [name, extension] of [
      ["Download JSON", "json"],
      ["Download CSV", "csv"],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^catalogue-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`),
      );
      const text = await (await download.createReadStream()).toArray();
      const body = Buffer.concat(text).toString("utf8");
      if (extension === "json") expect(JSON.parse(body).products.length).toBeGreaterThan(100);
      else expect(body.split("\r\n")[0]).toContain("slug,title,description");
    }
  });
});
