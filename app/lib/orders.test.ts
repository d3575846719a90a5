import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "#contract/shopping.ts";
import { CUSTOMER_CANCELLABLE } from "#core/orders/order-workflow.ts";
import { isCancellableByCustomer, paymentNotice, trackingHref } from "./orders.ts";

describe("the notice after the card payment page", () => {
  it("says the payment was received once the order is paid, whatever came after", () => {
    expect(paymentNotice({ status: "paid", isPaid: true })).toBe("Payment received");
    expect(paymentNotice({ status: "shipped", isPaid: true })).toBe("Payment received");
  });

  it("says the payment is being confirmed while the order waits for it", () => {
    expect(paymentNotice({ status: "pending_payment", isPaid: false })).toBe("We're confirming your payment");
  });

  it("says nothing for an unpaid order that no longer waits (cancelled)", () => {
    expect(paymentNotice({ status: "cancelled", isPaid: false })).toBeNull();
  });
});

describe("what the order pages offer", () => {
  it("offers to cancel exactly where core lets the customer cancel", () => {
    for (const status of ORDER_STATUSES) {
      expect(isCancellableByCustomer({ status }), status).toBe(CUSTOMER_CANCELLABLE.has(status));
    }
  });

  it("links a tracking address only when it is http(s)", () => {
    expect(trackingHref("https://www.dhl.com/track?id=JD01")).toBe("https://www.dhl.com/track?id=JD01");
    expect(trackingHref("http://track.example/1Z999")).toBe("http://track.example/1Z999");
    for (const url of [
      null,
      "",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://track.example/1",
      "//track.example/1",
      "www.dhl.com/track",
    ]) {
      expect(trackingHref(url), String(url)).toBeNull();
    }
  });
});
