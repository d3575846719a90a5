// Sizes match ignoring case: "m" in a URL or a request names size M. The one rule the product page,
// the cart and the catalogue import share (core's SQL twin is `sameSizeSql` in core/cart/items.ts).

/** A size in the form sizes are compared in. */
export const sizeKey = (size: string): string => size.toUpperCase();

/** Whether two spellings name the same size. */
export const sameSize = (a: string, b: string): boolean => sizeKey(a) === sizeKey(b);
