/** SPEC §9: toasts sit bottom-right and close after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastType = "info" | "success" | "warning" | "error" | "default";

/** Raises a toast, loading the toast library on first use (see components/toaster.tsx). */
export async function notify(type: ToastType, message: string) {
  window.dispatchEvent(new Event("shop:toast"));
  const { toast } = await import("react-toastify");
  // The container mounts on the event above; give React a frame to render it before toasting.
  requestAnimationFrame(() => (type === "default" ? toast(message) : toast[type](message)));
}
