import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ordersCsvChunks } from "#core/reports/orders-csv.ts";
import { salesFigures } from "#core/reports/sales-figures.ts";
import { salesRange } from "#core/reports/sales-range.ts";
import { newId } from "#db/ids.ts";
import { call, createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { setUpStorefront } from "../support/storefront.ts";

// The sales figures (core/reports/sales-figures.ts, docs/back-office/dashboard.md) against orders
// written straight into the tables with known amounts, days and statuses, each figure worked out
// by hand below, to the cent. The range is 2026-03-01 to 2026-03-05 (UTC); the test shop's clock
// stands at 2026-06-01, and no other order of this file falls in March.

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);

const RANGE = { from: "2026-03-01", to: "2026-03-05" };

interface Line {
  product: { id: string; title: string };
  quantity: number;
  unitCents: number;
}

interface FixtureOrder {
  status: string;
  method: "cash_on_delivery" | "credit_card";
  at: string;
  lines: Line[];
  taxCents: number;
  shippingCents: number;
  discountCents?: number;
  coupon?: { code: string; id: string | null };
  refunds?: { cents: number; status: "succeeded" | "pending" | "failed" }[];
  customer?: TestCustomer;
}

let customer: TestCustomer;
let manager: TestCustomer;
let staff: { id: string; email: string; role: "manager" };
/** Two products of one category (P1, P2) and one of another (P3). */
let P1: { id: string; title: string };
let P2: { id: string; title: string };
let P3: { id: string; title: string };
let categoryX: { id: string; name: string };
let categoryY: { id: string; name: string };
let couponSpring: string;
const numbers: Record<string, number> = {};

async function insertOrder(name: string, o: FixtureOrder) {
  const id = newId();
  const items = o.lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  const total = items + o.taxCents + o.shippingCents;
  const discount = o.discountCents ?? 0;
  const refunded = (o.refunds ?? [])
    .filter((r) => r.status !== "failed")
    .reduce((sum, r) => sum + r.cents, 0);
  const paid = o.method === "credit_card" && o.status !== "pending_payment";
  const [row] = await shop.rows<{
    number: number;
  }>(sql`INSERT INTO orders (id, customer_id, status, payment_method,
      phone, country, state, city, street, postal_code, items_cents, tax_cents, shipping_cents, total_cents,
      discount_cents, total_after_discount_cents, coupon_id, coupon_code, coupon_percent, paid_at, refunded_cents,
      created_at, updated_at)
    VALUES (${id}, ${(o.customer ?? customer).id}, ${o.status}, ${o.method}, '+212612345678', 'Morocco',
      'Casablanca-Settat', 'Casablanca', '21 Boulevard d''Anfa', '20000', ${items}, ${o.taxCents}, ${o.shippingCents},
      ${total}, ${discount}, ${total - discount}, ${o.coupon?.id ?? null}, ${o.coupon?.code ?? null},
      ${o.coupon ? 10 : null}, ${paid ? o.at : null}::timestamptz, ${refunded}, ${o.at}::timestamptz, ${o.at}::timestamptz)
    RETURNING number`);
  numbers[name] = row!.number;
  for (const [position, line] of o.lines.entries()) {
    await shop.rows(sql`INSERT INTO order_items (id, order_id, product_id, title, image_cover, size, color, quantity,
        unit_price_cents, total_cents, position)
      VALUES (${newId()}, ${id}, ${line.product.id}, ${line.product.title}, 'cover.webp', 'M', '#000000', ${line.quantity},
        ${line.unitCents}, ${line.unitCents * line.quantity}, ${position})`);
  }
  for (const [index, refund] of (o.refunds ?? []).entries()) {
    await shop.rows(sql`INSERT INTO order_refunds (id, order_id, amount_cents, reason, method, status, idempotency_key,
        created_at, updated_at)
      VALUES (${newId()}, ${id}, ${refund.cents}, 'fixture', ${o.method === "credit_card" ? "provider" : "cash"},
        ${refund.status}, ${`${id}:${index}`}, ${o.at}::timestamptz, ${o.at}::timestamptz)`);
  }
}

