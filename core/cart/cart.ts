import { sql } from "drizzle-orm";
import {
  type AddToCartBody,
  type CartAddedResponse,
  type CartItem,
  type CartResponse,
  COUPON_APPLIED_PREFIX,
  MAX_LINE_QUANTITY,
  type RemoveCartItemBody,
  type UpdateCartItemBody,
} from "#contract/shopping.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { anyOf, ts } from "#db/sql.ts";
import {
  availableProductStockSql,
  availableSizeStockSql,
  productHoldsSql,
  sizeHoldsSql,
} from "../catalog/stock.ts";
import type { CoreContext } from "../context.ts";
import { type Coupon, couponRefusal, findCouponByCode, findCouponById } from "../coupons/coupons.ts";
import { conflict, invalidField, notFound } from "../errors.ts";
import { centsToAmount } from "../money.ts";
import { expireUnpaidOrders } from "../orders/cancellation.ts";
import { lockStock, type StockRef, stockKey } from "../orders/stock-moves.ts";
import { deleteLines, hasLine, lockCart, writeLine } from "./cart-lines.ts";
import { itemTurns } from "./item-turns.ts";
import { type Pricing, type PricingSettings, priceCart } from "./pricing.ts";

// The cart (docs/decisions/012-cart-lines-are-stock-holds.md): each line is a row of `stock_holds`, holding its
// quantity of one item (a size of a product, or a product without sizes) until `expires_at`.
// Every change runs in one transaction that first locks the customer's `carts` row (one change per
// cart at a time) and then the item's stock row, so concurrent buyers on any number of instances
// can never hold more than is on hand. A change that needs more than one stock row locks them all at
// once through lockStock (core/orders/stock-moves.ts), in the one order every transaction uses.

/** One item of the catalogue: a product, and its size when it has sizes. */
export interface StockItemRef extends StockRef {
  title: string;
  size: string | null;
}

export interface CartLine extends StockItemRef {
  id: string;
  quantity: number;
  expiresAt: Date;
  imageCover: string;
  color: string;
  unitPriceCents: number;
}

export const itemLabel = (item: Pick<StockItemRef, "title" | "size">) =>
  item.size ? `${item.title} (size ${item.size.toUpperCase()})` : item.title;

function holdUntil(ctx: CoreContext, now: Date): Date {
  return new Date(now.getTime() + ctx.reservationMinutes * 60_000);
}

interface ItemRow {
  title: string;
  has_sizes: boolean;
  size_id: string | null;
  size: string | null;
}

/**
 * The item a request names. A product with sizes needs one of its sizes (matched ignoring case);
 * a product without sizes takes none.
 */
async function resolveItem(db: Executor, productId: string, size: string | undefined): Promise<StockItemRef> {
  const [row] = await queryRows<ItemRow>(
    db,
    sql`SELECT p.title, p.has_sizes, s.id AS size_id, s.size
        FROM products p LEFT JOIN product_sizes s ON s.product_id = p.id AND upper(s.size) = upper(${size ?? ""})
        WHERE p.id = ${productId}`,
  );
  return toItem(row, productId, size);
}

function toItem(row: ItemRow | undefined, productId: string, size: string | undefined): StockItemRef {
  if (!row) throw notFound(`No product for this ID: ${productId}.`);
  if (row.has_sizes) {
    if (!size) throw invalidField("size", `Please choose a size of ${row.title}.`);
    if (!row.size_id) throw invalidField("size", `${row.title} does not come in size ${size.toUpperCase()}.`);
    return { productId, sizeId: row.size_id, title: row.title, size: row.size };
  }
  if (size) throw invalidField("size", `${row.title} comes in one size only; leave size out.`);
  return { productId, sizeId: null, title: row.title, size: null };
}

interface StockState {
  /** On hand − the other customers' active holds: the most this customer's line may hold. */
  free: number;
  /** What this customer's line holds now (active or lapsed). */
  own: number;
  /** Of `own`, what is still held (0 when the line has lapsed). */
  ownActive: number;
}

interface StockStateRow {
  free: number;
  own: number;
  own_active: number;
}

