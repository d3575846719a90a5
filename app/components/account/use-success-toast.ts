import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import { notify } from "#app/lib/toast.ts";

/**
 * A success toast once a form's step has worked: the action answers success with a redirect away
 * from the page (a verified email goes on, a changed password logs in), so leaving the page right
 * after posting `intent` is the success; a failure stays on the page (docs/storefront/README.md#toasts).
 */
export function useSuccessToast(intent: string, message: string) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const posted = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") {
      posted.current = navigation.formData?.get("intent") === intent;
    } else if (navigation.state === "loading" && posted.current) {
      posted.current = false;
      if (navigation.location.pathname !== pathname) void notify("success", message);
    } else if (navigation.state === "idle") {
      posted.current = false;
    }
  }, [navigation, pathname, intent, message]);
}