beforeAll(async () => {
  customer = await createCustomer(shop, { email: '=HYPERLINK("http://x.test")@example.test' });
  manager = await createCustomer(shop, { role: "manager" });
  staff = { id: manager.id, email: manager.email, role: "manager" };
  const [x, y] = await shop.rows<{ id: string; name: string }>(
    sql`SELECT k.id, k.name FROM categories k
        WHERE (SELECT count(*) FROM products p WHERE p.category_id = k.id) >= 2 ORDER BY k.name LIMIT 2`,
  );
  categoryX = x!;
  categoryY = y!;
  const productsOf = (categoryId: string) =>
    shop.rows<{ id: string; title: string }>(
      sql`SELECT id, title FROM products WHERE category_id = ${categoryId} ORDER BY id LIMIT 2`,
    );
  [P1, P2] = (await productsOf(categoryX.id)) as [typeof P1, typeof P2];
  [P3] = (await productsOf(categoryY.id)) as [typeof P3];
  const [spring] = await shop.rows<{
    id: string;
  }>(sql`INSERT INTO coupons (id, code, discount_percent, expires_at)
    VALUES (${newId()}, 'SPRING10', 10, '2027-01-01T00:00:00Z') RETURNING id`);
  couponSpring = spring!.id;

  // A: cash, placed, at the very first moment of the range. 2000 + 200 + 500 = 2700.
  await insertOrder("A", {
    status: "placed",
    method: "cash_on_delivery",
    at: "2026-03-01T00:00:00.000Z",
    lines: [{ product: P1, quantity: 2, unitCents: 1000 }],
    taxCents: 200,
    shippingCents: 500,
  });
  // B: card, paid, SPRING10. 3333 + 333 + 0 = 3666, less 367 = 3299.
  await insertOrder("B", {
    status: "paid",
    method: "credit_card",
    at: "2026-03-02T10:00:00.000Z",
    lines: [{ product: P2, quantity: 1, unitCents: 3333 }],
    taxCents: 333,
    shippingCents: 0,
    discountCents: 367,
    coupon: { code: "SPRING10", id: couponSpring },
  });
  // C: card, delivered, SPRING10, at the day's last millisecond. 1000 + 750 = 1750 items, + 175 + 500
  // = 2425, less 243 = 2182; refunds: 500 succeeded (counted), 300 pending and 100 failed (not).
  await insertOrder("C", {
    status: "delivered",
    method: "credit_card",
    at: "2026-03-02T23:59:59.999Z",
    lines: [
      { product: P1, quantity: 1, unitCents: 1000 },
      { product: P3, quantity: 3, unitCents: 250 },
    ],
    taxCents: 175,
    shippingCents: 500,
    discountCents: 243,
    coupon: { code: "SPRING10", id: couponSpring },
    refunds: [
      { cents: 500, status: "succeeded" },
      { cents: 300, status: "pending" },
      { cents: 100, status: "failed" },
    ],
  });
  // D: card, paid then cancelled and refunded in full, with a coupon: no sale, no refund, no coupon use.
  await insertOrder("D", {
    status: "cancelled",
    method: "credit_card",
    at: "2026-03-03T09:00:00.000Z",
    lines: [{ product: P2, quantity: 2, unitCents: 3333 }],
    taxCents: 667,
    shippingCents: 0,
    discountCents: 700,
    coupon: { code: "WINTER5", id: null },
    refunds: [{ cents: 6633, status: "succeeded" }],
  });
  // E: card, still awaiting payment: not a sale yet. 250 + 25 + 500 = 775.
  await insertOrder("E", {
    status: "pending_payment",
    method: "credit_card",
    at: "2026-03-03T12:00:00.000Z",
    lines: [{ product: P3, quantity: 1, unitCents: 250 }],
    taxCents: 25,
    shippingCents: 500,
  });
  // F: cash, returned and refunded in full (by hand), WINTER5 (deleted since: no id). 1000 + 100 +
  // 500 = 1600, less 80 = 1520; refund 1520 succeeded: revenue 0, still one order.
  await insertOrder("F", {
    status: "returned",
    method: "cash_on_delivery",
    at: "2026-03-04T15:30:00.000Z",
    lines: [{ product: P1, quantity: 1, unitCents: 1000 }],
    taxCents: 100,
    shippingCents: 500,
    discountCents: 80,
    coupon: { code: "WINTER5", id: null },
    refunds: [{ cents: 1520, status: "succeeded" }],
  });
  // G: card, processing, in the range's last second. 1000 + 100 + 500 = 1600.
  await insertOrder("G", {
    status: "processing",
    method: "credit_card",
    at: "2026-03-05T23:59:59.000Z",
    lines: [{ product: P3, quantity: 4, unitCents: 250 }],
    taxCents: 100,
    shippingCents: 500,
  });
  // Just outside: the millisecond before the range, and the first moment after it.
  await insertOrder("before", {
    status: "placed",
    method: "cash_on_delivery",
    at: "2026-02-28T23:59:59.999Z",
    lines: [{ product: P1, quantity: 5, unitCents: 1000 }],
    taxCents: 500,
    shippingCents: 0,
  });
  await insertOrder("after", {
    status: "paid",
    method: "credit_card",
    at: "2026-03-06T00:00:00.000Z",
    lines: [{ product: P2, quantity: 1, unitCents: 3333 }],
    taxCents: 333,
    shippingCents: 0,
    coupon: { code: "SPRING10", id: couponSpring },
    discountCents: 367,
  });
});

