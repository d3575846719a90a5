import { type ReactNode, useEffect, useState } from "react";
import { applyTheme, type Theme } from "#app/lib/theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

function currentTheme(fallback: Theme): Theme {
  if (typeof document === "undefined") return fallback;
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/**
 * The theme the controls show. `serverTheme` is null on a visitor's page, which a shared cache may
 * keep and so is rendered theme-neutral (docs/decisions/054-shared-cache.md): until hydration the
 * controls follow the `dark` class the boot script set, by CSS; then they read it.
 */
export function useTheme(serverTheme: Theme | null) {
  const [theme, setTheme] = useState<Theme | null>(serverTheme);
  // The boot script may have applied a stored theme the server did not know about.
  useEffect(() => setTheme(currentTheme(serverTheme ?? "light")), [serverTheme]);
  const toggle = () => {
    const next: Theme = currentTheme(theme ?? "light") === "dark" ? "light" : "dark";
    applyTheme(next);
    setTheme(next);
  };
  return { theme, toggle };
}

/**
 * One of two renderings by theme: the known theme's, or (theme-neutral HTML) both, the `dark`
 * class on <html> showing one. A hidden one is left out of the accessible name too.
 */
export function ByTheme({ theme, light, dark }: { theme: Theme | null; light: ReactNode; dark: ReactNode }) {
  if (theme === "light") return light;
  if (theme === "dark") return dark;
  return (
    <>
      <span className="contents dark:hidden">{light}</span>
      <span className="hidden dark:contents">{dark}</span>
    </>
  );
}

export function ThemeToggle({ theme, onToggle }: { theme: Theme | null; onToggle: () => void }) {
  if (theme === null)
    return (
      <button type="button" onClick={onToggle} className="icon-button">
        <ByTheme
          theme={null}
          light={
            <>
              <MoonIcon />
              <span className="sr-only">Switch to dark mode</span>
            </>
          }
          dark={
            <>
              <SunIcon />
              <span className="sr-only">Switch to light mode</span>
            </>
          }
        />
      </button>
    );
  const label = theme === "dark" ? "Switch to light mode" : "Switch to dark mode";
  return (
    <button type="button" onClick={onToggle} className="icon-button" aria-label={label} title={label}>
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
