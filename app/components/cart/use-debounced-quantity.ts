import { useEffect, useRef, useState } from "react";
import type { FetcherSubmitFunction } from "react-router";
import { createQuantityDebounce, type QuantityChange } from "#app/lib/quantity-debounce.ts";
import { type CartItem, QUANTITY_DEBOUNCE_MS } from "#contract/shopping.ts";

/** The form the cart's action takes for a line's new quantity; none when it is back where it started. */
export function quantityUpdate(line: CartItem, quantity: number) {
  if (quantity === line.quantity) return null; // back where it started: nothing to send
  return {
    intent: "update",
    productId: line.product._id,
    size: line.size ?? "",
    quantity: String(quantity),
  };
}

/** The quantity a line shows: the one still waiting to be sent, else the cart's. */
export function shownQuantity(pending: QuantityChange<CartItem> | null, item: CartItem): number {
  return pending?.key === item._id ? pending.quantity : item.quantity;
}

/**
 * The cart's quantity buttons, debounced (createQuantityDebounce): rapid clicks on a line send one
 * update with the last value, through `submit` (the list's fetcher). A change still waiting when the
 * shopper leaves the page is sent, not lost.
 */
export function useDebouncedQuantity(submit: FetcherSubmitFunction) {
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const [pending, setPending] = useState<QuantityChange<CartItem> | null>(null);
  const [debounce] = useState(() =>
    createQuantityDebounce<CartItem>(
      ({ line, quantity }) => {
        const body = quantityUpdate(line, quantity);
        return body ? submitRef.current(body, { method: "post" }) : undefined;
      },
      QUANTITY_DEBOUNCE_MS,
      setPending,
    ),
  );
  useEffect(() => () => void debounce.flush(), [debounce]);
  return { debounce, quantityOf: (item: CartItem) => shownQuantity(pending, item) };
}
