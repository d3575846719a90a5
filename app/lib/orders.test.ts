import { describe, expect, it } from "vitest";
import { paymentNotice } from "./orders.ts";

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
