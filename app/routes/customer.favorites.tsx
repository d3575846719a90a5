import {
  FavoritesFailed,
  FavoritesFrame,
  type FavoritesPage,
  FavoritesPageView,
  favoritesPageUrl,
} from "#app/components/favorites/favorites-list.tsx";
import { RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { countForWidth } from "#app/lib/breakpoints.ts";
import { readViewportWidth } from "#app/lib/cookies.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { pageOrStream } from "#app/lib/paged-list.server.ts";
import { requireCustomer } from "#app/lib/session.server.ts";
import { FAVORITES_PAGE_SIZES } from "#contract/shopping.ts";
import { readPageParam } from "#contract/storefront.ts";
import { listFavorites } from "#core/favorites/favorites.ts";
import type { Route } from "./+types/customer.favorites";

export const meta: Route.MetaFunction = () => accountPageMeta("Favorites");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request, context.core);
  const page = readPageParam(new URL(request.url).searchParams);
  // docs/storefront/favorites.md#page-size: page size by width, from the width the browser reported (docs/decisions/007-storefront-rendering.md), like the search page.
  const limit = countForWidth(FAVORITES_PAGE_SIZES, readViewportWidth(request));
  const favorites = listFavorites(context.core, customerId, { page, limit }).then(
    (result): FavoritesPage => ({
      products: result.data.map((entry) => entry.productId),
      numberOfPages: result.paginationResults.numberOfPages,
    }),
  );
  const entries = (loaded: FavoritesPage) => loaded.products.length;
  const { data } = await pageOrStream(page, favorites, entries, favoritesPageUrl);
  return { page, limit, favorites: data };
}

/** The page's data could not be loaded at all (the request itself failed). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error}>
      <FavoritesFrame>
        <FavoritesFailed />
      </FavoritesFrame>
    </RouteErrorBoundary>
  );
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { page, limit, favorites } = loaderData;
  return <FavoritesPageView page={page} limit={limit} favorites={favorites} />;
}
