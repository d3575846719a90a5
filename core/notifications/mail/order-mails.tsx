import { Link } from "@react-email/components";
import type { ReactElement } from "react";
import { formatPrice } from "#contract/money-format.ts";
import type { Order } from "#contract/shopping.ts";
import type { MailSender } from "../../accounts/mail-sender.ts";
import { trackingLink } from "../order-links.ts";
import { linkStyle, MailLayout } from "./mail-layout.tsx";
import { MailButton, OrderLines, OrderTotals, Paragraph, ShippingAddress } from "./order-parts.tsx";
import { type RenderedMail, renderMail } from "./render-mail.ts";

// The order mails (docs/back-office/notifications.md): one component per message, each the shop's
// name, what happened, the order's lines and totals and a button to the order's page. Rendered once,
// in the transaction of the change, from the order event alone (docs/decisions/049-order-mail-templates.md).

export const ORDER_MAIL_KINDS = [
  "order.placed",
  "order.paid",
  "order.shipped",
  "order.delivered",
  "order.cancelled",
  "order.refunded",
  "staff.new_order",
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

export interface OrderMailInput {
  order: Order;
  customer: { name: string; email: string };
  sender: MailSender;
  /** The order's page, absolute: the customer's (/customer/orders/:id) or, for staff, the back office's. */
  orderUrl: string;
  /** For `order.refunded`: the refund the mail is about. */
  refund?: { amountCents: number };
}

const total = (order: Order) => formatPrice(order.pricing.totalPriceAfterDiscount);
const isCash = (order: Order) => order.paymentMethod === "cash_on_delivery";
const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : "Hello,");

/** What a mail component gets: the input, and the subject it is sent under. */
type MailProps = OrderMailInput & { subject: string };

function OrderSummary({ input, address = false }: { input: OrderMailInput; address?: boolean }) {
  return (
    <>
      <OrderLines items={input.order.items} />
      <OrderTotals order={input.order} />
      {address && <ShippingAddress order={input.order} />}
      <MailButton href={input.orderUrl}>View your order</MailButton>
    </>
  );
}

function OrderPlacedMail(input: MailProps) {
  const { order } = input;
  return (
    <MailLayout
      title={input.subject}
      sender={input.sender}
      preview={`Order #${order.number}: ${total(order)}`}
      heading="Thank you for your order"
    >
      <Paragraph>{greeting(input.customer.name)}</Paragraph>
      <Paragraph>
        {isCash(order)
          ? `We have your order #${order.number}. You pay ${total(order)} in cash when it is delivered; we will write again when it ships.`
          : `We have your order #${order.number}. It awaits your payment of ${total(order)}.`}
      </Paragraph>
      <OrderSummary input={input} address />
    </MailLayout>
  );
}

function PaymentReceivedMail(input: MailProps) {
  const { order } = input;
  return (
    <MailLayout
      title={input.subject}
      sender={input.sender}
      preview={`We received ${total(order)} for order #${order.number}.`}
      heading="Payment received"
    >
      <Paragraph>{greeting(input.customer.name)}</Paragraph>
      <Paragraph>
        {`Thank you: we received your payment of ${total(order)} for order #${order.number}. We are preparing it and will write again when it ships.`}
      </Paragraph>
      <OrderSummary input={input} address />
    </MailLayout>
  );
}

function OrderShippedMail(input: MailProps) {
  const { order } = input;
  const shipment = order.shipment;
  const tracking = trackingLink(shipment?.trackingUrl);
  return (
    <MailLayout
      title={input.subject}
      sender={input.sender}
      preview={`Order #${order.number} is on its way${shipment ? ` with ${shipment.carrier}` : ""}.`}
      heading="Your order is on its way"
    >
      <Paragraph>{greeting(input.customer.name)}</Paragraph>
      <Paragraph>
        {shipment
          ? `Order #${order.number} has shipped with ${shipment.carrier}. Tracking number: ${shipment.trackingNumber}.`
          : `Order #${order.number} has shipped.`}
      </Paragraph>
      {tracking && <MailButton href={tracking}>Track your parcel</MailButton>}
      {isCash(order) && !order.isPaid && (
        <Paragraph>{`Please have ${total(order)} ready: you pay in cash when it is delivered.`}</Paragraph>
      )}
      <OrderSummary input={input} address />
    </MailLayout>
  );
}

function OrderDeliveredMail(input: MailProps) {
  const { order } = input;
  return (
    <MailLayout
      title={input.subject}
      sender={input.sender}
      preview={`Order #${order.number} was delivered.`}
      heading="Your order was delivered"
    >
      <Paragraph>{greeting(input.customer.name)}</Paragraph>
      <Paragraph>
        {isCash(order)
          ? `Order #${order.number} was delivered. Paid on delivery: ${total(order)}. Thank you for shopping at ${input.sender.shopName}.`
          : `Order #${order.number} was delivered. Thank you for shopping at ${input.sender.shopName}.`}
      </Paragraph>
      <OrderSummary input={input} />
    </MailLayout>
  );
}