// Counted: A 2700, B 3299, C 2182 (− 500), F 1520 (− 1520), G 1600.
// Sales 11301, refunds 2020, revenue 9281, 5 orders, average 1856.2 → 1856.
const EXPECTED = {
  revenueCents: 9281,
  salesCents: 11301,
  refundsCents: 2020,
  refundedOrders: 2,
  orders: 5,
  averageOrderCents: 1856,
  cashOnDelivery: { orders: 2, revenueCents: 2700 },
  creditCard: { orders: 3, revenueCents: 6581 },
  byDay: [
    { date: "2026-03-01", revenueCents: 2700, orders: 1 },
    { date: "2026-03-02", revenueCents: 4981, orders: 2 },
    { date: "2026-03-03", revenueCents: 0, orders: 0 },
    { date: "2026-03-04", revenueCents: 0, orders: 1 },
    { date: "2026-03-05", revenueCents: 1600, orders: 1 },
  ],
};

describe("salesFigures", () => {
  it("counts every figure of the range to the cent", async () => {
    const figures = await salesFigures(shop.ctx, staff, salesRange(RANGE, shop.ctx.now()));
    expect(figures).toMatchObject(EXPECTED);
    expect(figures.range).toEqual({ ...RANGE, days: 5 });
    // P1: A 2 + C 1 + F 1 = 4 units, 4000; P2: B 1, 3333; P3: C 3 + G 4 = 7, 1750.
    expect(figures.topProducts).toEqual([
      { productId: P1.id, title: P1.title, units: 4, salesCents: 4000 },
      { productId: P2.id, title: P2.title, units: 1, salesCents: 3333 },
      { productId: P3.id, title: P3.title, units: 7, salesCents: 1750 },
    ]);
    expect(figures.topCategories).toEqual([
      { categoryId: categoryX.id, name: categoryX.name, units: 5, salesCents: 7333 },
      { categoryId: categoryY.id, name: categoryY.name, units: 7, salesCents: 1750 },
    ]);
    expect(figures.coupons).toEqual([
      { code: "SPRING10", couponId: couponSpring, uses: 2, discountCents: 610 },
      { code: "WINTER5", couponId: null, uses: 1, discountCents: 80 },
    ]);
    // The days add up to the totals.
    expect(figures.byDay.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(figures.revenueCents);
  });

  it("gives every day of a range without orders, at zero", async () => {
    const figures = await salesFigures(
      shop.ctx,
      staff,
      salesRange({ from: "2025-12-30", to: "2026-01-02" }, shop.ctx.now()),
    );
    expect(figures.byDay).toEqual(
      ["2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02"].map((date) => ({
        date,
        revenueCents: 0,
        orders: 0,
      })),
    );
    expect(figures).toMatchObject({ revenueCents: 0, orders: 0, averageOrderCents: 0, topProducts: [] });
  });

  it("is for staff only", async () => {
    await expect(
      salesFigures(shop.ctx, { ...staff, role: "customer" as never }, salesRange(RANGE, shop.ctx.now())),
    ).rejects.toMatchObject({ kind: "forbidden" });
  });
});

describe("salesRange", () => {
  const now = new Date("2026-06-01T23:30:00.000Z");

  it("is the last 30 days up to today (UTC) when the query names no day", () => {
    expect(salesRange({}, now)).toEqual({ from: "2026-05-03", to: "2026-06-01", days: 30 });
    expect(salesRange({ to: "2026-03-31" }, now)).toEqual({ from: "2026-03-02", to: "2026-03-31", days: 30 });
    expect(salesRange({ from: "2026-05-31" }, now)).toEqual({
      from: "2026-05-31",
      to: "2026-06-01",
      days: 2,
    });
    expect(salesRange({ from: "2024-01-01", to: "2024-12-31" }, now).days).toBe(366);
  });

  it("refuses a range that ends before it starts, or spans more than 366 days, naming the field", () => {
    expect(() => salesRange({ from: "2026-03-05", to: "2026-03-01" }, now)).toThrow(
      expect.objectContaining({ kind: "invalid", fields: [expect.objectContaining({ field: "to" })] }),
    );
    expect(() => salesRange({ from: "2026-06-02" }, now)).toThrow(
      expect.objectContaining({
        fields: [{ field: "from", message: "from must be 2026-06-01 (today) or earlier" }],
      }),
    );
    expect(() => salesRange({ from: "2025-01-01", to: "2026-01-02" }, now)).toThrow(
      expect.objectContaining({
        fields: [
          {
            field: "from",
            message: "A range spans at most 366 days: from must be 2025-01-02 or later",
          },
        ],
      }),
    );
  });
});

describe("GET /api/v1/reports/sales", () => {
  it("answers the figures as amounts", async () => {
    const res = await call(shop, "GET", `/reports/sales?from=${RANGE.from}&to=${RANGE.to}`, {
      token: manager.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      from: RANGE.from,
      to: RANGE.to,
      days: 5,
      revenue: 92.81,
      sales: 113.01,
      refunds: 20.2,
      refundedOrders: 2,
      orders: 5,
      averageOrderValue: 18.56,
      payments: { cashOnDelivery: { orders: 2, revenue: 27 }, creditCard: { orders: 3, revenue: 65.81 } },
      coupons: [
        { code: "SPRING10", uses: 2, discount: 6.1 },
        { code: "WINTER5", uses: 1, discount: 0.8 },
      ],
    });
    expect(res.body.data.byDay.map((d: { revenue: number }) => d.revenue)).toEqual([27, 49.81, 0, 0, 16]);
    expect(res.body.data.topProducts[0]).toEqual({ productId: P1.id, title: P1.title, units: 4, sales: 40 });
  });

  it("names the field of a bad range in a 400", async () => {
    const bad = [
      ["from=2026-02-30", "from"],
      ["from=yesterday", "from"],
      ["to=1999-12-31", "to"],
      ["from=2026-03-05&to=2026-03-01", "to"],
      ["from=2024-01-01&to=2026-01-01", "from"],
      ["from=2026-03-01&from=2026-03-02", "from"],
    ] as const;
    for (const [query, field] of bad) {
      const res = await call(shop, "GET", `/reports/sales?${query}`, { token: manager.token });
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field, query).toBe(field);
    }
  });

  it("is for staff: 401 without a session, 403 for a customer", async () => {
    expect((await call(shop, "GET", "/reports/sales")).status).toBe(401);
    expect((await call(shop, "GET", "/reports/sales", { token: customer.token })).status).toBe(403);
  });
});

