import { OrdersFailed, OrdersFrame, OrdersPageView } from "#app/components/orders/orders-list.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { type OrdersPage, ordersPageUrl } from "#app/lib/orders.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { pageOrStream } from "#app/lib/paged-list.server.ts";
import { requireCustomer } from "#app/lib/session.server.ts";
import { ORDERS_PAGE_SIZE } from "#contract/shopping.ts";
import { readPageParam } from "#contract/storefront.ts";
import { listOrders } from "#core/orders/orders.ts";
import { reviewableProducts } from "#core/reviews/review-lists.ts";
import type { Route } from "./+types/customer.orders";

export const meta: Route.MetaFunction = () => accountPageMeta("Orders");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request, context.core);
  const page = readPageParam(new URL(request.url).searchParams);
  const orders = listOrders(context.core, customerId, { page, limit: ORDERS_PAGE_SIZE }).then(
    async (result): Promise<OrdersPage> => ({
      orders: result.data,
      numberOfPages: result.paginationResults.numberOfPages,
      // One query for the page: which of its products the customer may review, or has.
      reviewable: Object.fromEntries(
        await reviewableProducts(
          context.core,
          customerId,
          result.data.flatMap((order) => order.items.map((item) => item.product._id)),
        ),
      ),
    }),
  );
  const { data } = await pageOrStream(page, orders, (loaded) => loaded.orders.length, ordersPageUrl);
  return { page, orders: data };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error}>
      <OrdersFrame>
        <OrdersFailed />
      </OrdersFrame>
    </RouteErrorBoundary>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return <OrdersPageView page={loaderData.page} orders={loaderData.orders} />;
}
