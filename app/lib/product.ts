import type { ProductSize } from "#contract/catalog.ts";

/** SPEC §9: descriptions are cut at 32 words. */
export const DESCRIPTION_WORD_LIMIT = 32;

/** The description's first 32 words with an ellipsis, or null when it is not longer than that. */
export function truncateWords(text: string, limit = DESCRIPTION_WORD_LIMIT): string | null {
  const words = text.trim().split(/\s+/);
  if (words.length <= limit) return null;
  return `${words.slice(0, limit).join(" ")}…`;
}

/**
 * SPEC §4: the size shown on load is the one `?size=` names, else the cheapest in stock, else the
 * cheapest of all.
 */
export function initialSize(
  sizes: readonly ProductSize[],
  requested: string | null,
): ProductSize | undefined {
  if (requested) {
    const named = sizes.find((s) => s.size.toLowerCase() === requested.toLowerCase());
    if (named) return named;
  }
  const byPrice = [...sizes].sort((a, b) => a.price - b.price);
  return byPrice.find((s) => s.quantity > 0) ?? byPrice[0];
}
