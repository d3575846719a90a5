/**
 * The widths the image server renders for each kind of generated image (`…/front-400.webp`). The
 * renderer accepts exactly these and the storefront builds its `srcset`s from them, so the two can
 * never disagree. Dependency-free: the browser bundle imports it.
 */
export const PRODUCT_WIDTHS = [200, 400, 600, 800, 1200] as const;
export const CATEGORY_WIDTHS = [200, 400] as const;
export const BRAND_WIDTHS = [200, 400] as const;
export const BANNER_WIDTHS = [640, 960, 1280, 1920] as const;
