import { Suspense, useEffect } from "react";
import { Await, redirect, useRevalidator } from "react-router";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { Pagination } from "#app/components/pagination.tsx";
import type { ProductCardData } from "#app/components/product-card.tsx";
import { ProductGrid, ProductGridSkeleton } from "#app/components/product-grid.tsx";
import { countForWidth } from "#app/lib/breakpoints.ts";
import { readViewportWidth } from "#app/lib/cookies.server.ts";
import { withinOrStream } from "#app/lib/deferred.server.ts";
import { accountPageMeta } from "#app/lib/page-meta.ts";
import { isPastLastPage, useChangingPage, useGoToLastPage } from "#app/lib/paged-list.ts";
import { isGlobalError } from "#app/lib/route-errors.ts";
import { requireCustomer } from "#app/lib/session.server.ts";
import { takeNewViewportFlag } from "#app/lib/viewport.ts";
import { FAVORITES_PAGE_SIZES } from "#contract/shopping.ts";
import { readPageParam } from "#contract/storefront.ts";
import { listFavorites } from "#core/favorites/favorites.ts";
import type { Route } from "./+types/customer.favorites";

const FAVORITES_ROUTE = "/customer/favorites";

const pageUrl = (page: number) => `${FAVORITES_ROUTE}?page=${page}`;

interface FavoritesPage {
  products: ProductCardData[];
  numberOfPages: number;
}

export const meta: Route.MetaFunction = () => accountPageMeta("Favorites");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customerId } = await requireCustomer(request, context.core);
  const page = readPageParam(new URL(request.url).searchParams);
  // SPEC §9 page size by width, from the width the browser reported (DESIGN), like the search page.
  const limit = countForWidth(FAVORITES_PAGE_SIZES, readViewportWidth(request));
  const favorites = listFavorites(context.core, customerId, { page, limit }).then(
    (result): FavoritesPage => ({
      products: result.data.map((entry) => entry.productId),
      numberOfPages: result.paginationResults.numberOfPages,
    }),
  );
  const { data } = await withinOrStream(favorites);
  // A page past the end (its last favorite was just removed, or an old link): the last page.
  if (!(data instanceof Promise) && isPastTheEnd(page, data)) throw redirect(pageUrl(data.numberOfPages));
  return { page, limit, favorites: data };
}

const isPastTheEnd = (page: number, favorites: FavoritesPage) =>
  isPastLastPage(page, favorites.products.length, favorites.numberOfPages);

function FavoritesFailed() {
  const revalidator = useRevalidator();
  return (
    <MessageScreen
      image="somethingWentWrong"
      headingLevel={2}
      title="We couldn't retrieve your favorites."
      action={{ label: "TRY AGAIN", onClick: () => revalidator.revalidate() }}
    />
  );
}

function FavoritesList({ page, favorites }: { page: number; favorites: FavoritesPage }) {
  const pastTheEnd = isPastTheEnd(page, favorites);
  useGoToLastPage(pastTheEnd, pageUrl(favorites.numberOfPages));
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
      <Pagination current={page} count={favorites.numberOfPages} href={pageUrl} />
    </>
  );
}

/** The page's data could not be loaded at all (the request itself failed). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isGlobalError(error)) throw error; // the root shows the global page
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="section-title mb-5">FAVORITES</h1>
      <FavoritesFailed />
    </div>
  );
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const { page, limit, favorites } = loaderData;
  const revalidator = useRevalidator();
  // First visit: the server could not know the screen width yet; load again at the right size.
  useEffect(() => {
    if (takeNewViewportFlag() && countForWidth(FAVORITES_PAGE_SIZES, window.innerWidth) !== limit) {
      void revalidator.revalidate();
    }
  }, [limit, revalidator]);
  // Another page of favorites on its way: its skeleton rather than the old page's cards.
  const changingPage = useChangingPage();
  const skeleton = <ProductGridSkeleton count={limit} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="section-title mb-5">FAVORITES</h1>
      {changingPage ? (
        <div aria-busy="true">{skeleton}</div>
      ) : (
        <Suspense fallback={<div aria-busy="true">{skeleton}</div>}>
          <Await resolve={favorites} errorElement={<FavoritesFailed />}>
            {(loaded) => <FavoritesList page={page} favorites={loaded} />}
          </Await>
        </Suspense>
      )}
    </div>
  );
}
