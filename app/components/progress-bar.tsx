import { useFetchers, useNavigation } from "react-router";

/** A thin bar across the top while a page loads or a form is busy (docs/storefront/README.md#forms). */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden transition-opacity duration-300 ${busy ? "opacity-100" : "opacity-0"}`}
      data-busy={busy}
    >
      <div className={`h-full w-1/3 bg-brand ${busy ? "progress-slide" : ""}`} />
    </div>
  );
}
