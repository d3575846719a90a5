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
 * Runs in <head> before the body paints: when local storage holds a theme the server did not
 * render (the cookie was cleared or expired), apply it at once and restore the cookie, so the page
 * never flashes the wrong theme. Kept tiny and dependency-free; it is inlined as text.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}");if(t!=="dark"&&t!=="light")return;var d=document.documentElement;if(d.classList.contains("dark")!==(t==="dark")){d.classList.toggle("dark",t==="dark");d.style.colorScheme=t;}document.cookie="${THEME_COOKIE}="+t+"; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax"}catch(e){}})();`;
