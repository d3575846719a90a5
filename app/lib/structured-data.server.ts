import type { ProductDetail } from "#contract/catalog.ts";
import type { Review, ReviewSummary } from "#contract/reviews.ts";

/**
 * schema.org JSON-LD for a product page: the Product with one Offer per size (or one for a product
 * without sizes), its rating and brand, and the breadcrumb trail Home › category › product. With
 * the reviews section's data, the rating is its figures and the reviews shown are `review` entries
 * (docs/storefront/reviews-on-the-product-page.md#structured-data).
 */
export function productJsonLd(
  product: ProductDetail,
  origin: string,
  reviews?: { summary: ReviewSummary; shown: Review[] },
): object[] {
  const url = `${origin}/product/${product._id}`;
  const absolute = (src: string) => (src.startsWith("/") ? `${origin}${src}` : src);
  const availability = (quantity: number) =>
    quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const offers =
    product.sizes.length > 0
      ? product.sizes.map((s) => ({
          "@type": "Offer",
          name: s.size,
          sku: `${product._id}-${s.size}`,
          url: `${url}?size=${encodeURIComponent(s.size)}`,
          price: s.price.toFixed(2),
          priceCurrency: "USD",
          availability: availability(s.quantity),
          itemCondition: "https://schema.org/NewCondition",
        }))
      : [
          {
            "@type": "Offer",
            url,
            price: product.price.toFixed(2),
            priceCurrency: "USD",
            availability: availability(product.quantity),
            itemCondition: "https://schema.org/NewCondition",
          },
        ];
  const productLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.title,
    description: product.description,
    sku: product._id,
    color: product.colorName,
    image: product.images.length > 0 ? product.images.map(absolute) : [absolute(product.imageCover)],
    category: product.category.name,
    offers,
  };
  if (product.brand) productLd.brand = { "@type": "Brand", name: product.brand.name };
  const figures = reviews?.summary ?? product;
  if (figures.ratingsQuantity > 0) {
    productLd.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: figures.ratingsAverage,
      reviewCount: figures.ratingsQuantity,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (reviews && reviews.shown.length > 0) {
    productLd.review = reviews.shown.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.author },
      datePublished: r.createdAt.slice(0, 10),
      name: r.title,
      reviewBody: r.text,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
      {
        "@type": "ListItem",
        position: 2,
        name: product.category.name,
        item: `${origin}/search/?page=1&category=${product.category._id}`,
      },
      { "@type": "ListItem", position: 3, name: product.title, item: url },
    ],
  };
  return [productLd, breadcrumbs];
}

/** JSON for a <script> element: `<` escaped so no text can close the script early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
