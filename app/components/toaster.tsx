import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_AUTO_CLOSE_MS, toasterMounted } from "#app/lib/toast.ts";

// react-toastify loads only when the first toast is raised, so pages that never toast never pay
// for it (the product page's JavaScript budget is tight).
const ToastContainer = lazy(() =>
  import("react-toastify").then(({ ToastContainer: Container }) => ({
    default: function MountedContainer() {
      // Runs after the container's own effects: it is listening for toasts from here on.
      useEffect(() => toasterMounted(), []);
      return <Container position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
    },
  })),
);

export function Toaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const show = () => setWanted(true);
    window.addEventListener("shop:toast", show);
    return () => window.removeEventListener("shop:toast", show);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