const toStockState = (row: StockStateRow): StockState => ({
  free: row.free,
  own: row.own,
  ownActive: row.own_active,
});

/**
 * The columns of a StockStateRow, for a statement that has the item's product as `p`, its size as
 * `s` (NULL columns for a product without sizes) and the customer's line of it as `h` (ownLine).
 */
const stockStateColumns = (customerId: string, now: Date) =>
  sql`(CASE WHEN s.id IS NULL THEN p.stock - ${productHoldsSql(sql`p.id`, now, customerId)}
        ELSE s.stock - ${sizeHoldsSql(sql`s.id`, now, customerId)} END)::int AS free,
      COALESCE(h.quantity, 0)::int AS own,
      (CASE WHEN h.expires_at > ${ts(now)} THEN h.quantity ELSE 0 END)::int AS own_active`;

/** The customer's line of the item of `p` and `s`, if any (one at most: a unique index). */
const ownLine = (customerId: string) =>
  sql`LEFT JOIN stock_holds h ON h.customer_id = ${customerId} AND h.product_id = p.id
        AND coalesce(h.product_size_id, '') = coalesce(s.id, '')`;

/**
 * The item a request names (as resolveItem) and its stock as this customer may use it, in one
 * statement and without locks: a first look, to be checked again under the lock before holding.
 */
async function glanceAtItem(
  db: Executor,
  customerId: string,
  body: AddToCartBody,
  now: Date,
): Promise<{ item: StockItemRef; state: StockState }> {
  const [row] = await queryRows<ItemRow & StockStateRow>(
    db,
    sql`SELECT p.title, p.has_sizes, s.id AS size_id, s.size, ${stockStateColumns(customerId, now)}
        FROM products p
        LEFT JOIN product_sizes s ON s.product_id = p.id AND upper(s.size) = upper(${body.size ?? ""})
        ${ownLine(customerId)}
        WHERE p.id = ${body.productId}`,
  );
  return { item: toItem(row, body.productId, body.size), state: toStockState(row!) };
}

/**
 * Locks the item's stock row until the transaction ends, so no one else can hold or sell from it
 * meanwhile, and returns its stock as this customer may use it.
 */
async function lockItemStock(
  db: Executor,
  customerId: string,
  item: StockItemRef,
  now: Date,
): Promise<StockState> {
  // The lock first, the count after it in a statement of its own: under READ COMMITTED a statement
  // sees what was committed when it started, and waiting for the lock does not refresh that, so a
  // count made by the locking statement would miss the hold of the buyer it waited for.
  const locked = await queryRows(
    db,
    item.sizeId
      ? sql`SELECT 1 FROM product_sizes WHERE id = ${item.sizeId} FOR NO KEY UPDATE`
      : sql`SELECT 1 FROM products WHERE id = ${item.productId} FOR NO KEY UPDATE`,
  );
  if (locked.length === 0) throw notFound(`No product for this ID: ${item.productId}.`);
  const [row] = await queryRows<StockStateRow>(
    db,
    sql`SELECT ${stockStateColumns(customerId, now)}
        FROM products p LEFT JOIN product_sizes s ON s.id = ${item.sizeId}
        ${ownLine(customerId)}
        WHERE p.id = ${item.productId}`,
  );
  return toStockState(row!);
}

/** What the cart and checkout say of an item of which only `free` is left: none, or how many. */
export const shortageText = (item: Pick<StockItemRef, "title" | "size">, free: number) =>
  free > 0 ? `Only ${free} ${itemLabel(item)} left in stock.` : `Sorry, ${itemLabel(item)} is out of stock.`;

/** Refuses a line of `wanted` when only `free` can be held; says how many more the cart can take. */
function refuseShortage(item: StockItemRef, state: Pick<StockState, "free" | "own">, wanted: number): void {
  if (wanted <= state.free) return;
  if (state.free > 0 && state.own > 0) {
    const more = state.free - state.own;
    const label = itemLabel(item);
    throw conflict(
      more > 0
        ? `Only ${more} more ${label} can be added: ${state.free} left in stock.`
        : `Your cart already holds all the ${label} in stock.`,
      "quantity",
    );
  }
  throw conflict(shortageText(item, state.free), "quantity");
}

