import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductPage } from "#app/components/product/product-page.tsx";
import {
  isReviewIntent,
  loadReviewsSection,
  runReviewAction,
} from "#app/components/product/reviews/reviews.server.ts";
import { PRODUCT_CARD_FIELDS, type ProductCardData } from "#app/components/product-card.tsx";
import { RetryScreen, RouteErrorBoundary } from "#app/components/route-error-boundary.tsx";
import { largest, RELATED_PRODUCTS_SIZES } from "#app/lib/breakpoints.ts";
import { hasSessionCookie } from "#app/lib/cookies.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { sizedImageUrl } from "#app/lib/images.ts";
import { truncateWords } from "#app/lib/product.ts";
import { asksForReviews } from "#app/lib/reviews.ts";
import { notFoundAs404 } from "#app/lib/route-errors.server.ts";
import { isNotFound } from "#app/lib/route-errors.ts";
import { logInRedirect, requireCustomer, requireSameOrigin, viewerId } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { productJsonLd, scriptJson } from "#app/lib/structured-data.server.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { addToCartBody } from "#contract/shopping.ts";
import { addToCart } from "#core/cart/cart.ts";
import { getProduct, listRelatedProducts } from "#core/catalog/products.ts";
import type { Route } from "./+types/product.$productId";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The favorite toggles show the signed-in customer's favorites.
  const viewer = await viewerId(request, context.core);
  const product = await notFoundAs404(getProduct(context.core, params.productId, { viewerId: viewer }));
  const origin = siteOrigin(request, context);
  return {
    product,
    origin,
    // The breadcrumb trail's JSON-LD, built here: the builder stays out of the page's code.
    breadcrumbLd: scriptJson(productJsonLd(product, origin)[1]),
    // Streams in behind its skeleton; a failure renders its own small message.
    related: listRelatedProducts(context.core, product, {
      limit: largest(RELATED_PRODUCTS_SIZES),
      fields: [...PRODUCT_CARD_FIELDS],
      viewerId: viewer,
    }).then((items) => items as ProductCardData[]),
    reviews: await reviewsFor(context.core, product, origin, new URL(request.url).searchParams, viewer),
  };
}

/**
 * The reviews and their figures stream in after the product, behind their skeleton. An address that
 * asks for them (a sort, a page: the links inside the section, the orders page's) has them in the
 * document instead, so a browser without JavaScript shows them and their forms
 * (docs/storefront/reviews-on-the-product-page.md#loading). A failure renders in the section either way.
 */
async function reviewsFor(...args: Parameters<typeof loadReviewsSection>) {
  const [, , , params] = args;
  const reviews = loadReviewsSection(...args);
  return asksForReviews(params) ? await reviews : reviews;
}

/**
 * Adds the posted quantity of the chosen size. The answer says what was added, so the page can take
 * it off the stock it shows without loading the product again (docs/storefront/product.md#add-to-cart).
 */
async function addToCartFromForm(context: Route.ActionArgs["context"], customerId: string, form: FormData) {
  const failed = { ok: false as const, intent: "add-to-cart" as const };
  const parsed = readForm(form, addToCartBody);
  if (!parsed.ok) return invalidForm(parsed.failure, failed);
  try {
    const { message } = await addToCart(context.core, customerId, parsed.data);
    return {
      ok: true as const,
      intent: "add-to-cart" as const,
      message,
      size: parsed.data.size ?? null,
      quantity: parsed.data.quantity,
    };
  } catch (error) {
    return formFailure(error, CALL_FAILED, failed);
  }
}

/**
 * Add to cart: a visitor goes to log in and comes back here afterwards (docs/storefront/product.md#add-to-cart). Works as a plain
 * form post before JavaScript loads. (The favorite toggle posts to its own route.) The reviews
 * section's forms post here too (docs/storefront/reviews-on-the-product-page.md#forms).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = `/product/${params.productId}${form.get("size") ? `?size=${encodeURIComponent(String(form.get("size")))}` : ""}`;
  if (!hasSessionCookie(request)) throw logInRedirect(back);
  requireSameOrigin(request, context.publicUrl);
  // A session that is no longer good ends here and goes to log in; an unverified email to verification.
  const session = await requireCustomer(request, context.core);
  const intent = form.get("intent");
  if (intent === "add-to-cart") return addToCartFromForm(context, session.customerId, form);
  if (isReviewIntent(intent))
    return runReviewAction(context.core, session.customerId, params.productId, intent, form);
  return data({ ok: false, message: "Unknown action." }, { status: 400 });
}

// Choosing a size only rewrites `?size=`: nothing to load again.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // An item added: the page takes it off the stock it shows itself. A refusal (a 4xx, which React
  // Router would not reload after) reloads the product, so the page shows the stock there really is.
  if (formData?.get("intent") === "add-to-cart") {
    return !(actionResult as { ok?: boolean } | undefined)?.ok;
  }
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const a = new URLSearchParams(currentUrl.search);
    const b = new URLSearchParams(nextUrl.search);
    a.delete("size");
    b.delete("size");
    if (a.toString() === b.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  if (!loaderData) {
    return [
      { title: isNotFound(error) ? "Product not found — shop" : "shop" },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, origin } = loaderData;
  const url = `${origin}/product/${product._id}`;
  const description = truncateWords(product.description, 30) ?? product.description;
  const image = product.imageCover.startsWith("/")
    ? `${origin}${sizedImageUrl(product.imageCover, 1200)}`
    : product.imageCover;
  return [
    { title: `${product.title} — shop` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "product:price:amount", content: product.price.toFixed(2) },
    { property: "product:price:currency", content: "USD" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
};

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, reviews, breadcrumbLd } = loaderData;
  return (
    <ProductPage
      product={product}
      related={related}
      reviews={reviews}
      breadcrumbLd={breadcrumbLd}
      posted={actionData}
    />
  );
}

/** docs/storefront/product.md#states: the product page's own not-found and failure states. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary error={error} notFound={PRODUCT_NOT_FOUND}>
      <RetryScreen title="Something went wrong." paragraph="We couldn't retrieve the product information." />
    </RouteErrorBoundary>
  );
}

const PRODUCT_NOT_FOUND = {
  title: "Oops! The product you are looking for does not exist.",
  action: { label: "BACK TO HOME PAGE", to: "/" },
};
