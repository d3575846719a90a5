import type { ReactNode } from "react";
import { PagedList, PagedListBody } from "#app/components/paged-list-body.tsx";
import type { ProductCardData } from "#app/components/product-card.tsx";
import { ProductGrid, ProductGridSkeleton } from "#app/components/product-grid.tsx";
import { RetryScreen } from "#app/components/route-error-boundary.tsx";
import { useReloadAtViewportSize } from "#app/lib/viewport.ts";
import { FAVORITES_PAGE_SIZES } from "#contract/shopping.ts";

export const FAVORITES_ROUTE = "/customer/favorites";

/** The address of a page of the favorites list. */
export const favoritesPageUrl = (page: number) => `${FAVORITES_ROUTE}?page=${page}`;

/** One page of the customer's favorites, as the list shows it. */
export interface FavoritesPage {
  products: ProductCardData[];
  numberOfPages: number;
}

export function FavoritesFailed() {
  return <RetryScreen headingLevel={2} title="We couldn't retrieve your favorites." />;
}

function FavoritesList({ page, favorites }: { page: number; favorites: FavoritesPage }) {
  return (
    <PagedList
      page={page}
      entries={favorites.products.length}
      numberOfPages={favorites.numberOfPages}
      pageUrl={favoritesPageUrl}
      emptyTitle="Oops! You haven't saved any products yet."
    >
      <ProductGrid products={favorites.products} label="Favorites" headingLevel={2} />
    </PagedList>
  );
}

/** The page's frame: its title over the list, or over its failed state (the route's error boundary). */
export function FavoritesFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="section-title mb-5">FAVORITES</h1>
      {children}
    </div>
  );
}

/** The customer's favorite products, a page at a time, as many a page as the screen width takes. */
export function FavoritesPageView({
  page,
  limit,
  favorites,
}: {
  page: number;
  limit: number;
  favorites: FavoritesPage | Promise<FavoritesPage>;
}) {
  useReloadAtViewportSize(FAVORITES_PAGE_SIZES, limit);
  return (
    <FavoritesFrame>
      <PagedListBody
        data={favorites}
        skeleton={<ProductGridSkeleton count={limit} />}
        failed={<FavoritesFailed />}
      >
        {(loaded) => <FavoritesList page={page} favorites={loaded} />}
      </PagedListBody>
    </FavoritesFrame>
  );
}
