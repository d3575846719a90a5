import { useState } from "react";

/** How many of each size (or of the product, without sizes) this page added to the cart, by id. */
export type AddedBySize = Readonly<Record<string, number>>;

/** The stock the page shows: what was loaded, less what the shopper has added since. */
export function stockLeft(added: AddedBySize, key: string, loaded: number): number {
  return Math.max(0, loaded - (added[key] ?? 0));
}

/** The count after `quantity` more of `key` went into the cart. */
export function withAdded(added: AddedBySize, key: string, quantity: number): AddedBySize {
  return { ...added, [key]: (added[key] ?? 0) + quantity };
}

/**
 * What the product page added to the cart, by size, since the product was loaded: the stock shown
 * drops by it. Fresh product data already counts it, so the count starts over with a new `product`.
 */
export function useAddedStock(product: object) {
  const [added, setAdded] = useState<{ product: object; bySize: AddedBySize }>({ product, bySize: {} });
  const bySize = added.product === product ? added.bySize : {};
  return {
    /** What can still be added of `key`, whose loaded stock is `loaded`. */
    stockOf: (key: string, loaded: number) => stockLeft(bySize, key, loaded),
    /** Counts `quantity` more of `key` as added. */
    add: (key: string, quantity: number) => setAdded({ product, bySize: withAdded(bySize, key, quantity) }),
  };
}
