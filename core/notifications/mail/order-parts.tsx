import { Button, Column, Row, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { formatPrice } from "#contract/money-format.ts";
import type { Order } from "#contract/shopping.ts";
import { MAIL_COLORS, mutedStyle, textStyle } from "./mail-layout.tsx";

// What every order mail shows of the order: its lines, its totals, where it goes, and a button to
// its page. Amounts are written as the storefront writes them (contract/money-format.ts).

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Text className="mail-ink" style={textStyle}>
      {children}
    </Text>
  );
}

const buttonStyle: CSSProperties = {
  backgroundColor: MAIL_COLORS.ink,
  borderRadius: 6,
  color: "#ffffff",
  fontSize: 15,
  fontWeight: 600,
  padding: "12px 20px",
  textDecoration: "none",
};

/** A link drawn as a button (the text part shows its label and address). */
export function MailButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "8px 0 20px" }}>
      <Button className="mail-button" href={href} style={buttonStyle}>
        {children}
      </Button>
    </Section>
  );
}

const lineStyle: CSSProperties = { borderBottom: `1px solid ${MAIL_COLORS.line}`, padding: "10px 0" };
const titleStyle: CSSProperties = { ...textStyle, fontWeight: 600, margin: 0 };
const detailStyle: CSSProperties = { ...mutedStyle, margin: "2px 0 0" };
const amountStyle: CSSProperties = { ...textStyle, margin: 0, textAlign: "right", whiteSpace: "nowrap" };

/** The order's lines: title, size, colour, quantity and price. */
export function OrderLines({ items }: { items: Order["items"] }) {
  return (
    <Section style={{ margin: "8px 0 0" }}>
      {items.map((item) => (
        <Row key={`${item.product._id}-${item.size ?? ""}`} className="mail-line" style={lineStyle}>
          <Column className="mail-item" style={{ paddingRight: 12, verticalAlign: "top" }}>
            <Text className="mail-ink" style={titleStyle}>
              {item.product.title}
            </Text>
            <Text className="mail-muted" style={detailStyle}>
              {[
                item.size ? `Size: ${item.size.toUpperCase()}` : null,
                `Color: ${item.color}`,
                `Quantity: ${item.quantity}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Text>
          </Column>
          <Column className="mail-item" style={{ verticalAlign: "top", width: 120 }}>
            <Text className="mail-ink" style={amountStyle}>
              {formatPrice(item.totalPrice)}
            </Text>
            {item.quantity > 1 && (
              <Text
                className="mail-muted"
                style={{ ...detailStyle, textAlign: "right", whiteSpace: "nowrap" }}
              >
                {`${formatPrice(item.price)} each`}
              </Text>
            )}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

function TotalRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const style: CSSProperties = { ...textStyle, margin: 0, fontWeight: strong ? 700 : 400 };
  return (
    <Row className="mail-total" style={{ padding: strong ? "8px 0 0" : "2px 0" }}>
      <Column className="mail-label">
        <Text
          className={strong ? "mail-ink" : "mail-muted"}
          style={strong ? style : { ...style, color: MAIL_COLORS.muted }}
        >
          {label}
        </Text>
      </Column>
      <Column className="mail-amount" style={{ width: 140 }}>
        <Text className="mail-ink" style={{ ...style, textAlign: "right", whiteSpace: "nowrap" }}>
          {amount}
        </Text>
      </Column>
    </Row>
  );
}

/** The totals as the order page names them: items, tax, shipping, the coupon's discount, the total. */
export function OrderTotals({ order }: { order: Order }) {
  const { pricing, coupon } = order;
  return (
    <Section style={{ margin: "12px 0 20px" }}>
      <TotalRow label="Items" amount={formatPrice(pricing.itemsPrice)} />
      <TotalRow label="Tax" amount={formatPrice(pricing.taxPrice)} />
      <TotalRow label="Shipping" amount={formatPrice(pricing.shippingPrice)} />
      {coupon && (
        <TotalRow
          label={`Discount (${coupon.couponCode}, ${coupon.couponDiscount}%)`}
          amount={`-${formatPrice(coupon.discountedAmount)}`}
        />
      )}
      <TotalRow label="Total" amount={formatPrice(pricing.totalPriceAfterDiscount)} strong />
    </Section>
  );
}

/** Where the order goes. */
export function ShippingAddress({ order }: { order: Order }) {
  const { street, city, postalCode, state, country } = order.shippingAddress;
  return (
    <Text className="mail-muted" style={mutedStyle}>
      {`Delivering to: ${[street, `${city} ${postalCode}`.trim(), state, country].filter(Boolean).join(", ")}`}
    </Text>
  );
}
