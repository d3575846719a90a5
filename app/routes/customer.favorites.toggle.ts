import { data, redirect } from "react-router";
import { z } from "zod";
import type { FavoriteToggleAnswer } from "#app/components/favorite-toggle.tsx";
import { hasSessionCookie } from "#app/lib/cookies.server.ts";
import { formFailure, readForm } from "#app/lib/form-action.server.ts";
import { safeRedirectTarget } from "#app/lib/redirects.ts";
import { logInRedirect, requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { favoriteBody } from "#contract/shopping.ts";
import { addFavorite, removeFavorite } from "#core/favorites/favorites.ts";
import type { Route } from "./+types/customer.favorites.toggle";

/** The toggle's form: the favorite's body, and whether it is being added or removed. */
const toggleForm = favoriteBody.extend({
  intent: z.enum(["add", "remove"], { error: "intent must be add or remove." }),
});

/** Nothing to show here: someone who opens the address lands on their favorites. */
export function loader() {
  return redirect("/customer/favorites");
}

/**
 * The favorite toggle (docs/storefront/favorites.md#favorite-toggle) of product cards and the product page. A fetcher (`answer=data`)
 * gets `{ ok, isFavorite }` or the failure's message for its toast; a plain form post, before
 * JavaScript, goes back to the page it came from. A visitor is sent to log in and back (docs/storefront/favorites.md#favorite-toggle).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirectTarget(form.get("redirectTo"));
  const answersData = form.get("answer") === "data";
  if (!hasSessionCookie(request)) throw logInRedirect(back);
  requireSameOrigin(request, context.publicUrl);
  const { customerId } = await requireCustomer(request, context.core, { backTo: back });

  const parsed = readForm(form, toggleForm);
  if (!parsed.ok) {
    if (!answersData) throw redirect(back);
    return data<FavoriteToggleAnswer>({ message: parsed.failure.message }, { status: 400 });
  }
  const change = parsed.data.intent === "add" ? addFavorite : removeFavorite;
  let isFavorite: boolean;
  try {
    ({ isFavorite } = await change(context.core, customerId, parsed.data.productId));
  } catch (error) {
    if (!answersData) throw redirect(back);
    return formFailure(error, CALL_FAILED);
  }
  if (!answersData) throw redirect(back);
  return data<FavoriteToggleAnswer>({ ok: true, isFavorite });
}
