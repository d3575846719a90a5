/**
 * Paginated lists take their page size from the viewport width (SPEC §9), which the server learns
 * from this cookie, refreshed by a tiny script on every page load and resize.
 */
export const VIEWPORT_COOKIE = "vw";

export const VIEWPORT_BOOT_SCRIPT = `(function(){function s(){document.cookie="${VIEWPORT_COOKIE}="+window.innerWidth+"; Path=/; Max-Age=31536000; SameSite=Lax"}s();var t;addEventListener("resize",function(){clearTimeout(t);t=setTimeout(s,300)})})();`;
