import { Suspense, useEffect } from "react";
import { Await, Link } from "react-router";
import type { ProductCardData } from "#app/components/product-card.tsx";
import { ProductGrid, ProductGridSkeleton } from "#app/components/product-grid.tsx";
import { largest, RELATED_PRODUCTS_SIZES } from "#app/lib/breakpoints.ts";
import type { ReviewAnswer, ReviewsPart } from "#app/lib/reviews.ts";
import { notify } from "#app/lib/toast.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { ProductInfo } from "./product-info.tsx";
import { ProductReviews } from "./reviews/product-reviews.tsx";

function Breadcrumb({ product }: { product: ProductDetail }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-gray-600 text-sm dark:text-gray-400">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={`/search/?page=1&category=${product.category._id}`} className="hover:underline">
            {product.category.name}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="truncate text-gray-900 dark:text-gray-100">
          {product.title}
        </li>
      </ol>
    </nav>
  );
}

/** Streams in behind its skeleton; a failure renders its own small message. */
function RelatedProducts({ related }: { related: Promise<ProductCardData[]> }) {
  return (
    <section aria-labelledby="related-title" className="mt-16">
      <h2 id="related-title" className="section-title mb-5">
        PRODUCTS RELATED TO THIS ITEM
      </h2>
      <Suspense
        fallback={
          <ProductGridSkeleton count={largest(RELATED_PRODUCTS_SIZES)} limits={RELATED_PRODUCTS_SIZES} />
        }
      >
        <Await
          resolve={related}
          errorElement={
            <p className="text-gray-600 text-sm dark:text-gray-400">We couldn't load related products.</p>
          }
        >
          {(items) =>
            items.length > 0 ? (
              <ProductGrid products={items} limits={RELATED_PRODUCTS_SIZES} />
            ) : (
              <p className="text-gray-600 text-sm dark:text-gray-400">No related products yet.</p>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

/** The product page: gallery, details and add to cart, reviews, related products. */
export function ProductPage({
  product,
  related,
  reviews,
  breadcrumbLd,
  posted,
}: {
  product: ProductDetail;
  related: Promise<ProductCardData[]>;
  reviews: ReviewsPart | Promise<ReviewsPart>;
  /** The breadcrumb trail's JSON-LD, as the script's text (built by the loader). */
  breadcrumbLd: string;
  /** The answer to a form posted before the page hydrated (the fetchers answer the rest). */
  posted: { ok: boolean; message?: string; intent?: string } | undefined;
}) {
  useEffect(() => {
    if (posted?.message) void notify(posted.ok ? "success" : "error", posted.message);
  }, [posted]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumb product={product} />
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery
          images={product.images.length ? product.images : [product.imageCover]}
          title={product.title}
        />
        <ProductInfo key={product._id} product={product} />
      </div>
      {/* The Product itself is written with the reviews, once they are in (ProductReviews). */}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped on the server (scriptJson)
        dangerouslySetInnerHTML={{ __html: breadcrumbLd }}
      />
      <ProductReviews
        product={product}
        reviews={reviews}
        posted={posted?.intent?.startsWith("review-") ? (posted as ReviewAnswer) : undefined}
      />
      <RelatedProducts related={related} />
    </div>
  );
}
