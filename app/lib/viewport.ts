import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { countForWidth, type PerWidth } from "./breakpoints.ts";

/**
 * Paginated lists take their page size from the viewport width (docs/storefront/README.md#breakpoints), which the server learns
 * from this cookie, refreshed by a tiny script on every page load and resize.
 */
export const VIEWPORT_COOKIE = "vw";

export const VIEWPORT_BOOT_SCRIPT = `(function(){if(document.cookie.indexOf("${VIEWPORT_COOKIE}=")<0)window.__shopNewViewport=1;function s(){document.cookie="${VIEWPORT_COOKIE}="+window.innerWidth+"; Path=/; Max-Age=31536000; SameSite=Lax"}s();var t;addEventListener("resize",function(){clearTimeout(t);t=setTimeout(s,300)})})();`;

/**
 * True once, on the first page of a visit that arrived without the cookie: the server guessed the
 * desktop size, and a paginated page may reload its data at the right size.
 */
export function takeNewViewportFlag(): boolean {
  const w = window as unknown as { __shopNewViewport?: number };
  const isNew = w.__shopNewViewport === 1;
  delete w.__shopNewViewport;
  return isNew;
}

/**
 * First visit: the server could not know the screen width yet, so a paginated page whose size by
 * width (`sizes`) differs from the `limit` it was loaded with loads its data again at the right size.
 */
export function useReloadAtViewportSize(sizes: PerWidth, limit: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (takeNewViewportFlag() && countForWidth(sizes, window.innerWidth) !== limit) {
      void revalidator.revalidate();
    }
  }, [sizes, limit, revalidator]);
}
