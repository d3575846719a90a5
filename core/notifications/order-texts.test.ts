import { describe, expect, it } from "vitest";
import type { Order } from "#contract/shopping.ts";
import { backOfficeOrderUrl, customerOrderUrl, trackingLink } from "./order-links.ts";
import { orderText } from "./order-texts.ts";

const order = {
  _id: "665f1c2e9b1e8a0012345678",
  number: 7,
  paymentMethod: "cash_on_delivery",
  pricing: {
    itemsPrice: 40,
    taxPrice: 5.6,
    shippingPrice: 9.99,
    totalPrice: 55.59,
    totalPriceAfterDiscount: 55.59,
  },
  shipment: { carrier: "DHL", trackingNumber: "JD01", trackingUrl: "https://dhl.example/t?id=JD01" },
} as Order;

describe("order texts", () => {
  it("shipped: carrier, tracking number and the tracking link", () => {
    expect(orderText("order.shipped", order, "Atlas Wear")).toBe(
      "Atlas Wear: order #7 has shipped with DHL, tracking number JD01. Track it: https://dhl.example/t?id=JD01",
    );
  });

  it("shipped without a web tracking address: no link", () => {
    const shipment = { carrier: "UPS", trackingNumber: "1Z9", trackingUrl: "javascript:alert(1)" };
    expect(orderText("order.shipped", { ...order, shipment }, "shop")).toBe(
      "shop: order #7 has shipped with UPS, tracking number 1Z9.",
    );
  });

  it("delivered: paid on delivery for cash", () => {
    expect(orderText("order.delivered", order, "shop")).toBe(
      "shop: order #7 was delivered. Paid on delivery: 55,59 USD. Thank you!",
    );
    expect(orderText("order.delivered", { ...order, paymentMethod: "credit_card" }, "shop")).toBe(
      "shop: order #7 was delivered. Thank you!",
    );
  });
});

describe("order links", () => {
  it("are absolute on the public address, with or without its trailing slash", () => {
    expect(customerOrderUrl("https://shop.example/", "abc")).toBe("https://shop.example/customer/orders/abc");
    expect(backOfficeOrderUrl("https://shop.example/store", "abc")).toBe(
      "https://shop.example/store/admin/orders/abc",
    );
  });

  it("take only web addresses as tracking links", () => {
    expect(trackingLink("https://t.example/x?a=1")).toBe("https://t.example/x?a=1");
    expect(trackingLink("http://t.example")).toBe("http://t.example/");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "not a url", "", null, undefined]) {
      expect(trackingLink(bad)).toBeNull();
    }
  });
});
