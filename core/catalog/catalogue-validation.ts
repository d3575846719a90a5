import type { z } from "zod";
import { catalogueFile, type ParsedCatalogue } from "#contract/catalogue-file.ts";

// Whether a catalogue file can be imported: its shape (contract/catalogue-file.ts), then what the
// shape cannot say (slugs used twice, products naming categories or brands the file lacks).

function label(data: unknown, path: PropertyKey[]): string {
  const [collection, index, ...rest] = path;
  if (typeof collection !== "string" || typeof index !== "number")
    return path.map(String).join(".") || "file";
  const record = (data as Record<string, { slug?: unknown }[]>)[collection]?.[index];
  const slug = typeof record?.slug === "string" ? ` (${record.slug})` : "";
  const field = rest.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  return `${collection}[${index}]${slug}${field ? ` ${field.replace(/^\./, "")}` : ""}`;
}

/** Every problem with a catalogue, each naming its record and field; empty when it can be imported. */
export function validateCatalogue(
  input: unknown,
): { ok: true; catalogue: ParsedCatalogue } | { ok: false; errors: string[] } {
  const parsed = catalogueFile.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues
        .slice(0, 50)
        .map((i: z.core.$ZodIssue) => `${label(input, i.path)}: ${i.message}`),
    };
  }
  const cat = parsed.data;
  const errors: string[] = [];
  const duplicates = (kind: string, slugs: string[]) => {
    const seen = new Set<string>();
    slugs.forEach((s, i) => {
      if (seen.has(s)) errors.push(`${kind}[${i}] (${s}) slug: is used twice`);
      seen.add(s);
    });
  };
  duplicates(
    "categories",
    cat.categories.map((c) => c.slug),
  );
  duplicates(
    "brands",
    cat.brands.map((b) => b.slug),
  );
  duplicates(
    "products",
    cat.products.map((p) => p.slug),
  );
  const taxonomy = new Map(
    cat.categories.map((c) => [
      c.slug,
      new Map(c.subcategories.map((s) => [s.slug, new Set(s.underSubcategories.map((u) => u.slug))])),
    ]),
  );
  const brandSlugs = new Set(cat.brands.map((b) => b.slug));
  cat.products.forEach((p, i) => {
    const at = `products[${i}] (${p.slug})`;
    const subs = taxonomy.get(p.category);
    if (!subs) {
      errors.push(`${at} category: no category '${p.category}' in the file`);
      return;
    }
    for (const s of p.subcategories) {
      if (!subs.has(s)) errors.push(`${at} subcategories: no subcategory '${s}' in category '${p.category}'`);
    }
    for (const path of p.underSubcategories) {
      const [s, u] = path.split("/") as [string, string];
      if (!subs.get(s)?.has(u))
        errors.push(`${at} underSubcategories: no '${path}' in category '${p.category}'`);
    }
    if (p.brand && !brandSlugs.has(p.brand)) errors.push(`${at} brand: no brand '${p.brand}' in the file`);
  });
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, 50) } : { ok: true, catalogue: cat };
}
