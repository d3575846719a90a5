import { useEffect, useState } from "react";
import { Link, useFetcher, useRouteLoaderData, useSearchParams } from "react-router";
import { Thumb } from "#app/components/fallback-image.tsx";
import { FavoriteToggle } from "#app/components/favorite-toggle.tsx";
import { QuantitySelector } from "#app/components/quantity-selector.tsx";
import { Rating } from "#app/components/rating.tsx";
import { initialSize, truncateWords } from "#app/lib/product.ts";
import { CALL_FAILED, notify } from "#app/lib/toast.ts";
import type { ProductDetail } from "#contract/catalog.ts";
import { formatPrice } from "#contract/money-format.ts";
import { sameSize } from "#contract/sizes.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { action } from "../../routes/product.$productId.tsx";
import { useAddedStock } from "./use-added-stock.ts";

type Size = ProductDetail["sizes"][number];

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

function ProductHeading({ product }: { product: ProductDetail }) {
  return (
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
  );
}

function PriceRow({ shown }: { shown: ProductDetail | Size }) {
  const discounted = shown.discountPercent > 0 && shown.priceBeforeDiscount > shown.price;
  return (
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
  );
}

/**
 * Another colour's page keeps the size the shopper chose (`?size=`): that page shows it when the
 * colour has it and its own default otherwise (initialSize, docs/storefront/product.md#sizes).
 */
export function colourLink(productId: string, chosenSize: string | null): string {
  return chosenSize
    ? `/product/${productId}?size=${encodeURIComponent(chosenSize)}`
    : `/product/${productId}`;
}

function ColourPicker({ product, chosenSize }: { product: ProductDetail; chosenSize: string | null }) {
  if (!product.group || product.group.productsIDs.length <= 1) return null;
  return (
    <div>
      <h2 className="mb-2 font-semibold text-sm">
        Colour: <span className="font-normal">{product.colorName}</span>
      </h2>
      <ul className="flex flex-wrap gap-2">
        {product.group.productsIDs.map((v) => (
          <li key={v._id}>
            <Link
              to={colourLink(v._id, chosenSize)}
              aria-label={v.colorName}
              title={v.colorName}
              aria-current={v._id === product._id ? "page" : undefined}
              className={`block size-14 overflow-hidden rounded-lg border-2 bg-gray-100 dark:bg-gray-800 ${v._id === product._id ? "border-brand dark:border-indigo-400" : "border-transparent hover:border-gray-400"}`}
            >
              <Thumb src={v.imageCover} size={56} className="size-full object-cover" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SizePicker({
  sizes,
  chosen,
  stockOf,
}: {
  sizes: Size[];
  chosen: Size | undefined;
  stockOf: (key: string, loaded: number) => number;
}) {
  const [, setSearchParams] = useSearchParams();
  if (sizes.length === 0) return null;
  const chooseSize = (size: string) => {
    // docs/storefront/product.md#sizes: the URL follows the size without a new history entry, and the page stays put.
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
    <fieldset>
      <legend className="mb-2 font-semibold text-sm">
        Size: <span className="font-normal">{chosen?.size}</span>
      </legend>
      <ul className="flex flex-wrap gap-2">
        {sizes.map((s) => (
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
  );
}

function AddToCartButton({ busy, stock }: { busy: boolean; stock: number }) {
  return (
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
  );
}

/** The product's details, the chosen size and the form that adds it to the cart. */
export function ProductInfo({ product }: { product: ProductDetail }) {
  // Login state is the root's (the session cookie); this page does not read it again.
  const isLoggedIn = useRouteLoaderData<typeof rootLoader>("root")?.isLoggedIn ?? false;
  const [searchParams] = useSearchParams();
  const cart = useFetcher<typeof action>();
  const requested = searchParams.get("size");
  const chosen = initialSize(product, requested);
  const shown = chosen ?? product;
  // What this page added to the cart comes off the stock it shows (useAddedStock).
  const { stockOf, add } = useAddedStock(product);
  const sizeKey = chosen?._id ?? product._id;
  const stock = stockOf(sizeKey, chosen ? chosen.quantity : product.quantity);
  // A new size starts again at one item, or none when it is sold out (docs/storefront/product.md#add-to-cart).
  const [picked, setPicked] = useState({ sizeKey, quantity: stock > 0 ? 1 : 0 });
  const quantity = picked.sizeKey === sizeKey ? picked.quantity : stock > 0 ? 1 : 0;
  const setQuantity = (value: number) => setPicked({ sizeKey, quantity: value });
  const busy = cart.state !== "idle";

  const result = cart.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per answer from the cart
  useEffect(() => {
    if (!result) return;
    if (!result.ok || !("intent" in result) || result.intent !== "add-to-cart") {
      void notify("error", result.message || CALL_FAILED);
      return;
    }
    void notify("success", result.message);
    const chosen = result.size;
    const size = chosen && product.sizes.find((s) => sameSize(s.size, chosen));
    const key = size ? size._id : product._id;
    const before = stockOf(key, size ? size.quantity : product.quantity);
    add(key, result.quantity);
    // Chosen quantity back to one, or none when that took the last of it (docs/storefront/product.md#add-to-cart).
    setPicked({ sizeKey: key, quantity: before - result.quantity > 0 ? 1 : 0 });
  }, [result]);

  return (
    <div className="flex flex-col gap-5">
      <ProductHeading product={product} />
      <PriceRow shown={shown} />
      <ColourPicker product={product} chosenSize={requested && chosen ? chosen.size : null} />
      <SizePicker sizes={product.sizes} chosen={chosen} stockOf={stockOf} />
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
        <AddToCartButton busy={busy} stock={stock} />
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
