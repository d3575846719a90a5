import { sizeKey } from "#contract/sizes.ts";
import { stableId } from "#db/ids.ts";

/**
 * The ids an import gives a catalogue's records, derived from their slugs so that re-importing a
 * file updates the same rows. Sizes that match ignoring case (contract/sizes.ts) share an id.
 */
export const catalogueIds = {
  category: (c: string) => stableId("category", c),
  subcategory: (c: string, s: string) => stableId("subcategory", c, s),
  underSubcategory: (c: string, s: string, u: string) => stableId("under-subcategory", c, s, u),
  brand: (b: string) => stableId("brand", b),
  group: (g: string) => stableId("group", g),
  product: (p: string) => stableId("product", p),
  size: (p: string, size: string) => stableId("size", p, sizeKey(size)),
};
