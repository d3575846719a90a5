import { runOrderChange } from "#app/components/orders/order-action.server.ts";
import { OrderDetails } from "#app/components/orders/order-details.tsx";
import { RetryScreen, RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { ORDERS_ROUTE, type OrderChangeAnswer } from "#app/lib/orders.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { requireCustomer, requireSameOrigin } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { PAYMENT_RETURN_PARAM } from "#contract/shopping.ts";
import { getOrder } from "#core/orders/orders.ts";
import { reviewableProducts } from "#core/reviews/review-lists.ts";
import type { Route } from "./+types/customer.orders.$orderId";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  accountPageMeta(loaderData ? `Order #${loaderData.order.number}` : "Order");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request, context.core);
  // Another customer's order answers like a missing one (core).
  const order = await notFoundAs404(getOrder(context.core, customerId, params.orderId));
  // The card provider sends the shopper back here with ?payment=success (paymentReturnPaths).
  const backFromPayment = new URL(request.url).searchParams.get(PAYMENT_RETURN_PARAM) === "success";
  const reviewable = Object.fromEntries(
    await reviewableProducts(
      context.core,
      customerId,
      order.items.map((item) => item.product._id),
    ),
  );
  return { order, backFromPayment, reviewable };
}

/**
 * Complete or cancel the payment of an order awaiting it (docs/storefront/orders.md#awaiting-payment),
 * or cancel a placed order (docs/storefront/orders.md#cancelling-an-order).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.publicUrl);
  const { customerId } = await requireCustomer(request, context.core);
  const form = await request.formData();
  return runOrderChange(context.core, customerId, params.orderId, form, siteOrigin(request, context));
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OrderDetails
      order={loaderData.order}
      backFromPayment={loaderData.backFromPayment}
      reviewable={loaderData.reviewable}
      posted={actionData as OrderChangeAnswer | undefined}
    />
  );
}

/** An unknown order, or someone else's: the not-found message; anything else: try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error} notFound={ORDER_NOT_FOUND}>
      <RetryScreen title="Something went wrong." paragraph="We couldn't retrieve your order." />
    </RouteErrorBoundary>
  );
}

const ORDER_NOT_FOUND = {
  title: "Oops! The order you are looking for does not exist.",
  action: { label: "BACK TO ORDERS", to: ORDERS_ROUTE },
};
