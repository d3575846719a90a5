import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { mailSender } from "../accounts/mail-sender.ts";
import type { CoreContext } from "../context.ts";
import type { OrderEvent } from "../shared/order-event.ts";
import { type OrderMailKind, renderOrderMail } from "./mail/order-mails.tsx";
import { queueNotification } from "./notification-outbox.ts";
import { backOfficeOrderUrl, customerOrderUrl } from "./order-links.ts";
import { orderText, type TextedEvent } from "./order-texts.ts";

// Which messages an order event sends, to whom (docs/back-office/notifications.md). Every message
// is rendered here, inside the change's transaction, from the event and the settings read through
// that transaction, and stored whole: a retry sends what was written, whatever changed since.

/** The customer's mail for an event, when it sends one. */
function customerMail(event: OrderEvent): OrderMailKind | null {
  const { order } = event;
  switch (event.type) {
    case "order.placed":
      // A card order's confirmation is its "payment received": nothing while it awaits payment.
      return order.status === "pending_payment" ? null : "order.placed";
    case "order.cancelled":
      // An unpaid card order that lapsed or that they dropped was never confirmed to them by mail.
      return order.paymentMethod === "credit_card" && !order.isPaid ? null : "order.cancelled";
    case "order.paid":
    case "order.shipped":
    case "order.delivered":
    case "order.refunded":
      return event.type;
    default:
      return null;
  }
}

/** Events that also send a text to a verified phone. */
const TEXTED: ReadonlySet<OrderEvent["type"]> = new Set<TextedEvent>(["order.shipped", "order.delivered"]);

/** The staff's new-order alert goes when the order is certain: placed for cash, paid for a card. */
function alertsStaff(event: OrderEvent): boolean {
  if (event.type === "order.placed") return event.order.paymentMethod === "cash_on_delivery";
  return event.type === "order.paid";
}

/** Queues the customer's mail (and text) for this event, and the staff's new-order alert. */
export async function queueOrderMessages(db: Executor, ctx: CoreContext, event: OrderEvent): Promise<void> {
  const { order } = event;
  const kind = customerMail(event);
  const texted = TEXTED.has(event.type) && event.customer.verifiedPhone;
  const alert = alertsStaff(event);
  if (!kind && !texted && !alert) return;
  // Through the transaction: on PGlite a read outside it would wait for it to end.
  const sender = await mailSender({ db, accounts: ctx.accounts });
  // One message per order, event and channel (a refund is its own event: two refunds, two messages),
  // however often the change is repeated or replayed.
  const key = `${order._id}:${event.type}${event.refund ? `:${event.refund.id}` : ""}`;
  if (kind) {
    const mail = await renderOrderMail(kind, {
      order,
      customer: event.customer,
      sender,
      orderUrl: customerOrderUrl(ctx.publicUrl, order._id),
      refund: event.refund,
    });
    await queueNotification(db, ctx, {
      orderId: order._id,
      kind: event.type,
      channel: "email",
      recipient: event.customer.email,
      ...mail,
      dedupeKey: `${key}:email`,
    });
  }
  if (texted && event.customer.verifiedPhone) {
    await queueNotification(db, ctx, {
      orderId: order._id,
      kind: event.type,
      channel: "sms",
      recipient: event.customer.verifiedPhone,
      subject: "",
      text: orderText(event.type as TextedEvent, order, sender.shopName),
      html: null,
      dedupeKey: `${key}:sms`,
    });
  }
  if (alert) {
    const [settings] = await queryRows<{ order_alert_email: string }>(
      db,
      sql`SELECT order_alert_email FROM shop_settings WHERE id = 1`,
    );
    if (settings?.order_alert_email) {
      const mail = await renderOrderMail("staff.new_order", {
        order,
        customer: event.customer,
        sender,
        orderUrl: backOfficeOrderUrl(ctx.publicUrl, order._id),
      });
      await queueNotification(db, ctx, {
        orderId: order._id,
        kind: "staff.new_order",
        channel: "email",
        recipient: settings.order_alert_email,
        ...mail,
        // Once per order, whichever event raised it.
        dedupeKey: `${order._id}:staff.new_order:email`,
      });
    }
  }
}
