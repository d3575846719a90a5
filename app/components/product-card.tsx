import { Link } from "react-router";
import type { ProductListItem } from "#contract/catalog.ts";
import { formatPrice } from "#contract/money-format.ts";
import { FallbackImage } from "./fallback-image.tsx";
import { FavoriteToggle } from "./favorite-toggle.tsx";
import { Rating } from "./rating.tsx";

/** The fields a product card reads (docs/storefront/api.md#product-list-fields: the list fields the storefront requests). */
export type ProductCardData = Pick<
  ProductListItem,
  | "_id"
  | "title"
  | "price"
  | "priceBeforeDiscount"
  | "discountPercent"
  | "imageCover"
  | "quantity"
  | "ratingsAverage"
  | "ratingsQuantity"
> &
  // Absent reads as not a favorite (a list read without a viewer).
  Partial<Pick<ProductListItem, "isFavorite">>;

export const PRODUCT_CARD_FIELDS = [
  "_id",
  "title",
  "price",
  "priceBeforeDiscount",
  "discountPercent",
  "imageCover",
  "quantity",
  "size",
  "sold",
  "ratingsAverage",
  "ratingsQuantity",
  "isFavorite",
] as const;

export function ProductCard({
  product,
  sizes = "(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw",
  priority = false,
  headingLevel = 3,
}: {
  product: ProductCardData;
  sizes?: string;
  priority?: boolean;
  /** 3 under a section's h2 (home, search); 2 where the page has only its h1 (favorites). */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? "h2" : "h3";
  const discounted = product.discountPercent > 0 && product.priceBeforeDiscount > product.price;
  // The favorite toggle sits beside the link, not in it: a button inside a link is not valid HTML
  // and reads badly to assistive technology.
  return (
    <div className="group relative h-full">
      <Link
        to={`/product/${product._id}`}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white transition group-hover:-translate-y-0.5 group-hover:shadow-lg focus-visible:outline-2 focus-visible:outline-brand dark:border-gray-800 dark:bg-gray-900"
      >
        <div className="relative aspect-square overflow-hidden bg-gray-100 dark:bg-gray-800">
          <FallbackImage
            src={product.imageCover}
            alt={product.title}
            width={400}
            height={400}
            sizes={sizes}
            loading={priority ? "eager" : "lazy"}
            // A priority card may be the page's largest paint: fetch it before scripts.
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
          {discounted && (
            <span className="absolute top-2 left-2 rounded-full bg-red-600 px-2 py-0.5 font-semibold text-white text-xs">
              -{product.discountPercent}%
            </span>
          )}
          {product.quantity === 0 && (
            <span className="absolute bottom-2 left-2 rounded-full bg-gray-900/80 px-2 py-0.5 font-medium text-white text-xs">
              Sold out
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          {/* The whole title, wrapped: variants differ only by the colour at its end (docs/storefront/README.md#product-cards). */}
          <Title className="min-h-10 text-pretty break-words font-medium text-sm leading-5">
            {product.title}
          </Title>
          <Rating average={product.ratingsAverage} count={product.ratingsQuantity} size={14} />
          <p className="mt-auto flex flex-wrap items-baseline gap-x-2">
            <span className="font-semibold">{formatPrice(product.price)}</span>
            {discounted && (
              <s className="text-gray-500 text-xs dark:text-gray-400">
                {formatPrice(product.priceBeforeDiscount)}
              </s>
            )}
          </p>
        </div>
      </Link>
      <div className="absolute top-2 right-2 transition group-hover:-translate-y-0.5">
        <FavoriteToggle
          productId={product._id}
          title={product.title}
          isFavorite={product.isFavorite ?? false}
        />
      </div>
    </div>
  );
}

/** The card's shape while its data streams in: same box, so nothing shifts when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 dark:border-gray-800"
      aria-hidden="true"
    >
      <div className="skeleton aspect-square" />
      <div className="flex flex-col gap-2 p-3">
        <div className="skeleton h-4 w-4/5 rounded" />
        <div className="skeleton h-4 w-2/5 rounded" />
        <div className="skeleton h-3.5 w-1/3 rounded" />
        <div className="skeleton mt-1 h-5 w-1/2 rounded" />
      </div>
    </div>
  );
}
