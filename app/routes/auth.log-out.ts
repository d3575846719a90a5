import { redirect } from "react-router";
import { TOKEN_COOKIE } from "#app/lib/cookies.server.ts";
import type { Route } from "./+types/auth.log-out";

// SPEC §4: logging out deletes the session cookie and goes to the log-in route.
export async function action(_: Route.ActionArgs) {
  return redirect("/auth/log-in", {
    headers: { "Set-Cookie": `${TOKEN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` },
  });
}

export async function loader() {
  return redirect("/");
}
