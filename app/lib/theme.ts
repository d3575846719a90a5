/** Theme persistence (docs/storefront/README.md#themes): local storage under `theme`, mirrored in a cookie for the server. */
export type Theme = "light" | "dark";
export const THEME_STORAGE_KEY = "theme";
export const THEME_COOKIE = "theme";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function parseTheme(value: string | null | undefined): Theme | undefined {
  return value === "dark" || value === "light" ? value : undefined;
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  document.documentElement.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage; the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not everywhere
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

/**
 * Runs in <head> before the body paints: applies the stored theme (local storage, else the cookie)
 * when the server did not render it — a visitor's page never does, since a shared cache may hand it
 * to anyone (docs/decisions/054-shared-cache.md) — and restores the cookie, so the page never
 * flashes the wrong theme. Kept tiny, constant and dependency-free; it is inlined as text (a
 * shareable page's policy names its hash).
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=null;try{t=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}if(t!=="dark"&&t!=="light"){var m=document.cookie.match(/(?:^|; )${THEME_COOKIE}=(dark|light)(?:;|$)/);t=m&&m[1]}if(t!=="dark"&&t!=="light")return;var d=document.documentElement;if(d.classList.contains("dark")!==(t==="dark")||!d.style.colorScheme){d.classList.toggle("dark",t==="dark");d.style.colorScheme=t;var c=document.querySelector('meta[name="theme-color"]');if(c)c.setAttribute("content",t==="dark"?"#030712":"#ffffff")}document.cookie="${THEME_COOKIE}="+t+"; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax"}catch(e){}})();`;