function OrderCancelledMail(input: MailProps) {
  const { order } = input;
  const paidByCard = !isCash(order) && order.isPaid;
  return (
    <MailLayout
      title={input.subject}
      sender={input.sender}
      preview={`Order #${order.number} was cancelled.`}
      heading="Your order was cancelled"
    >
      <Paragraph>{greeting(input.customer.name)}</Paragraph>
      <Paragraph>
        {paidByCard
          ? `Order #${order.number} has been cancelled. You paid ${total(order)} by card: we will write to you when your refund is on its way.`
          : `Order #${order.number} has been cancelled. Nothing is due for it.`}
      </Paragraph>
      <OrderSummary input={input} />
    </MailLayout>
  );
}

function OrderRefundedMail(input: MailProps) {
  const { order } = input;
  const paidCents = Math.round(order.pricing.totalPriceAfterDiscount * 100);
  const refundedCents = Math.round(order.refundedAmount * 100);
  const amount = formatPrice((input.refund?.amountCents ?? 0) / 100);
  const left = Math.max(0, paidCents - refundedCents);
  return (
    <MailLayout
      title={input.subject}
      sender={input.sender}
      preview={`We refunded ${amount} on order #${order.number}.`}
      heading="Your refund is on its way"
    >
      <Paragraph>{greeting(input.customer.name)}</Paragraph>
      <Paragraph>
        {`We have refunded ${amount} on order #${order.number}. Refunded in all: ${formatPrice(refundedCents / 100)} of ${total(order)}.`}
      </Paragraph>
      <Paragraph>
        {left > 0
          ? `What is left on the order: ${formatPrice(left / 100)}.`
          : "The order is now refunded in full."}
      </Paragraph>
      <Paragraph>A refund goes back the way you paid; your bank may take a few days to show it.</Paragraph>
      <OrderSummary input={input} />
    </MailLayout>
  );
}

function NewOrderAlertMail(input: MailProps) {
  const { order, customer } = input;
  const payment = isCash(order) ? "cash on delivery" : "paid by card";
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <MailLayout
      title={input.subject}
      // The staff's own alert: no "Questions? Write to …" footer.
      sender={{ ...input.sender, contactEmail: "" }}
      preview={`${count} ${count === 1 ? "item" : "items"} for ${total(order)}, ${payment}.`}
      heading={`New order #${order.number}`}
    >
      <Paragraph>
        {`${customer.name || customer.email} placed order #${order.number} for ${total(order)} (${payment}).`}
      </Paragraph>
      <Paragraph>
        Customer:{" "}
        <Link className="mail-link" href={`mailto:${customer.email}`} style={linkStyle}>
          {customer.email}
        </Link>
        {order.phone ? `, ${order.phone}` : ""}
      </Paragraph>
      <OrderLines items={order.items} />
      <OrderTotals order={order} />
      <ShippingAddress order={order} />
      <MailButton href={input.orderUrl}>Open the order in the back office</MailButton>
    </MailLayout>
  );
}

const TEMPLATES: Record<
  OrderMailKind,
  { subject: (input: OrderMailInput) => string; Mail: (props: MailProps) => ReactElement }
> = {
  "order.placed": { subject: ({ order }) => `Order #${order.number} received`, Mail: OrderPlacedMail },
  "order.paid": {
    subject: ({ order }) => `Payment received for order #${order.number}`,
    Mail: PaymentReceivedMail,
  },
  "order.shipped": { subject: ({ order }) => `Order #${order.number} has shipped`, Mail: OrderShippedMail },
  "order.delivered": {
    subject: ({ order }) => `Order #${order.number} was delivered`,
    Mail: OrderDeliveredMail,
  },
  "order.cancelled": {
    subject: ({ order }) => `Order #${order.number} was cancelled`,
    Mail: OrderCancelledMail,
  },
  "order.refunded": { subject: ({ order }) => `A refund on order #${order.number}`, Mail: OrderRefundedMail },
  "staff.new_order": {
    subject: ({ order }) => `New order #${order.number}: ${total(order)}`,
    Mail: NewOrderAlertMail,
  },
};

/** The subject, HTML and plain text of one order mail. */
export async function renderOrderMail(
  kind: OrderMailKind,
  input: OrderMailInput,
): Promise<RenderedMail & { subject: string }> {
  const template = TEMPLATES[kind];
  const subject = template.subject(input);
  return { subject, ...(await renderMail(<template.Mail {...input} subject={subject} />)) };
}