/** Adds of the same product and size (as the request spells it, ignoring case) take turns. */
const turnKey = (body: AddToCartBody) => `${body.productId}\u0000${(body.size ?? "").toUpperCase()}`;

/**
 * POST /customer/shopping-cart: adds to the line (creating it) and holds the stock.
 *
 * Adds of one item take turns in this process (core/cart/item-turns.ts). In its turn an add is
 * refused at once when a count taken since it arrived saw too few units; otherwise a first look
 * without locks refuses an item plainly short after one statement, and only then does the
 * transaction lock the cart and the stock row, count again and hold.
 */
export async function addToCart(ctx: CoreContext, customerId: string, body: AddToCartBody) {
  const turns = itemTurns(ctx.db);
  const arrived = turns.tick();
  return turns.take(turnKey(body), arrived, async (turn) => {
    // Refusing from a count is refusing from what nobody holds: whatever this customer's line
    // holds, wanting more than that is wanting more than there is. The message says what the count saw.
    const counted = turn.countSinceArrival;
    if (counted && counted.available < body.quantity) {
      refuseShortage(counted.item, { free: counted.available, own: 0 }, body.quantity);
    }
    const now = ctx.now();
    // Each count is ticked before it is asked for: it sees what was committed after that moment.
    let at = turns.tick();
    const { item, state: glance } = await glanceAtItem(ctx.db, customerId, body, now);
    turn.noteCount({ item, available: glance.free - glance.ownActive, at });
    refuseShortage(item, glance, glance.own + body.quantity);
    return ctx.db.transaction(async (tx) => {
      const { couponId } = await lockCart(tx, customerId, now);
      at = turns.tick();
      const state = await lockItemStock(tx, customerId, item, now);
      turn.noteCount({ item, available: state.free - state.ownActive, at });
      const quantity = state.own + body.quantity;
      if (quantity > MAX_LINE_QUANTITY) {
        throw invalidField("quantity", `A cart holds at most ${MAX_LINE_QUANTITY} of one item.`);
      }
      refuseShortage(item, state, quantity);
      const until = holdUntil(ctx, now);
      await writeLine(tx, customerId, item, quantity, until, now);
      // Cart activity keeps the other lines' holds too (lapsed ones are re-checked when the cart is
      // read), and the answer lists the cart: both in one statement, in place of the extension and
      // the count of lines this used to run (docs/decisions/025-api-fidelity.md).
      // Available to this cart now: what was free to it under the lock, less what its line holds.
      const availableAfter = Math.max(0, state.free - quantity);
      const { notes, ...data } = await extendAndListLines(
        tx,
        customerId,
        couponId,
        { ...item, availableAfter },
        now,
        until,
      );
      const answer: CartAddedResponse = {
        status: "Success",
        message: [...notes, `${itemLabel(item)} added to your cart.`].join(" "),
        numOfCartItems: data.numOfCartItems,
        data,
      };
      return answer;
    });
  });
}

interface AddedCartRow {
  id: string;
  product_id: string;
  product_size_id: string | null;
  quantity: number;
  expires_at: Date | string;
  created_at: Date | string;
  /** [title, image_cover, color, price_cents] */
  product: [string, string, string, number] | string;
  /** [size, price_cents], or null for a product without sizes. */
  size: [string, number] | string | null;
  /** [tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents] */
  settings: [number, number, number] | string;
  /** [code, discount_percent, expires_at, usage_limit, used_count, min_subtotal_cents], or null. */
  coupon: [string, number, string, number | null, number, number] | string | null;
}

/** pg and PGlite parse json columns; a driver that did not would give the text. */
const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * After an add, in the add's transaction (cart and item locked): extends the active holds to `until`,
 * as the add always did, and has that same UPDATE return every line with its product's title, image,
 * colour and price, the pricing settings and the coupon the cart lock named. One statement, in place
 * of the extension and the count of lines the add ran before, and no stock counts: the stock of the
 * item added is the one counted under its lock (`availableAfter`); the other lines' stock is what a
 * read of the cart (GET) counts. Lines whose hold lapsed before this add are listed as they stand
 * (their expiry set to itself); the next read re-checks them, as it always did. A coupon that stopped
 * applying is removed as a read would remove it (one more statement, only then).
 */
