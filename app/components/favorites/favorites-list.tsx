import type { ReactNode } from "react";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { PagedListBody } from "#app/components/paged-list-body.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import type { ProductCardData } from "#app/components/product-card.tsx";
import { ProductGrid, ProductGridSkeleton } from "#app/components/product-grid.tsx";
import { RetryScreen } from "#app/components/route-error-boundary.tsx";
import { isPastLastPage, useGoToLastPage } from "#app/lib/paged-list.ts";
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

export const isPastTheEndOfFavorites = (page: number, favorites: FavoritesPage) =>
  isPastLastPage(page, favorites.products.length, favorites.numberOfPages);

export function FavoritesFailed() {
  return <RetryScreen headingLevel={2} title="We couldn't retrieve your favorites." />;
}

function FavoritesList({ page, favorites }: { page: number; favorites: FavoritesPage }) {
  const pastTheEnd = isPastTheEndOfFavorites(page, favorites);
  useGoToLastPage(pastTheEnd, favoritesPageUrl(favorites.numberOfPages));
  if (favorites.products.length === 0 && !pastTheEnd) {
    return (
      <MessageScreen
        image="emptyBox"
        headingLevel={2}
        title="Oops! You haven't saved any products yet."
        action={{ label: "BACK TO HOME PAGE", to: "/" }}
      />
    );
  }
  return (
    <>
      <ProductGrid products={favorites.products} label="Favorites" headingLevel={2} />
      <Pagination current={page} count={favorites.numberOfPages} href={favoritesPageUrl} />
    </>
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
