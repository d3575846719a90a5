import { describe, expect, it } from "vitest";
import type { Order } from "#contract/shopping.ts";
import {
  ORDER_MAIL_KINDS,
  type OrderMailInput,
  type OrderMailKind,
  renderOrderMail,
} from "./order-mails.tsx";

// What each order mail says, in its HTML and its plain text (docs/back-office/notifications.md).

const ORDER_ID = "665f1c2e9b1e8a0012345678";
const ORDER_URL = `https://shop.example.test/customer/orders/${ORDER_ID}`;
const TRACKING_URL = "https://www.dhl.com/track?id=JD0146000033&lang=en";

function sampleOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: ORDER_ID,
    number: 1042,
    status: "shipped",
    paymentMethod: "cash_on_delivery",
    isPaid: false,
    paidAt: null,
    paymentExpiresAt: null,
    phone: "+212612345678",
    shippingAddress: {
      country: "Morocco",
      state: "Casablanca-Settat",
      city: "Casablanca",
      street: "21 Boulevard d'Anfa",
      postalCode: "20000",
    },
    items: [
      {
        product: { _id: "665f1c2e9b1e8a00000000a1", title: "Linen Shirt", imageCover: "/images/a.webp" },
        size: "m",
        color: "navy",
        quantity: 2,
        price: 25,
        totalPrice: 50,
      },
      {
        product: { _id: "665f1c2e9b1e8a00000000a2", title: "Wool Scarf", imageCover: "/images/b.webp" },
        size: null,
        color: "red",
        quantity: 1,
        price: 1234.5,
        totalPrice: 1234.5,
      },
    ],
    pricing: {
      itemsPrice: 1284.5,
      taxPrice: 179.83,
      shippingPrice: 9.99,
      totalPrice: 1474.32,
      totalPriceAfterDiscount: 1326.89,
    },
    coupon: { couponCode: "WELCOME10", couponDiscount: 10, discountedAmount: 147.43 },
    statusHistory: [],
    shipment: { carrier: "DHL", trackingNumber: "JD0146000033", trackingUrl: TRACKING_URL },
    refunds: [],
    refundedAmount: 0,
    createdAt: "2026-06-01T12:00:00.000Z",
    ...overrides,
  };
}

function input(overrides: Partial<OrderMailInput> = {}): OrderMailInput {
  return {
    order: sampleOrder(),
    customer: { name: "Nadia Alaoui", email: "nadia@example.test" },
    sender: { shopName: "Atlas Wear", contactEmail: "help@atlas.test" },
    orderUrl: ORDER_URL,
    ...overrides,
  };
}

