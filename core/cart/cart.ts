import { sql } from "drizzle-orm";
import {
  type AddToCartBody,
  type CartAddedResponse,
  type CartResponse,
  COUPON_APPLIED_PREFIX,
  MAX_LINE_QUANTITY,
  type RemoveCartItemBody,
  type UpdateCartItemBody,
} from "#contract/shopping.ts";
import { sizeKey } from "#contract/sizes.ts";
import { queryRows } from "#db/client.ts";
import { ts } from "#db/sql.ts";
import type { CoreContext } from "../context.ts";
import { couponRefusal, findCouponByCode } from "../coupons/coupons.ts";
import { invalidField } from "../errors.ts";
import { deleteLines, hasLine, lockCart, writeLine } from "../stock/holds.ts";
import { lockStock, stockKey } from "../stock/locks.ts";
import { extendAndListLines } from "./added-cart.ts";
import { cartView } from "./cart-view.ts";
import { glanceAtItem, lockItemStock, refuseShortage } from "./item-stock.ts";
import { itemTurns } from "./item-turns.ts";
import { itemLabel, notInCart, resolveItem } from "./items.ts";
import { holdUntil, itemsCents, loadCart } from "./loaded-cart.ts";

// The cart's operations (docs/decisions/012-cart-lines-are-stock-holds.md): each line is a row of
// `stock_holds`, holding its quantity of one item (a size of a product, or a product without sizes)
// until `expires_at`. Every change runs in one transaction that first locks the customer's `carts`
// row (one change per cart at a time) and then the item's stock row, so concurrent buyers on any
// number of instances can never hold more than is on hand. A change that needs more than one stock
// row locks them all at once through lockStock (core/stock/locks.ts), in the one order every
// transaction uses. The API's cart routes and the cart and product pages call these.

/** Adds of the same product and size (as the request spells it, ignoring case) take turns. */
const turnKey = (body: AddToCartBody) => `${body.productId}\u0000${sizeKey(body.size ?? "")}`;

/**
 * Adds to the customer's line of an item (creating it) and holds the stock.
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
    const { item, state: glance, holdMinutes } = await glanceAtItem(ctx.db, customerId, body, now);
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
      const until = holdUntil(holdMinutes, now);
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

/**
 * The customer's cart, made current (lapsed lines re-held or dropped, holds extended), as its answer.
 * Callers read it through core/checkout/current-cart.ts, which first lets an overdue card order give
 * its items back: the cart never calls orders (docs/decisions/027-stock-module-and-core-layout.md).
 */
export async function readCart(ctx: CoreContext, customerId: string): Promise<CartResponse> {
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

/** Sets a line's quantity (1 … what it holds + the stock left). */
export async function updateCartItem(ctx: CoreContext, customerId: string, body: UpdateCartItemBody) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { couponId } = await lockCart(tx, customerId, now);
    const item = await resolveItem(tx, body.productId, body.size);
    if (!(await hasLine(tx, customerId, item))) throw notInCart(item);
    // The item's stock is locked together with that of the lapsed lines loadCart re-checks below:
    // one lock acquisition in the global order, never one row and then others.
    // The same statement reads the shop's hold time: one row of settings, with each lapsed line.
    const rows = await queryRows<{
      reservation_minutes: number;
      product_id: string | null;
      product_size_id: string | null;
    }>(
      tx,
      sql`SELECT st.reservation_minutes, h.product_id, h.product_size_id FROM shop_settings st
          LEFT JOIN stock_holds h ON h.customer_id = ${customerId} AND h.expires_at <= ${ts(now)}
          WHERE st.id = 1`,
    );
    const lapsed = rows.flatMap((l) =>
      l.product_id === null ? [] : [{ productId: l.product_id, sizeId: l.product_size_id }],
    );
    const locked = await lockStock(tx, [item, ...lapsed], customerId, now);
    // The new quantity replaces the line's: none of the line's own counts towards it.
    refuseShortage(item, { free: locked.get(stockKey(item)) ?? 0, own: 0 }, body.quantity);
    const holdMinutes = rows[0]?.reservation_minutes ?? ctx.reservationMinutes;
    await writeLine(tx, customerId, item, body.quantity, holdUntil(holdMinutes, now), now);
    // The cart and every lapsed line's stock are locked and counted already.
    const cart = await loadCart(ctx, tx, customerId, now, { locked: { couponId, free: locked } });
    return cartView(tx, cart, `${itemLabel(item)}: quantity ${body.quantity}.`, now);
  });
}

/** Removes a line from the cart and frees its stock. */
export async function removeCartItem(ctx: CoreContext, customerId: string, body: RemoveCartItemBody) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const { couponId } = await lockCart(tx, customerId, now);
    // A line staff withdrew (an archived product, a removed size) may still be taken out.
    const item = await resolveItem(tx, body.productId, body.size, { withdrawn: "allow" });
    if ((await deleteLines(tx, customerId, [item])) === 0) throw notInCart(item);
    const cart = await loadCart(ctx, tx, customerId, now, { locked: { couponId } });
    return cartView(tx, cart, `${itemLabel(item)} removed from your cart.`, now);
  });
}

/** Applies a coupon to the cart: one coupon per cart (docs/storefront/cart.md#coupon). */
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