/** The page's HTML without the comments React puts between adjacent pieces of text. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

describe("the dashboard /admin", () => {
  it("shows the range's figures, server-rendered", async () => {
    const res = await storefront.request(`/admin?from=${RANGE.from}&to=${RANGE.to}`, {
      cookie: manager.token,
    });
    expect(res.status).toBe(200);
    const html = text(await res.text());
    for (const shown of [
      "92,81 USD", // revenue
      "113,01 USD in orders, less refunds",
      "18,56 USD", // average order value
      "20,20 USD", // refunds
      "On 2 orders",
      "49,81 USD", // 2 March, in the table by day
      "65,81 USD", // card
      P1.title,
      categoryX.name,
      "SPRING10",
      "6,10 USD",
      "Mar 1, 2026 to Mar 5, 2026",
      `href="/admin/orders.csv?from=${RANGE.from}&amp;to=${RANGE.to}"`,
    ]) {
      expect(html, shown).toContain(shown);
    }
    // The chart is drawn in the browser; the server sends its place and its description.
    expect(html).toContain('id="sales-chart-description"');
    expect(html).not.toContain("recharts");
  });

  it("shows the last 30 days when the range is bad, and says what it ignored beside the field", async () => {
    const res = await storefront.request("/admin?from=2026-03-05&to=2026-03-01", { cookie: manager.token });
    expect(res.status).toBe(200);
    const html = text(await res.text());
    expect(html).toContain("to must be the same day as from or later");
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("May 3, 2026 to Jun 1, 2026");
  });

  it("is not shown to a customer", async () => {
    const res = await storefront.request("/admin", { cookie: customer.token });
    expect(res.status).toBe(404);
  });
});

/** A CSV file's rows as cells (the export quotes no line break, so a line is a row). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\ufeff/, "")
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => {
      const cells: string[] = [];
      const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      for (const match of line.matchAll(pattern)) {
        const cell = match[1]!;
        cells.push(cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);
        if (match[2] === "") break;
      }
      return cells;
    });
}

describe("/admin/orders.csv", () => {
  it("has one row per order placed in the range, every status, oldest first, with what a spreadsheet must not run quoted", async () => {
    const res = await storefront.request(`/admin/orders.csv?from=${RANGE.from}&to=${RANGE.to}`, {
      cookie: manager.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="orders-2026-03-01-to-2026-03-05.csv"',
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A byte-order mark first, so a spreadsheet reads UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes);
    const [header, ...rows] = csvRows(body);
    expect(header).toEqual([
      "Order number",
      "Placed (UTC)",
      "Customer email",
      "Status",
      "Payment method",
      "Items",
      "Tax",
      "Shipping",
      "Discount",
      "Total",
      "Refunded",
      "Coupon",
    ]);
    const email = `'=HYPERLINK("http://x.test")@example.test`;
    expect(rows).toEqual([
      [
        `${numbers.A}`,
        "2026-03-01 00:00:00",
        email,
        "placed",
        "cash_on_delivery",
        "20.00",
        "2.00",
        "5.00",
        "0.00",
        "27.00",
        "0.00",
        "",
      ],
      [
        `${numbers.B}`,
        "2026-03-02 10:00:00",
        email,
        "paid",
        "credit_card",
        "33.33",
        "3.33",
        "0.00",
        "3.67",
        "32.99",
        "0.00",
        "SPRING10",
      ],
      [
        `${numbers.C}`,
        "2026-03-02 23:59:59",
        email,
        "delivered",
        "credit_card",
        "17.50",
        "1.75",
        "5.00",
        "2.43",
        "21.82",
        "5.00",
        "SPRING10",
      ],
      [
        `${numbers.D}`,
        "2026-03-03 09:00:00",
        email,
        "cancelled",
        "credit_card",
        "66.66",
        "6.67",
        "0.00",
        "7.00",
        "66.33",
        "66.33",
        "WINTER5",
      ],
      [
        `${numbers.E}`,
        "2026-03-03 12:00:00",
        email,
        "pending_payment",
        "credit_card",
        "2.50",
        "0.25",
        "5.00",
        "0.00",
        "7.75",
        "0.00",
        "",
      ],
      [
        `${numbers.F}`,
        "2026-03-04 15:30:00",
        email,
        "returned",
        "cash_on_delivery",
        "10.00",
        "1.00",
        "5.00",
        "0.80",
        "15.20",
        "15.20",
        "WINTER5",
      ],
      [
        `${numbers.G}`,
        "2026-03-05 23:59:59",
        email,
        "processing",
        "credit_card",
        "10.00",
        "1.00",
        "5.00",
        "0.00",
        "16.00",
        "0.00",
        "",
      ],
    ]);
    // The email cell as written: quoted (it holds quotes), the formula turned to text.
    expect(body).toContain(`,"'=HYPERLINK(""http://x.test"")@example.test",`);
  });

  it("reads page by page, each order once, however the pages fall", async () => {
    const chunks: string[] = [];
    for await (const chunk of ordersCsvChunks(shop.ctx.db, salesRange(RANGE, shop.ctx.now()), 2))
      chunks.push(chunk);
    // The header, then pages of 2, 2, 2 and 1.
    expect(chunks).toHaveLength(5);
    const numbersInFile = csvRows(chunks.join(""))
      .slice(1)
      .map((row) => Number(row[0]));
    expect(numbersInFile).toEqual(["A", "B", "C", "D", "E", "F", "G"].map((name) => numbers[name]));
  });

  it("records the export in the audit log", async () => {
    await storefront.request(`/admin/orders.csv?from=2026-03-02&to=2026-03-02`, { cookie: manager.token });
    const entries = await shop.rows<{ actor_id: string; after: unknown }>(
      sql`SELECT actor_id, after FROM audit_log WHERE action = 'orders.export' AND entity_id = '2026-03-02..2026-03-02'`,
    );
    expect(entries).toEqual([
      { actor_id: manager.id, after: { from: "2026-03-02", to: "2026-03-02", format: "csv" } },
    ]);
  });

  it("answers a bad range with a 400 saying what to change, and a customer with the shop's 404", async () => {
    const bad = await storefront.request("/admin/orders.csv?from=2026-03-05&to=2026-03-01", {
      cookie: manager.token,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("to must be the same day as from or later");
    const notADay = await storefront.request("/admin/orders.csv?from=2026-13-01", { cookie: manager.token });
    expect(notADay.status).toBe(400);
    expect(await notADay.text()).toBe("from must be a date (YYYY-MM-DD) from 2000-01-01 to 2999-12-31");
    expect((await storefront.request("/admin/orders.csv", { cookie: customer.token })).status).toBe(404);
    expect((await storefront.request("/admin/orders.csv")).status).toBe(302);
  });
});
