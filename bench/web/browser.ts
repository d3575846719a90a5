export { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.ts";

/** A page of the storefront the benchmark loads. */
export interface PageTarget {
  name: "home" | "search" | "product";
  /** Path on the shop, or null when it could not be worked out (e.g. no product to show). */
  path: string | null;
  /** Why `path` is null. */
  error?: string;
}
