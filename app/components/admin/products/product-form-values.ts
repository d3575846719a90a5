import { slugFromName } from "#contract/admin-taxonomy.ts";
import { formatPrice } from "#contract/money-format.ts";
import type { ProductRecord, StoredProduct } from "#core/catalog/product-records.ts";

// The product form's values (docs/back-office/products.md#form): what its inputs hold, read from a
// stored product or from a post, and turned into the catalogue file's record that core checks.
// Inputs are named as the import names the record's fields (`sizes[1].price`), so each of core's
// field errors lands beside its input.

export interface SizeRowValues {
  size: string;
  price: string;
  priceBeforeDiscount: string;
  stock: string;
  /** A size the product has: its stock is moved on the stock page, not here. */
  existing: boolean;
  /** An existing size ticked "Remove from sale". */
  remove: boolean;
}

export interface ProductFormValues {
  slug: string;
  title: string;
  description: string;
  color: string;
  colorName: string;
  group: string;
  category: string;
  subcategories: string[];
  underSubcategories: string[];
  brand: string;
  images: string;
  price: string;
  priceBeforeDiscount: string;
  stock: string;
  sizes: SizeRowValues[];
}

/** Empty size rows the form shows below the filled ones, so sizes can be added without JavaScript. */
export const SPARE_SIZE_ROWS = 2;
/** The most rows a post may carry (the import takes 30 sizes). */
const MAX_SIZE_ROWS = 40;

const blankRow = (): SizeRowValues => ({
  size: "",
  price: "",
  priceBeforeDiscount: "",
  stock: "",
  existing: false,
  remove: false,
});
const amount = (n: number | undefined) => (n === undefined ? "" : String(n));

export function withSpareRows(sizes: SizeRowValues[], spare = SPARE_SIZE_ROWS): SizeRowValues[] {
  return [...sizes, ...Array.from({ length: spare }, blankRow)];
}

export function emptyFormValues(category: string): ProductFormValues {
  return {
    slug: "",
    title: "",
    description: "",
    color: "",
    colorName: "",
    group: "",
    category,
    subcategories: [],
    underSubcategories: [],
    brand: "",
    images: "",
    price: "",
    priceBeforeDiscount: "",
    stock: "",
    sizes: withSpareRows([], 3),
  };
}

export function storedFormValues(product: StoredProduct): ProductFormValues {
  const r = product.record;
  return {
    slug: r.slug,
    title: r.title,
    description: r.description ?? "",
    color: r.color,
    colorName: r.colorName,
    group: r.group ?? "",
    category: r.category,
    subcategories: r.subcategories ?? [],
    underSubcategories: r.underSubcategories ?? [],
    brand: r.brand ?? "",
    images: r.images.join("\n"),
    price: amount(r.price),
    priceBeforeDiscount: amount(r.priceBeforeDiscount),
    stock: amount(r.stock),
    sizes: withSpareRows(
      (r.sizes ?? []).map((s) => ({
        size: s.size,
        price: String(s.price),
        priceBeforeDiscount: amount(s.priceBeforeDiscount),
        stock: String(s.stock),
        existing: true,
        remove: false,
      })),
    ),
  };
}

/** The form's values as posted; blank size rows are dropped, so rows and `sizes[i]` errors line up. */
export function postedFormValues(form: FormData): ProductFormValues {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const rows: SizeRowValues[] = [];
  for (let i = 0; i < MAX_SIZE_ROWS; i++) {
    if (!form.has(`sizes[${i}].size`)) continue;
    const row = {
      size: text(`sizes[${i}].size`),
      price: text(`sizes[${i}].price`),
      priceBeforeDiscount: text(`sizes[${i}].priceBeforeDiscount`),
      stock: text(`sizes[${i}].stock`),
      existing: text(`sizes[${i}].existing`) === "1",
      remove: text(`sizes[${i}].remove`) === "1",
    };
    if (
      row.existing ||
      [row.size, row.price, row.priceBeforeDiscount, row.stock].some((v) => v.trim() !== "")
    ) {
      rows.push(row);
    }
  }
  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  return {
    slug: text("slug").trim(),
    title: text("title"),
    description: text("description"),
    color: text("color").trim(),
    colorName: text("colorName"),
    group: text("group").trim(),
    category: text("category"),
    subcategories: strings("subcategories"),
    underSubcategories: strings("underSubcategories"),
    brand: text("brand"),
    images: text("images"),
    price: text("price"),
    priceBeforeDiscount: text("priceBeforeDiscount"),
    stock: text("stock"),
    sizes: rows,
  };
}

/** A number field: left out when blank, a number when it reads as one, else the text (the schema names it). */
function numberField(value: string): number | string | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
}

/**
 * The record the form stands for (the shop's own figures, sales and ratings, are not the form's),
 * and for each of its sizes the form row it came from: rows ticked "Remove from sale" are not in it.
 */
export function recordOfForm(v: ProductFormValues): { record: ProductRecord; rowOfSize: number[] } {
  const kept = v.sizes.flatMap((s, row) => (s.remove ? [] : [{ s, row }]));
  const record: Record<string, unknown> = {
    // Left empty on a new product: made from the title and colour, as the demo catalogue's are.
    slug: v.slug || slugFromName(`${v.title} ${v.colorName}`),
    title: v.title,
    description: v.description,
    color: v.color,
    colorName: v.colorName,
    ...(v.group ? { group: v.group } : {}),
    category: v.category,
    subcategories: v.subcategories,
    underSubcategories: v.underSubcategories,
    ...(v.brand ? { brand: v.brand } : {}),
    images: v.images
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    price: numberField(v.price),
    priceBeforeDiscount: numberField(v.priceBeforeDiscount),
    stock: numberField(v.stock),
    sizes: kept.map(({ s }) => ({
      size: s.size,
      stock: numberField(s.stock) ?? 0,
      price: numberField(s.price),
      priceBeforeDiscount: numberField(s.priceBeforeDiscount),
    })),
  };
  for (const key of ["price", "priceBeforeDiscount", "stock"])
    if (record[key] === undefined) delete record[key];
  return { record: record as ProductRecord, rowOfSize: kept.map((k) => k.row) };
}

/** Core's errors by field, with `sizes[i]` renamed to the form row the record's size i came from. */
export function errorsByRow(fields: Record<string, string>, rowOfSize: number[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      field.replace(/^sizes\[(\d+)\]/, (whole, i: string) => {
        const row = rowOfSize[Number(i)];
        return row === undefined ? whole : `sizes[${row}]`;
      }),
      message,
    ]),
  );
}

/** Dollars as the table shows them. */
export const dollars = (cents: number) => formatPrice(cents / 100);
