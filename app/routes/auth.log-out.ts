import { redirect } from "react-router";
import { LOG_IN_ROUTE } from "#app/lib/session.server.ts";
import { CLEAR_SESSION_COOKIE } from "#contract/session.ts";
import type { Route } from "./+types/auth.log-out";

// docs/storefront/accounts.md#session: logging out deletes the session cookie and goes to the log-in route.
export async function action(_: Route.ActionArgs) {
  return redirect(LOG_IN_ROUTE, { headers: { "Set-Cookie": CLEAR_SESSION_COOKIE } });
}

export async function loader() {
  return redirect("/");
}