async function extendAndListLines(
  tx: Executor,
  customerId: string,
  couponId: string | null,
  added: StockItemRef & { availableAfter: number },
  now: Date,
  until: Date,
): Promise<CartAddedResponse["data"] & { notes: string[] }> {
  const rows = await queryRows<AddedCartRow>(
    tx,
    sql`UPDATE stock_holds h
        SET expires_at = CASE WHEN h.expires_at > ${ts(now)} THEN ${ts(until)} ELSE h.expires_at END
        WHERE h.customer_id = ${customerId}
        RETURNING h.id, h.product_id, h.product_size_id, h.quantity, h.expires_at, h.created_at,
          (SELECT json_build_array(p.title, p.image_cover, p.color, p.price_cents) FROM products p
            WHERE p.id = h.product_id) AS product,
          (SELECT json_build_array(s.size, s.price_cents) FROM product_sizes s
            WHERE s.id = h.product_size_id) AS size,
          (SELECT json_build_array(tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents)
            FROM shop_settings WHERE id = 1) AS settings,
          (SELECT json_build_array(code, discount_percent, expires_at, usage_limit, used_count, min_subtotal_cents)
            FROM coupons WHERE id = ${couponId ?? ""}) AS coupon`,
  );
  const first = rows[0];
  if (!first) throw new Error("the cart has no line right after an add");
  // RETURNING follows no order: the lines in the order they were added, as readLines gives them.
  const at = (v: Date | string) => new Date(v).getTime();
  rows.sort((a, b) => at(a.created_at) - at(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const lines: CartLine[] = rows.map((r) => {
    const [title, imageCover, color, productPriceCents] = json(r.product);
    const size = r.size === null ? null : json(r.size);
    return {
      id: r.id,
      productId: r.product_id,
      sizeId: r.product_size_id,
      title,
      size: size?.[0] ?? null,
      quantity: r.quantity,
      expiresAt: new Date(r.expires_at),
      imageCover,
      color,
      unitPriceCents: size?.[1] ?? productPriceCents,
    };
  });
  const [taxRateBasisPoints, shippingCents, freeShippingThresholdCents] = json(first.settings);
  const c = first.coupon === null ? null : json(first.coupon);
  const notes: string[] = [];
  let coupon: Coupon | null =
    couponId && c
      ? {
          id: couponId,
          code: c[0],
          discountPercent: c[1],
          expiresAt: new Date(c[2]),
          usageLimit: c[3],
          usedCount: c[4],
          minSubtotalCents: c[5],
        }
      : null;
  const refusal = coupon ? couponRefusal(coupon, itemsCents(lines), now) : null;
  if (couponId && (refusal || !coupon)) {
    await tx.execute(sql`UPDATE carts SET coupon_id = NULL WHERE customer_id = ${customerId}`);
    if (refusal) notes.push(`${refusal} It was removed from your cart.`);
    coupon = null;
  }
  const pricing = priceCart(
    itemsCents(lines),
    { taxRateBasisPoints, shippingCents, freeShippingThresholdCents },
    coupon?.discountPercent ?? null,
  );
  const sameItem = (line: CartLine) => line.productId === added.productId && line.sizeId === added.sizeId;
  return {
    notes,
    numOfCartItems: lines.length,
    cartItems: lines.map((line) => ({
      _id: line.id,
      product: {
        _id: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        ...(sameItem(line) ? { quantity: added.availableAfter } : {}),
      },
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      price: centsToAmount(line.unitPriceCents),
      totalPrice: centsToAmount(line.unitPriceCents * line.quantity),
    })),
    pricing: pricingAmounts(pricing),
    ...(coupon ? { coupon: couponAmounts(coupon, pricing) } : {}),
    holdExpiresAt: until.toISOString(),
    ...(notes.length > 0 ? { notices: notes } : {}),
  };
}

interface LineRow {
  id: string;
  product_id: string;
  product_size_id: string | null;
  quantity: number;
  expires_at: Date | string;
  title: string;
  image_cover: string;
  color: string;
  size: string | null;
  unit_price_cents: number;
}

/** The cart's lines, locked until the transaction ends, in the order they were added. */
async function readLines(db: Executor, customerId: string): Promise<CartLine[]> {
  const rows = await queryRows<LineRow>(
    db,
    sql`SELECT h.id, h.product_id, h.product_size_id, h.quantity, h.expires_at, p.title, p.image_cover, p.color,
          s.size, COALESCE(s.price_cents, p.price_cents) AS unit_price_cents
        FROM stock_holds h JOIN products p ON p.id = h.product_id
        LEFT JOIN product_sizes s ON s.id = h.product_size_id
        WHERE h.customer_id = ${customerId} ORDER BY h.created_at, h.id FOR UPDATE OF h`,
  );
  return rows.map(toCartLine);
}

function toCartLine(r: LineRow): CartLine {
  return {
    id: r.id,
    productId: r.product_id,
    sizeId: r.product_size_id,
    title: r.title,
    size: r.size,
    quantity: r.quantity,
    expiresAt: new Date(r.expires_at),
    imageCover: r.image_cover,
    color: r.color,
    unitPriceCents: r.unit_price_cents,
  };
}

export async function readPricingSettings(db: Executor): Promise<PricingSettings> {
  const [row] = await queryRows<{
    tax_rate_basis_points: number;
    shipping_cents: number;
    free_shipping_threshold_cents: number;
  }>(
    db,
    sql`SELECT tax_rate_basis_points, shipping_cents, free_shipping_threshold_cents FROM shop_settings WHERE id = 1`,
  );
  if (!row) throw new Error("shop_settings has no row: run the migrations");
  return {
    taxRateBasisPoints: row.tax_rate_basis_points,
    shippingCents: row.shipping_cents,
    freeShippingThresholdCents: row.free_shipping_threshold_cents,
  };
}

export const itemsCents = (lines: readonly CartLine[]) =>
  lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);

export interface LoadedCart {
  lines: CartLine[];
  coupon: Coupon | null;
  /** What changed on the way, for the answer's message (lapsed lines dropped, a coupon removed). */
  notes: string[];
  /**
   * For each item whose stock row this transaction locked (stockKey): on hand − other customers'
   * active holds. Every line's item with `lockAllLines`, else those of lapsed lines.
   */
  free: Map<string, number>;
}

/** What the caller's transaction already holds when it loads the cart: loadCart does not lock it again. */
interface CartLocks {
  /** What lockCart returned: the cart row is locked. */
  couponId: string | null;
  /**
   * What lockStock returned in this transaction, with the same `now`, for (at least) every lapsed
   * line's item: used instead of locking and counting those rows a second time. The cart lock keeps
   * the lapsed lines as they were and the stock locks keep the counts; what other carts change
   * without a stock lock (a removal, an extension) could as well have landed after a second count.
   * Ignored when it misses an item.
   */
  free?: Map<string, number>;
}

/**
 * The customer's cart, made current inside the caller's transaction: the cart is locked, lines
 * whose hold lapsed are held again when stock allows, otherwise removed; every hold is extended
 * (reading the cart is cart activity); a coupon that no longer applies is removed. The stock rows of
 * the lapsed lines are locked all at once (lockStock), those of every line with `lockAllLines`
 * (checkout, which then sells them). What `locked` says the caller holds is not locked again.
 */
export async function loadCart(
  ctx: CoreContext,
  tx: Executor,
  customerId: string,
  now: Date,
  options: { lockAllLines?: boolean; locked?: CartLocks } = {},
): Promise<LoadedCart> {
  const { couponId } = options.locked ?? (await lockCart(tx, customerId, now));
  const notes: string[] = [];
  const lines: CartLine[] = [];
  const current = await readLines(tx, customerId);
  const lapsed = current.filter((line) => line.expiresAt <= now);
  const toLock = options.lockAllLines ? current : lapsed;
  const counted = options.locked?.free;
  const free =
    counted && toLock.every((line) => counted.has(stockKey(line)))
      ? counted
      : toLock.length > 0
        ? await lockStock(tx, toLock, customerId, now)
        : new Map<string, number>();
  for (const line of current) {
    if (line.expiresAt > now) {
      lines.push(line);
      continue;
    }
    if (line.quantity <= (free.get(stockKey(line)) ?? 0)) {
      lines.push(line);
    } else {
      await tx.execute(sql`DELETE FROM stock_holds WHERE id = ${line.id}`);
      notes.push(
        `${itemLabel(line)} is no longer available in that quantity and was removed from your cart.`,
      );
    }
  }
  if (lines.length > 0) {
    const until = holdUntil(ctx, now);
    await tx.execute(sql`UPDATE stock_holds SET expires_at = ${ts(until)} WHERE customer_id = ${customerId}`);
    for (const line of lines) line.expiresAt = until;
  }
  // A coupon stays only on a cart it still applies to; gone quietly from an empty cart.
  let coupon = couponId ? ((await findCouponById(tx, couponId)) ?? null) : null;
  const refusal = coupon && lines.length > 0 ? couponRefusal(coupon, itemsCents(lines), now) : null;
  if (couponId && (refusal || lines.length === 0 || !coupon)) {
    await tx.execute(sql`UPDATE carts SET coupon_id = NULL WHERE customer_id = ${customerId}`);
    if (refusal) notes.push(`${refusal} It was removed from your cart.`);
    coupon = null;
  }
  return { lines, coupon, notes, free };
}

interface AvailabilityRow {
  product_id: string;
  size: string | null;
  size_id: string | null;
  available: number;
}

/** The cart response of SPEC §3, priced from the catalogue now. */
async function cartView(db: Executor, cart: LoadedCart, message: string, now: Date): Promise<CartResponse> {
  const settings = await readPricingSettings(db);
  const productIds = [...new Set(cart.lines.map((l) => l.productId))];
  const availability =
    productIds.length === 0
      ? []
      : await queryRows<AvailabilityRow>(
          db,
          sql`SELECT s.product_id, s.size, s.id AS size_id, ${availableSizeStockSql(sql`s`, now)} AS available
              FROM product_sizes s WHERE s.product_id = ${anyOf(productIds)}
              UNION ALL
              SELECT p.id, NULL, NULL, ${availableProductStockSql(sql`p`, now)}
              FROM products p WHERE p.id = ${anyOf(productIds)} AND NOT p.has_sizes
              ORDER BY 1, 2`,
        );
  const pricing = priceCart(itemsCents(cart.lines), settings, cart.coupon?.discountPercent ?? null);
  const cartItems: CartItem[] = cart.lines.map((line) => {
    const rows = availability.filter((a) => a.product_id === line.productId);
    const own = rows.find((a) => a.size_id === line.sizeId);
    return {
      _id: line.id,
      product: {
        _id: line.productId,
        title: line.title,
        imageCover: line.imageCover,
        quantity: own?.available ?? 0,
        sizes: rows.filter((a) => a.size !== null).map((a) => ({ size: a.size!, quantity: a.available })),
      },
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      price: centsToAmount(line.unitPriceCents),
      totalPrice: centsToAmount(line.unitPriceCents * line.quantity),
    };
  });
  const holdExpiresAt = cart.lines.length > 0 ? cart.lines[0]!.expiresAt.toISOString() : null;
  return {
    status: "Success",
    message: [...cart.notes, message].join(" "),
    numOfCartItems: cartItems.length,
    cartItems,
    data: {
      pricing: pricingAmounts(pricing),
      ...(cart.coupon ? { coupon: couponAmounts(cart.coupon, pricing) } : {}),
      holdExpiresAt,
      ...(cart.notes.length > 0 ? { notices: cart.notes } : {}),
    },
  };
}

const pricingAmounts = (pricing: Pricing) => ({
  taxPrice: centsToAmount(pricing.taxCents),
  shippingPrice: centsToAmount(pricing.shippingCents),
  totalPrice: centsToAmount(pricing.totalCents),
  totalPriceAfterDiscount: centsToAmount(pricing.totalAfterDiscountCents),
});

const couponAmounts = (coupon: Coupon, pricing: Pricing) => ({
  couponCode: coupon.code,
  couponDiscount: coupon.discountPercent,
  discountedAmount: centsToAmount(pricing.discountCents),
});

/** GET /customer/shopping-cart. */
export async function getCart(ctx: CoreContext, customerId: string): Promise<CartResponse> {
  // An unpaid card order past its window gives its items back to this cart first.
  await expireUnpaidOrders(ctx, { customerId });
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const cart = await loadCart(ctx, tx, customerId, now);
    return cartView(
      tx,
      cart,
      cart.lines.length > 0 ? "Your shopping cart." : "Your shopping cart is empty.",
      now,
    );
  });
}

