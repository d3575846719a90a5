import { Suspense, useEffect, useState } from "react";
import {
  Await,
  data,
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from "react-router";
import { FallbackImage } from "#app/components/fallback-image.tsx";
import { FavoriteToggle } from "#app/components/favorite-toggle.tsx";
import { MessageScreen } from "#app/components/message-screen.tsx";
import { PRODUCT_CARD_FIELDS, type ProductCardData } from "#app/components/product-card.tsx";
import { ProductGallery } from "#app/components/product-gallery.tsx";
import { ProductGrid, ProductGridSkeleton } from "#app/components/product-grid.tsx";
import { QuantitySelector } from "#app/components/quantity-selector.tsx";
import { Rating } from "#app/components/rating.tsx";
import { largest, RELATED_PRODUCTS_SIZES } from "#app/lib/breakpoints.ts";
import { hasSessionCookie } from "#app/lib/cookies.server.ts";
import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { sizedImageUrl } from "#app/lib/images.ts";
import { initialSize, truncateWords } from "#app/lib/product.ts";
import { isGlobalError } from "#app/lib/route-errors.ts";
import { logInRedirect, requireCustomer, requireSameOrigin, viewerId } from "#app/lib/session.server.ts";
import { siteOrigin } from "#app/lib/site.server.ts";
import { productJsonLd, scriptJson } from "#app/lib/structured-data.ts";
import { CALL_FAILED, notify } from "#app/lib/toast.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { formatPrice } from "#contract/money-format.ts";
import { addToCartBody } from "#contract/shopping.ts";
import { addToCart } from "#core/cart/cart.ts";
import { getProduct, listRelatedProducts } from "#core/catalog/products.ts";
import { DomainError } from "#core/errors.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/product.$productId";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  let product: ProductDetail;
  // The favorite toggles show the signed-in customer's favorites.
  const viewer = await viewerId(request, context.core);
  try {
    product = await getProduct(context.core, params.productId, { viewerId: viewer });
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
  return {
    product,
    origin: siteOrigin(request, context),
    // Streams in behind its skeleton; a failure renders its own small message.
    related: listRelatedProducts(context.core, product, {
      limit: largest(RELATED_PRODUCTS_SIZES),
      fields: [...PRODUCT_CARD_FIELDS],
      viewerId: viewer,
    }).then((items) => items as ProductCardData[]),
  };
}

/**
 * Adds the posted quantity of the chosen size. The answer says what was added, so the page can take
 * it off the stock it shows without loading the product again (SPEC §4).
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
 * Add to cart: a visitor goes to log in and comes back here afterwards (SPEC §2). Works as a plain
 * form post before JavaScript loads. (The favorite toggle posts to its own route.)
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
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: missing ? "Product not found — shop" : "shop" }, { name: "robots", content: "noindex" }];
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

function StockText({ quantity }: { quantity: number }) {
  return quantity === 0 ? (
    <p className="font-semibold text-red-700 dark:text-red-400">Out of stock.</p>
  ) : (
    <p className="text-gray-700 dark:text-gray-300">only {quantity} left in stock</p>
  );
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const short = truncateWords(text);
  return (
    <div className="text-gray-700 leading-relaxed dark:text-gray-300">
      <p>{short && !open ? short : text}</p>
      {short && (
        <button
          type="button"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          className="mt-1 font-semibold text-brand text-sm underline-offset-4 hover:underline dark:text-indigo-300"
        >
          {open ? "Show Less" : "Learn More"}
        </button>
      )}
    </div>
  );
}

function ProductInfo({ product }: { product: ProductDetail }) {
  // Login state is the root's (the session cookie); this page does not read it again.
  const isLoggedIn = useRouteLoaderData<typeof rootLoader>("root")?.isLoggedIn ?? false;
  const [searchParams, setSearchParams] = useSearchParams();
  const cart = useFetcher<typeof action>();
  const requested = searchParams.get("size");
  const chosen = initialSize(product, requested);
  const shown = chosen ?? product;
  // What this page added to the cart, by size (or product), since the product was loaded: the
  // stock shown drops by it (SPEC §4). Fresh product data already counts it, so it starts over.
  const [added, setAdded] = useState({ product, bySize: {} as Record<string, number> });
  const addedBySize = added.product === product ? added.bySize : {};
  const stockOf = (key: string, loaded: number) => Math.max(0, loaded - (addedBySize[key] ?? 0));
  const sizeKey = chosen?._id ?? product._id;
  const stock = stockOf(sizeKey, chosen ? chosen.quantity : product.quantity);
  // A new size starts again at one item, or none when it is sold out (SPEC §4).
  const [picked, setPicked] = useState({ sizeKey, quantity: stock > 0 ? 1 : 0 });
  const quantity = picked.sizeKey === sizeKey ? picked.quantity : stock > 0 ? 1 : 0;
  const setQuantity = (value: number) => setPicked({ sizeKey, quantity: value });
  const busy = cart.state !== "idle";

  const result = cart.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer from the cart
  useEffect(() => {
    if (!result) return;
    if (!result.ok || !("intent" in result)) {
      void notify("error", result.message || CALL_FAILED);
      return;
    }
    void notify("success", result.message);
    const size =
      result.size && product.sizes.find((s) => s.size.toUpperCase() === result.size?.toUpperCase());
    const key = size ? size._id : product._id;
    const before = stockOf(key, size ? size.quantity : product.quantity);
    setAdded({ product, bySize: { ...addedBySize, [key]: (addedBySize[key] ?? 0) + result.quantity } });
    // Chosen quantity back to one, or none when that took the last of it (SPEC §4).
    setPicked({ sizeKey: key, quantity: before - result.quantity > 0 ? 1 : 0 });
  }, [result]);
  const discounted = shown.discountPercent > 0 && shown.priceBeforeDiscount > shown.price;

  const chooseSize = (size: string) => {
    // SPEC §4: the URL follows the size without a new history entry, and the page stays put.
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("size", size);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <p className="text-gray-600 text-sm dark:text-gray-400">
          {product.brand?.name}
          {product.brand && " · "}
          {product.category.name}
        </p>
        <h1 className="mt-1 font-bold text-2xl tracking-tight sm:text-3xl">{product.title}</h1>
        <div className="mt-2 flex items-center gap-3 text-sm">
          <Rating average={product.ratingsAverage} count={product.ratingsQuantity} />
          <span className="text-gray-600 dark:text-gray-400">{product.sold} sold</span>
        </div>
      </div>

      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" aria-live="polite">
        <span className="font-bold text-2xl" data-testid="price">
          {formatPrice(shown.price)}
        </span>
        {discounted && (
          <>
            <s className="text-gray-500 dark:text-gray-400" data-testid="old-price">
              {formatPrice(shown.priceBeforeDiscount)}
            </s>
            <span
              className="rounded-full bg-red-600 px-2 py-0.5 font-semibold text-sm text-white"
              data-testid="discount"
            >
              -{shown.discountPercent}%
            </span>
          </>
        )}
      </div>

      {product.group && product.group.productsIDs.length > 1 && (
        <div>
          <h2 className="mb-2 font-semibold text-sm">
            Colour: <span className="font-normal">{product.colorName}</span>
          </h2>
          <ul className="flex flex-wrap gap-2">
            {product.group.productsIDs.map((v) => (
              <li key={v._id}>
                <Link
                  to={`/product/${v._id}`}
                  aria-label={v.colorName}
                  title={v.colorName}
                  aria-current={v._id === product._id ? "page" : undefined}
                  className={`block size-14 overflow-hidden rounded-lg border-2 bg-gray-100 dark:bg-gray-800 ${v._id === product._id ? "border-brand dark:border-indigo-400" : "border-transparent hover:border-gray-400"}`}
                >
                  <FallbackImage
                    src={v.imageCover}
                    alt=""
                    width={56}
                    height={56}
                    sizes="56px"
                    className="size-full object-cover"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      {product.sizes.length > 0 && (
        <fieldset>
          <legend className="mb-2 font-semibold text-sm">
            Size: <span className="font-normal">{chosen?.size}</span>
          </legend>
          <ul className="flex flex-wrap gap-2">
            {product.sizes.map((s) => (
              <li key={s._id}>
                <Link
                  to={`?size=${encodeURIComponent(s.size)}`}
                  replace
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    chooseSize(s.size);
                  }}
                  aria-current={s._id === chosen?._id ? "true" : undefined}
                  className={`inline-flex h-10 min-w-12 items-center justify-center rounded-lg border px-3 font-medium text-sm transition ${s._id === chosen?._id ? "border-brand bg-brand text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-gray-950" : "border-gray-300 hover:border-gray-500 dark:border-gray-700"} ${stockOf(s._id, s.quantity) === 0 ? "text-gray-500 line-through decoration-1" : ""}`}
                >
                  {s.size}
                  <span className="sr-only">{stockOf(s._id, s.quantity) === 0 ? " (out of stock)" : ""}</span>
                </Link>
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      <StockText quantity={stock} />

      <cart.Form
        method="post"
        className="flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          if (stock === 0 || busy) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="add-to-cart" />
        <input type="hidden" name="productId" value={product._id} />
        {chosen && <input type="hidden" name="size" value={chosen.size} />}
        <input type="hidden" name="quantity" value={quantity} />
        <QuantitySelector value={quantity} max={stock} onChange={setQuantity} />
        <button
          type="submit"
          disabled={stock === 0}
          aria-busy={busy || undefined}
          className="button-primary h-12 flex-1 px-8 text-base disabled:cursor-not-allowed disabled:bg-gray-400 dark:disabled:bg-gray-600"
        >
          {busy && (
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
            />
          )}
          {busy ? "Adding…" : "Add to cart"}
        </button>
      </cart.Form>
      <FavoriteToggle
        productId={product._id}
        title={product.title}
        isFavorite={product.isFavorite}
        variant="button"
      />
      {isLoggedIn ? null : (
        <p className="text-gray-600 text-xs dark:text-gray-400">
          Log in to add items to your cart and favorites.
        </p>
      )}

      <section
        aria-labelledby="description-title"
        className="border-gray-200 border-t pt-5 dark:border-gray-800"
      >
        <h2 id="description-title" className="mb-2 font-semibold">
          Description
        </h2>
        <Description text={product.description} />
      </section>
    </div>
  );
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, origin } = loaderData;
  // A form posted before the page hydrated (the fetcher answers the rest in ProductInfo).
  useEffect(() => {
    if (actionData?.message) void notify(actionData.ok ? "success" : "error", actionData.message);
  }, [actionData]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
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
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery
          images={product.images.length ? product.images : [product.imageCover]}
          title={product.title}
        />
        <ProductInfo key={product._id} product={product} />
      </div>
      {productJsonLd(product, origin).map((ld) => (
        <script
          key={(ld as { "@type": string })["@type"]}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped (scriptJson)
          dangerouslySetInnerHTML={{ __html: scriptJson(ld) }}
        />
      ))}
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
    </div>
  );
}

/** SPEC §2: the product page's own not-found and failure states. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  if (isGlobalError(error)) throw error; // the root shows the global page
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <MessageScreen
        image="notFound"
        title="Oops! The product you are looking for does not exist."
        action={{ label: "BACK TO HOME PAGE", to: "/" }}
      />
    );
  }
  return (
    <MessageScreen
      image="somethingWentWrong"
      title="Something went wrong."
      paragraph="We couldn't retrieve the product information."
      action={{ label: "TRY AGAIN", onClick: () => revalidator.revalidate() }}
    />
  );
}
