import type { ProductSize } from "#contract/catalog.ts";
import { sameSize } from "#contract/sizes.ts";

/** docs/storefront/product.md#description: descriptions are cut at 32 words. */
export const DESCRIPTION_WORD_LIMIT = 32;

/** The description's first 32 words with an ellipsis, or null when it is not longer than that. */
export function truncateWords(text: string, limit = DESCRIPTION_WORD_LIMIT): string | null {
  const words = text.trim().split(/\s+/);
  if (words.length <= limit) return null;
  return `${words.slice(0, limit).join(" ")}…`;
}

/**
 * docs/storefront/product.md#sizes: the size shown on load is the one `?size=` names, else the one the catalogue shows for
 * the product (its `size`: core picks the cheapest in stock, or the cheapest of all).
 */
export function initialSize(
  product: { sizes: readonly ProductSize[]; size: string | null },
  requested: string | null,
): ProductSize | undefined {
  const named = requested && product.sizes.find((s) => sameSize(s.size, requested));
  return named || product.sizes.find((s) => s.size === product.size) || product.sizes[0];
}