const notInCart = (item: StockItemRef) => notFound(`${itemLabel(item)} is not in your shopping cart.`);

/** PUT /customer/shopping-cart: sets a line's quantity (1 … what it holds + the stock left). */
export async function updateCartItem(ctx: CoreContext, customerId: string, body: UpdateCartItemBody) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { couponId } = await lockCart(tx, customerId, now);
    const item = await resolveItem(tx, body.productId, body.size);
    if (!(await hasLine(tx, customerId, item))) throw notInCart(item);
    // The item's stock is locked together with that of the lapsed lines loadCart re-checks below:
    // one lock acquisition in the global order, never one row and then others.
    const lapsed = await queryRows<{ product_id: string; product_size_id: string | null }>(
      tx,
      sql`SELECT product_id, product_size_id FROM stock_holds
          WHERE customer_id = ${customerId} AND expires_at <= ${ts(now)}`,
    );
    const locked = await lockStock(
      tx,
      [item, ...lapsed.map((l) => ({ productId: l.product_id, sizeId: l.product_size_id }))],
      customerId,
      now,
    );
    // The new quantity replaces the line's: none of the line's own counts towards it.
    refuseShortage(item, { free: locked.get(stockKey(item)) ?? 0, own: 0 }, body.quantity);
    await writeLine(tx, customerId, item, body.quantity, holdUntil(ctx, now), now);
    // The cart and every lapsed line's stock are locked and counted already.
    const cart = await loadCart(ctx, tx, customerId, now, { locked: { couponId, free: locked } });
    return cartView(tx, cart, `${itemLabel(item)}: quantity ${body.quantity}.`, now);
  });
}

