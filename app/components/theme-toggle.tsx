import { useEffect, useState } from "react";
import { applyTheme, type Theme } from "#app/lib/theme.ts";
import { MoonIcon, SunIcon } from "./icons.tsx";

function currentTheme(fallback: Theme): Theme {
  if (typeof document === "undefined") return fallback;
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function useTheme(serverTheme: Theme) {
  const [theme, setTheme] = useState<Theme>(serverTheme);
  // The boot script may have applied a stored theme the server did not know about.
  useEffect(() => setTheme(currentTheme(serverTheme)), [serverTheme]);
  const toggle = () => {
    const next: Theme = currentTheme(theme) === "dark" ? "light" : "dark";
    applyTheme(next);
    setTheme(next);
  };
  return { theme, toggle };
}

export function ThemeToggle({ theme, onToggle }: { theme: Theme; onToggle: () => void }) {
  const label = theme === "dark" ? "Switch to light mode" : "Switch to dark mode";
  return (
    <button type="button" onClick={onToggle} className="icon-button" aria-label={label} title={label}>
      {theme === "dark" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
