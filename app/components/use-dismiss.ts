import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Closes a <details> menu on a click outside it, on Escape (returning focus to its summary) and
 * after a navigation. The menu itself opens and closes without JavaScript.
 */
export function useDismiss(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a new location
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const el = ref.current;
      if (el?.open && !el.contains(event.target as Node)) el.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      const el = ref.current;
      if (event.key === "Escape" && el?.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);
}