/** DELETE /customer/shopping-cart: removes a line and frees its stock. */
export async function removeCartItem(ctx: CoreContext, customerId: string, body: RemoveCartItemBody) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { couponId } = await lockCart(tx, customerId, now);
    const item = await resolveItem(tx, body.productId, body.size);
    if ((await deleteLines(tx, customerId, [item])) === 0) throw notInCart(item);
    const cart = await loadCart(ctx, tx, customerId, now, { locked: { couponId } });
    return cartView(tx, cart, `${itemLabel(item)} removed from your cart.`, now);
  });
}

/** PUT /customer/shopping-cart/apply-coupon: one coupon per cart (DESIGN). */
export async function applyCoupon(ctx: CoreContext, customerId: string, couponCode: string) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const cart = await loadCart(ctx, tx, customerId, now);
    if (cart.lines.length === 0)
      throw invalidField("couponCode", "Your shopping cart is empty: add products before applying a coupon.");
    if (cart.coupon) {
      throw invalidField(
        "couponCode",
        `Coupon ${cart.coupon.code} is already applied; a cart takes one coupon.`,
      );
    }
    const coupon = await findCouponByCode(tx, couponCode);
    if (!coupon) throw invalidField("couponCode", `There is no coupon ${couponCode.toUpperCase()}.`);
    const refusal = couponRefusal(coupon, itemsCents(cart.lines), now);
    if (refusal) throw invalidField("couponCode", refusal);
    await tx.execute(sql`UPDATE carts SET coupon_id = ${coupon.id} WHERE customer_id = ${customerId}`);
    return cartView(
      tx,
      { ...cart, coupon },
      `${COUPON_APPLIED_PREFIX}: ${coupon.code} takes ${coupon.discountPercent}% off your order.`,
      now,
    );
  });
}
