import { Form, Link } from "react-router";
import { FallbackImage } from "#app/components/fallback-image.tsx";
import { MinusIcon, PlusIcon, TrashIcon } from "#app/components/icons.tsx";
import { formatPrice } from "#contract/money-format.ts";
import { type CartItem, maxLineQuantity } from "#contract/shopping.ts";

/** The product page of a line, with its size chosen. */
export const cartItemHref = (item: CartItem) =>
  `/product/${item.product._id}${item.size ? `?size=${encodeURIComponent(item.size)}` : ""}`;

/** A line's name as controls announce it: "Linen Shirt, size M". */
const lineName = (item: CartItem) =>
  item.size ? `${item.product.title}, size ${item.size.toUpperCase()}` : item.product.title;

function LineFields({ item, intent }: { item: CartItem; intent: "update" | "remove" }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={item.product._id} />
      <input type="hidden" name="size" value={item.size ?? ""} />
    </>
  );
}

/** The line's title (a link to the product), size, colour and unit price. */
function LineDetails({ item }: { item: CartItem }) {
  return (
    <div className="min-w-0">
      <h3 className="font-semibold leading-snug">
        <Link to={cartItemHref(item)} className="hover:underline">
          {item.product.title}
        </Link>
      </h3>
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-gray-600 text-sm dark:text-gray-400">
        {item.size && (
          <>
            <dt>Size:</dt>
            <dd className="font-medium text-gray-900 dark:text-gray-100">{item.size.toUpperCase()}</dd>
          </>
        )}
        <dt>Color:</dt>
        <dd className="font-medium text-gray-900 capitalize dark:text-gray-100">{item.color}</dd>
        <dt>Price:</dt>
        <dd className="font-medium text-gray-900 dark:text-gray-100">{formatPrice(item.price)}</dd>
      </dl>
    </div>
  );
}

const STEP_BUTTON =
  "grid size-9 place-items-center rounded-full transition hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:hover:bg-gray-800";

/** One of the quantity's − and + buttons: a form button that sets `to`, or once hydrated calls `onQuantity`. */
function StepButton({
  to,
  disabled,
  label,
  onQuantity,
  children,
}: {
  to: number;
  disabled: boolean;
  label: string;
  onQuantity: (quantity: number) => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="submit"
      name="quantity"
      value={to}
      className={STEP_BUTTON}
      disabled={disabled}
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        onQuantity(to);
      }}
    >
      {children}
    </button>
  );
}

/** The line's quantity between its − and + buttons. */
function QuantityStepper({
  item,
  name,
  quantity,
  onQuantity,
}: {
  item: CartItem;
  name: string;
  quantity: number;
  onQuantity: (quantity: number) => void;
}) {
  return (
    <Form
      method="post"
      className="inline-flex items-center gap-1 rounded-full border border-gray-300 p-0.5 dark:border-gray-700"
    >
      <LineFields item={item} intent="update" />
      <StepButton
        to={quantity - 1}
        disabled={quantity <= 1}
        label={`Decrease quantity of ${name}`}
        onQuantity={onQuantity}
      >
        <MinusIcon width={16} height={16} />
      </StepButton>
      <output className="w-8 text-center font-semibold" aria-live="polite" aria-label={`Quantity of ${name}`}>
        {quantity}
      </output>
      <StepButton
        to={quantity + 1}
        disabled={quantity >= maxLineQuantity(item)}
        label={`Increase quantity of ${name}`}
        onQuantity={onQuantity}
      >
        <PlusIcon width={16} height={16} />
      </StepButton>
    </Form>
  );
}

/**
 * One cart line (docs/storefront/cart.md#item-card): image, title linking to the product, size, colour, unit price, quantity
 * control, total price and a delete button. The controls are form buttons, so they work before
 * JavaScript loads; once it has, clicks go to `onQuantity` / `onRemove` (debounced by the page).
 */
export function CartItemCard({
  item,
  quantity,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  /** The quantity shown: the shopper's latest choice while it waits to be sent. */
  quantity: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const name = lineName(item);
  return (
    <li className="flex gap-4 rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <Link
        to={cartItemHref(item)}
        tabIndex={-1}
        aria-hidden="true"
        className="block size-24 shrink-0 overflow-hidden rounded-xl bg-gray-100 sm:size-28 dark:bg-gray-800"
      >
        <FallbackImage
          src={item.product.imageCover}
          alt=""
          width={112}
          height={112}
          sizes="112px"
          className="size-full object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <LineDetails item={item} />
        <div className="flex flex-wrap items-center justify-between gap-3 sm:flex-col sm:items-end">
          <p className="font-bold text-lg" data-testid="line-total">
            <span className="sr-only">Total Price: </span>
            {formatPrice(item.totalPrice)}
          </p>
          <div className="flex items-center gap-2">
            <QuantityStepper item={item} name={name} quantity={quantity} onQuantity={onQuantity} />
            <Form method="post">
              <LineFields item={item} intent="remove" />
              <button
                type="submit"
                className="icon-button text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                aria-label={`Remove ${name} from the cart`}
                title="Remove from the cart"
                onClick={(event) => {
                  event.preventDefault();
                  onRemove();
                }}
              >
                <TrashIcon width={20} height={20} />
              </button>
            </Form>
          </div>
        </div>
      </div>
    </li>
  );
}

/** A line's shape while the list loads or reloads (docs/storefront/cart.md#cart-page: a change blanks the list). */
export function CartItemSkeleton() {
  return (
    <li className="flex gap-4 rounded-2xl border border-gray-200 p-4 dark:border-gray-800">
      <div className="skeleton size-24 shrink-0 rounded-xl sm:size-28" />
      <div className="flex flex-1 flex-col gap-2 pt-1">
        <div className="skeleton h-5 w-2/3 rounded" />
        <div className="skeleton h-4 w-24 rounded" />
        <div className="skeleton h-4 w-28 rounded" />
        <div className="skeleton mt-2 h-9 w-32 rounded-full" />
      </div>
    </li>
  );
}
