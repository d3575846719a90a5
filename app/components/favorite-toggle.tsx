import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { CALL_FAILED, notify } from "#app/lib/toast.ts";
import { HeartIcon } from "./icons.tsx";

/** The resource route that saves and removes favorites (routes/customer.favorites.toggle.ts). */
export const FAVORITE_TOGGLE_ACTION = "/customer/favorites/toggle";

/** What the toggle's action answers a fetcher. */
export type FavoriteToggleAnswer = { ok: true; isFavorite: boolean } | { ok?: undefined; message?: string };

// docs/storefront/favorites.md#favorite-toggle: a click while another favorite request is in flight is ignored. The rule spans every
// toggle of the page (a grid of cards), and it must hold for a second click that arrives before
// React has rendered the first request's state (a double click), so it is a plain module flag.
let requestInFlight = false;

/**
 * The favorite toggle of a product card and of the product page: pressed when the product is a
 * favorite (from `isFavorite`); pressing adds it, pressing again removes it. Before JavaScript it is
 * a plain form post that comes back to this page.
 */
export function FavoriteToggle({
  productId,
  title,
  isFavorite,
  variant = "icon",
}: {
  productId: string;
  title: string;
  isFavorite: boolean;
  /** `icon`: a round heart over a card's image; `button`: the product page's labelled button. */
  variant?: "icon" | "button";
}) {
  const fetcher = useFetcher<FavoriteToggleAnswer>();
  const location = useLocation();
  const sentByMe = useRef(false);
  // While the request (and the page's reload after it) runs, show where it is going; then the
  // page's own data, which the reload brought up to date (or left as it was, on a failure).
  const pendingIntent = fetcher.formData?.get("intent");
  const checked = pendingIntent ? pendingIntent === "add" : isFavorite;

  useEffect(() => {
    if (fetcher.state === "idle" && sentByMe.current) {
      sentByMe.current = false;
      requestInFlight = false;
    }
  }, [fetcher.state]);
  // A card removed mid-request (a favorites page reloading) must not block every other toggle.
  useEffect(
    () => () => {
      if (sentByMe.current) requestInFlight = false;
    },
    [],
  );
  useEffect(() => {
    const answer = fetcher.data;
    if (answer && !answer.ok) void notify("error", answer.message || CALL_FAILED);
  }, [fetcher.data]);

  // One name for both states (aria-pressed tells them apart) that names the product; the product
  // page's visible words start it, so speech users can say what they see.
  const label = `Save to favorites: ${title}`;
  const heart = (
    <HeartIcon
      width={20}
      height={20}
      filled={checked}
      className={checked ? "text-red-600 dark:text-red-500" : undefined}
    />
  );
  return (
    <form
      method="post"
      action={FAVORITE_TOGGLE_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        if (requestInFlight) return;
        requestInFlight = true;
        sentByMe.current = true;
        const form = new FormData(event.currentTarget);
        form.set("answer", "data");
        void fetcher.submit(form, { method: "post", action: FAVORITE_TOGGLE_ACTION });
      }}
    >
      <input type="hidden" name="intent" value={checked ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-pressed={checked}
        aria-label={label}
        className={
          variant === "icon"
            ? "grid size-9 cursor-pointer place-items-center rounded-full bg-white/90 text-gray-800 shadow-sm ring-1 ring-gray-900/10 transition hover:bg-white hover:text-red-600 dark:bg-gray-900/90 dark:text-gray-100 dark:ring-white/15 dark:hover:bg-gray-900"
            : // Pressed also shows in the button itself, not only in its heart.
              "button-ghost gap-2 border border-gray-300 aria-pressed:border-red-300 aria-pressed:bg-red-50 dark:border-gray-700 dark:aria-pressed:border-red-400/40 dark:aria-pressed:bg-red-500/10"
        }
      >
        {heart}
        {variant === "button" && "Save to favorites"}
      </button>
    </form>
  );
}
