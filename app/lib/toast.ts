/** docs/storefront/README.md#toasts: toasts sit bottom-right and close after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/** docs/storefront/README.md#toasts: a failed call shows the server's message, or this. */
export const CALL_FAILED = "Something went wrong!";

export type ToastType = "info" | "success" | "warning" | "error" | "default";

// Resolved once the toast container has mounted (components/toaster.tsx): a toast raised before
// that would be dropped.
let markMounted: () => void = () => {};
const containerMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function toasterMounted() {
  markMounted();
}

/** Raises a toast, loading the toast library on first use (see components/toaster.tsx). */
export async function notify(type: ToastType, message: string) {
  window.dispatchEvent(new Event("shop:toast"));
  const [{ toast }] = await Promise.all([import("react-toastify"), containerMounted]);
  if (type === "default") toast(message);
  else toast[type](message);
}
