import { describe, expect, it } from "vitest";
import { catalogueProduct } from "#contract/catalogue-file.ts";
import { errorsByRow, postedFormValues, recordOfForm } from "./product-form-values.ts";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

const base: [string, string][] = [
  ["slug", "linen-shirt-sky"],
  ["title", "Linen Shirt"],
  ["description", ""],
  ["color", "sky"],
  ["colorName", "Sky"],
  ["group", ""],
  ["category", "women"],
  ["subcategories", "tops"],
  ["underSubcategories", "tops/shirts"],
  ["brand", ""],
  ["images", "/a.webp\n\n /b.webp \n"],
  ["price", ""],
  ["priceBeforeDiscount", ""],
  ["stock", ""],
];

describe("the product form's record", () => {
  it("drops blank size rows and ticked removals, reads numbers, and maps errors back to rows", () => {
    const values = postedFormValues(
      form([
        ...base,
        ["sizes[0].size", "S"],
        ["sizes[0].price", "19.5"],
        ["sizes[0].priceBeforeDiscount", ""],
        ["sizes[0].stock", "3"],
        ["sizes[0].existing", "1"],
        ["sizes[0].remove", "1"],
        ["sizes[1].size", ""],
        ["sizes[1].price", ""],
        ["sizes[1].priceBeforeDiscount", ""],
        ["sizes[1].stock", ""],
        ["sizes[2].size", "M"],
        ["sizes[2].price", "ten"],
        ["sizes[2].priceBeforeDiscount", "25"],
        ["sizes[2].stock", ""],
      ]),
    );
    expect(values.sizes.map((s) => [s.size, s.remove])).toEqual([
      ["S", true],
      ["M", false],
    ]);
    const { record, rowOfSize } = recordOfForm(values);
    expect(record).toMatchObject({
      images: ["/a.webp", "/b.webp"],
      sizes: [{ size: "M", stock: 0, price: "ten", priceBeforeDiscount: 25 }],
    });
    expect(record).not.toHaveProperty("price");
    expect(rowOfSize).toEqual([1]);
    const parsed = catalogueProduct.safeParse(record);
    expect(parsed.success).toBe(false);
    expect(errorsByRow({ "sizes[0].price": "must be a number", title: "is required" }, rowOfSize)).toEqual({
      "sizes[1].price": "must be a number",
      title: "is required",
    });
  });

  it("a product without sizes takes the product's price and stock", () => {
    const { record } = recordOfForm(
      postedFormValues(
        form([...base.filter(([k]) => k !== "price" && k !== "stock"), ["price", "12"], ["stock", "4"]]),
      ),
    );
    expect(catalogueProduct.parse(record)).toMatchObject({ price: 12, stock: 4, sizes: [] });
  });

  it("makes a new product's slug from its title and colour name when none was typed", () => {
    const typed = recordOfForm(postedFormValues(form(base))).record;
    expect(typed.slug).toBe("linen-shirt-sky");
    const blank = base.map(([k, v]): [string, string] =>
      k === "slug" ? [k, ""] : k === "title" ? [k, "Linen Shirt & Tie"] : [k, v],
    );
    expect(recordOfForm(postedFormValues(form(blank))).record.slug).toBe("linen-shirt-and-tie-sky");
  });
});