/** The hrefs of the HTML's links, decoded as a browser reads them. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe.each(ORDER_MAIL_KINDS)("the %s mail", (kind: OrderMailKind) => {
  it("shows the shop, every item, the totals and a link to the order, in HTML and in text", async () => {
    const mail = await renderOrderMail(kind, input({ refund: { amountCents: 5000 } }));
    expect(mail.subject).toContain("#1042");
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Atlas Wear");
      expect(part).toContain("Linen Shirt");
      expect(part).toContain("Size: M · Color: navy · Quantity: 2");
      expect(part).toContain("Color: red · Quantity: 1");
      expect(part).toContain("50,00 USD");
      expect(part).toContain("25,00 USD each");
      expect(part).toContain("1234,50 USD");
    }
    expect(mail.text).toContain("Items: 1284,50 USD");
    expect(mail.text).toContain("Tax: 179,83 USD");
    expect(mail.text).toContain("Shipping: 9,99 USD");
    expect(mail.text).toContain("Discount (WELCOME10, 10%): -147,43 USD");
    expect(mail.text).toContain("Total: 1326,89 USD");
    expect(mail.html).toMatch(/>Total<\/p>.*?>1326,89 USD<\/p>/s);
    expect(hrefs(mail.html)).toContain(ORDER_URL);
    expect(mail.text).toContain(ORDER_URL);
  });

  it("is an accessible document that also reads in dark mode", async () => {
    const { html, subject } = await renderOrderMail(kind, input());
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('<html dir="ltr" lang="en">');
    expect(html).toContain(`<title>${subject}</title>`);
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain("@media (prefers-color-scheme: dark)");
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it("escapes a hostile product title and customer name: no markup of theirs reaches the HTML", async () => {
    const hostile = `Shirt <img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes"`;
    const order = sampleOrder();
    order.items[0]!.product.title = hostile;
    const mail = await renderOrderMail(
      kind,
      input({ order, customer: { name: "<b>Eve</b>", email: "eve@example.test" } }),
    );
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<b>Eve");
    expect(mail.html).toContain("Shirt &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;");
    // The text part is plain text: the title as it is.
    expect(mail.text).toContain(hostile);
  });
});

describe("the customer's mails", () => {
  it("sign with the contact address when the shop has one, and without a footer line otherwise", async () => {
    const withContact = await renderOrderMail("order.placed", input());
    expect(withContact.text).toContain("Questions? Write to help@atlas.test.");
    expect(hrefs(withContact.html)).toContain("mailto:help@atlas.test");
    const without = await renderOrderMail(
      "order.placed",
      input({ sender: { shopName: "Atlas Wear", contactEmail: "" } }),
    );
    expect(without.text).not.toContain("Questions?");
    expect(without.html).not.toContain("mailto:");
  });

  it("order placed (cash): the amount to pay on delivery and where it goes", async () => {
    const mail = await renderOrderMail("order.placed", input({ order: sampleOrder({ status: "placed" }) }));
    expect(mail.subject).toBe("Order #1042 received");
    expect(mail.text).toContain("Hello Nadia Alaoui,");
    expect(mail.text).toContain("You pay 1326,89 USD in cash when it is delivered");
    expect(mail.text).toContain(
      "Delivering to: 21 Boulevard d'Anfa, Casablanca 20000, Casablanca-Settat, Morocco",
    );
  });

  it("payment received (card): the amount paid", async () => {
    const order = sampleOrder({ status: "paid", paymentMethod: "credit_card", isPaid: true });
    const mail = await renderOrderMail("order.paid", input({ order }));
    expect(mail.subject).toBe("Payment received for order #1042");
    expect(mail.text).toContain("we received your payment of 1326,89 USD for order #1042");
  });

  it("shipped: carrier, tracking number and the tracking link as a button", async () => {
    const mail = await renderOrderMail("order.shipped", input());
    expect(mail.subject).toBe("Order #1042 has shipped");
    expect(mail.text).toContain("Order #1042 has shipped with DHL. Tracking number: JD0146000033.");
    expect(mail.text).toContain(`Track your parcel ${TRACKING_URL}`);
    const button = mail.html.match(/<a[^>]*class="mail-button"[^>]*>.*?Track your parcel.*?<\/a>/s)?.[0];
    expect(button).toBeDefined();
    expect(hrefs(button!)).toEqual([TRACKING_URL]);
    expect(mail.text).toContain("Please have 1326,89 USD ready: you pay in cash when it is delivered.");
  });

  it("shipped: a tracking address that is not a web address is never a link", async () => {
    const order = sampleOrder({
      shipment: { carrier: "DHL", trackingNumber: "X1", trackingUrl: "javascript:alert(1)" },
    });
    const mail = await renderOrderMail("order.shipped", input({ order }));
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).not.toContain("Track your parcel");
    expect(mail.text).toContain("Tracking number: X1.");
  });

  it("delivered: a cash order says it was paid on delivery; a card order does not", async () => {
    const cash = await renderOrderMail(
      "order.delivered",
      input({ order: sampleOrder({ status: "delivered", isPaid: true }) }),
    );
    expect(cash.text).toContain("Order #1042 was delivered. Paid on delivery: 1326,89 USD.");
    const card = await renderOrderMail(
      "order.delivered",
      input({ order: sampleOrder({ status: "delivered", paymentMethod: "credit_card", isPaid: true }) }),
    );
    expect(card.text).toContain("Order #1042 was delivered. Thank you for shopping at Atlas Wear.");
    expect(card.text).not.toContain("Paid on delivery");
  });

  it("cancelled: a paid card order is told a refund follows; a cash order that nothing is due", async () => {
    const card = await renderOrderMail(
      "order.cancelled",
      input({ order: sampleOrder({ status: "cancelled", paymentMethod: "credit_card", isPaid: true }) }),
    );
    expect(card.subject).toBe("Order #1042 was cancelled");
    expect(card.text).toContain("You paid 1326,89 USD by card: we will write to you when your refund");
    const cash = await renderOrderMail(
      "order.cancelled",
      input({ order: sampleOrder({ status: "cancelled" }) }),
    );
    expect(cash.text).toContain("Order #1042 has been cancelled. Nothing is due for it.");
  });

  it("refunded: the amount of this refund, the refunds so far and what is left", async () => {
    const order = sampleOrder({ status: "delivered", isPaid: true, refundedAmount: 60 });
    const mail = await renderOrderMail("order.refunded", input({ order, refund: { amountCents: 5000 } }));
    expect(mail.subject).toBe("A refund on order #1042");
    expect(mail.text).toContain(
      "We have refunded 50,00 USD on order #1042. Refunded in all: 60,00 USD of 1326,89 USD.",
    );
    expect(mail.text).toContain("What is left on the order: 1266,89 USD.");
    const full = await renderOrderMail(
      "order.refunded",
      input({ order: { ...order, refundedAmount: 1326.89 }, refund: { amountCents: 126689 } }),
    );
    expect(full.text).toContain("The order is now refunded in full.");
  });
});

describe("the staff's new-order alert", () => {
  it("names the order, the customer and the total, and links to the back office's order page", async () => {
    const adminUrl = `https://shop.example.test/admin/orders/${ORDER_ID}`;
    const mail = await renderOrderMail("staff.new_order", input({ orderUrl: adminUrl }));
    expect(mail.subject).toBe("New order #1042: 1326,89 USD");
    expect(mail.text).toContain("Nadia Alaoui placed order #1042 for 1326,89 USD (cash on delivery).");
    expect(mail.text).toContain("Customer: nadia@example.test, +212612345678");
    expect(mail.text).toContain(`Open the order in the back office ${adminUrl}`);
    expect(hrefs(mail.html)).toContain(adminUrl);
    // Written to the staff: no "write to us" line for customers.
    expect(mail.text).not.toContain("Questions?");
  });
});
