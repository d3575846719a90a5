/**
 * The spec's breakpoints (docs/storefront/README.md#breakpoints) and the per-width counts it fixes. Arrays with six entries are
 * read as: under 640, 640–767, 768–1023, 1024–1279, 1280–1535, 1536 and up. Sliders name five
 * counts (the last one also holds from 1536 up).
 */
export const BREAKPOINTS = [640, 768, 1024, 1280, 1536] as const;

export type PerWidth = readonly [number, number, number, number, number, number];

export const HOME_GRID_LIMITS: PerWidth = [8, 6, 6, 8, 10, 10];
export const SEARCH_PAGE_SIZES: PerWidth = [12, 12, 12, 12, 16, 15];
export const RELATED_PRODUCTS_SIZES: PerWidth = [6, 6, 6, 4, 5, 5];

export const CATEGORY_SLIDES = [4, 5, 6, 8, 10] as const;
export const PRODUCT_SLIDES = [1, 2, 3, 4, 5] as const;
export const BRAND_SLIDES = [2, 3, 3, 4, 5] as const;

/** Gap between slides, in pixels (docs/storefront/README.md#breakpoints). */
export const SLIDE_GAP_PX = 15;

/** Which of the six width ranges a viewport width falls in (0 = under 640). */
export function widthRange(width: number): number {
  let range = 0;
  for (const bp of BREAKPOINTS) if (width >= bp) range++;
  return range;
}

export function countForWidth(counts: PerWidth, width: number): number {
  return counts[widthRange(width)]!;
}

/** The desktop range (1280–1535) when the browser has not told us its width yet. */
export const DEFAULT_VIEWPORT_WIDTH = 1280;

/** The largest count of a per-width list: what a grid fetches before CSS hides the extra cards. */
export function largest(counts: readonly number[]): number {
  return Math.max(...counts);
}
