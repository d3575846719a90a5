import type { CatalogueFile } from "#contract/catalogue-file.ts";
import { invalid } from "../errors.ts";

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // byte-order mark
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (quoted) throw invalid(`line ${rows.length + 1}: a quoted field is not closed`);
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
}

export const CSV_COLUMNS = [
  "slug",
  "title",
  "description",
  "color",
  "colorName",
  "group",
  "category",
  "categoryName",
  "categoryImage",
  "subcategory",
  "subcategoryName",
  "subcategoryImage",
  "underSubcategory",
  "underSubcategoryName",
  "underSubcategoryImage",
  "brand",
  "brandName",
  "brandImage",
  "images",
  "price",
  "priceBeforeDiscount",
  "stock",
  "sizes",
  "sold",
  "ratingsAverage",
  "ratingsQuantity",
  "createdAt",
] as const;
const REQUIRED = ["slug", "title", "color", "colorName", "category", "categoryName", "images"] as const;

type Column = (typeof CSV_COLUMNS)[number];
type Categories = Map<string, NonNullable<CatalogueFile["categories"]>[number]>;
type Brands = Map<string, NonNullable<CatalogueFile["brands"]>[number]>;

/**
 * The CSV form of the catalogue (docs/catalogue-import.md): one product per row; categories and
 * brands are named on the rows that use them (their images optional: `categoryImage`… default to
 * `/images/categories/{slug}.webp`). `images` are separated by `|`; `sizes` are
 * `SIZE:STOCK:PRICE[:PRICE_BEFORE_DISCOUNT]` separated by `|`. Returns the JSON form, which the
 * import then validates record by record.
 */
export function parseCatalogueCsv(text: string): CatalogueFile {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw invalid("the CSV file is empty");
  const names = header.map((h) => h.trim());
  for (const column of REQUIRED) {
    if (!names.includes(column)) throw invalid(`the CSV header has no '${column}' column`);
  }
  const categories: Categories = new Map();
  const brands: Brands = new Map();
  const products: NonNullable<CatalogueFile["products"]> = [];

  rows.forEach((cells, index) => {
    const line = index + 2;
    const get = (column: Column) => {
      const at = names.indexOf(column);
      const value = at >= 0 ? cells[at]?.trim() : undefined;
      return value === "" ? undefined : value;
    };
    const number = (column: Column) => {
      const value = get(column);
      if (value === undefined) return undefined;
      const n = Number(value);
      if (!Number.isFinite(n))
        throw invalid(`line ${line} ${column}: '${value.slice(0, 30)}' is not a number`);
      return n;
    };
    const { categorySlug, subSlug, brandSlug } = noteTaxonomy(get, categories, brands);
    const sizes = parseSizes(get("sizes") ?? "", line);
    const underSlug = get("underSubcategory");
    products.push({
      slug: get("slug") ?? "",
      title: get("title") ?? "",
      description: get("description") ?? "",
      color: get("color") ?? "",
      colorName: get("colorName") ?? "",
      group: get("group"),
      category: categorySlug,
      subcategories: subSlug ? [subSlug] : [],
      underSubcategories: subSlug && underSlug ? [`${subSlug}/${underSlug}`] : [],
      brand: brandSlug,
      images: (get("images") ?? "")
        .split("|")
        .map((s) => s.trim())
        .filter(Boolean),
      price: number("price"),
      priceBeforeDiscount: number("priceBeforeDiscount"),
      stock: number("stock"),
      sizes,
      sold: number("sold"),
      ratingsAverage: number("ratingsAverage"),
      ratingsQuantity: number("ratingsQuantity"),
      createdAt: get("createdAt"),
    });
  });
  return { categories: [...categories.values()], brands: [...brands.values()], products };
}

/** Adds the category, subcategory, under-subcategory and brand a row names, the first time one is named. */
function noteTaxonomy(get: (column: Column) => string | undefined, categories: Categories, brands: Brands) {
  const categorySlug = get("category") ?? "";
  let category = categories.get(categorySlug);
  if (!category) {
    category = {
      slug: categorySlug,
      name: get("categoryName") ?? "",
      image: get("categoryImage") ?? `/images/categories/${categorySlug}.webp`,
      subcategories: [],
    };
    categories.set(categorySlug, category);
  }
  const subSlug = get("subcategory");
  if (subSlug) {
    let sub = category.subcategories?.find((s) => s.slug === subSlug);
    if (!sub) {
      sub = {
        slug: subSlug,
        name: get("subcategoryName") ?? subSlug,
        image: get("subcategoryImage") ?? `/images/categories/${subSlug}.webp`,
        underSubcategories: [],
      };
      category.subcategories?.push(sub);
    }
    const underSlug = get("underSubcategory");
    if (underSlug && !sub.underSubcategories?.some((u) => u.slug === underSlug)) {
      sub.underSubcategories?.push({
        slug: underSlug,
        name: get("underSubcategoryName") ?? underSlug,
        image: get("underSubcategoryImage") ?? `/images/categories/${underSlug}.webp`,
      });
    }
  }
  const brandSlug = get("brand");
  if (brandSlug && !brands.has(brandSlug)) {
    brands.set(brandSlug, {
      slug: brandSlug,
      name: get("brandName") ?? brandSlug,
      image: get("brandImage") ?? `/images/brands/${brandSlug}.webp`,
    });
  }
  return { categorySlug, subSlug, brandSlug };
}

/** A row's `sizes` cell: `SIZE:STOCK:PRICE[:PRICE_BEFORE_DISCOUNT]` entries separated by `|`. */
function parseSizes(cell: string, line: number) {
  return cell
    .split("|")
    .filter(Boolean)
    .map((entry) => {
      const [size, stock, price, before] = entry.split(":").map((p) => p.trim());
      const values = [stock, price, before].map((v) => (v === undefined || v === "" ? undefined : Number(v)));
      if (!size || values.slice(0, 2).some((v) => v === undefined || !Number.isFinite(v))) {
        throw invalid(
          `line ${line} sizes: '${entry.slice(0, 40)}' must be SIZE:STOCK:PRICE[:PRICE_BEFORE_DISCOUNT]`,
        );
      }
      return { size, stock: values[0]!, price: values[1]!, priceBeforeDiscount: values[2] };
    });
}
