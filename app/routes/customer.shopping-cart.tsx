import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { CartPage } from "#app/components/cart/cart.tsx";
import { CartFailed } from "#app/components/cart/cart.tsx";
import { runCartChange } from "#app/components/cart/cart-action.server.ts";
import { CartFrame, ShoppingCartPage } from "#app/components/cart/cart-page.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { withinOrStream } from "#app/lib/deferred.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { listAddresses } from "#core/accounts/addresses.ts";
import { listPhoneNumbers } from "#core/accounts/phone-numbers.ts";
import { getCart } from "#core/checkout/current-cart.ts";
import { awaitingPayment } from "#core/checkout/resume-payment.ts";
import type { Route } from "./+types/customer.shopping-cart";

export const meta: Route.MetaFunction = () => accountPageMeta("Shopping cart");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request, context.core);
  // Card orders awaiting payment: the page offers to complete or cancel each (posts; reading changes nothing).
  const awaiting = await awaitingPayment(context.core, customerId);
  const page: Promise<CartPage> = Promise.all([
    getCart(context.core, customerId),
    listPhoneNumbers(context.core, customerId),
    listAddresses(context.core, customerId),
  ]).then(([cart, phoneNumbers, addresses]) => ({ cart, phoneNumbers, addresses }));
  return { awaiting, page: (await withinOrStream(page)).data };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const { customerId } = await requireCustomer(request, context.core);
  const form = await request.formData();
  return runCartChange(context.core, customerId, form, siteOrigin(request, context));
}

/** What the action answers a fetcher with: its redirects are followed, never handed over as data. */
export type CartAnswer = Exclude<Route.ComponentProps["actionData"], Response>;

/**
 * Each answer of the action carries the cart as it now is, or (a placed order) where the page goes
 * next: nothing to load again.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (
    actionResult &&
    typeof actionResult === "object" &&
    (("cart" in actionResult && actionResult.cart) || "redirectTo" in actionResult)
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export default function ShoppingCart({ loaderData, actionData }: Route.ComponentProps) {
  const { page, awaiting } = loaderData;
  return <ShoppingCartPage page={page} awaiting={awaiting} posted={actionData as CartAnswer} />;
}

/** docs/storefront/cart.md#cart-page: the cart's own failure state (the global pages pass through). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error}>
      <CartFrame>
        <CartFailed />
      </CartFrame>
    </RouteErrorBoundary>
  );
}
