import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { errorResponse } from "#contract/catalog.ts";
import { type Review, reviewListResponse, reviewResponse } from "#contract/reviews.ts";
import { NOT_LOGGED_IN } from "#core/accounts/customers.ts";
import { moveOrder } from "#core/orders/order-workflow.ts";
import { NOT_A_BUYER } from "#core/reviews/review-rows.ts";
import { ALREADY_REVIEWED, REVIEW_LIMITS } from "#core/reviews/review-writes.ts";
import { staffReviews } from "#core/reviews/staff-reviews.ts";
import { newId } from "#db/ids.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import {
  call,
  createClock,
  createCustomer,
  expectContract,
  MINUTE,
  type TestCustomer,
} from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { placeCashOrder, type StockedItem, stockedItem } from "../support/shopping.ts";

// Reviews from verified buyers (docs/storefront/reviews.md): who may write one, the answers, the
// product's figures after every kind of write, moderation, reports, the rate limit and bad input.

const clock = createClock();
// The review limits count on the shop's clock, so a test can let an hour pass.
const shop = setUpTestShop({
  now: clock.now,
  accounts: { limiter: createMemoryRateLimiter(() => clock.now().getTime()) },
});

type Status = "placed" | "processing" | "shipped" | "delivered" | "returned" | "cancelled";

let phoneCounter = 0;
let staff: { kind: "staff"; staff: { id: string; email: string; role: "manager" } };
let managerToken: string;

beforeAll(async () => {
  const manager = await createCustomer(shop, { role: "manager" });
  staff = { kind: "staff", staff: { id: manager.id, email: manager.email, role: "manager" } };
  managerToken = manager.token;
});

/** A customer with a cash order of `item` moved on to `status` (by staff, through core's workflow). */
async function customerWithOrder(item: StockedItem, status: Status, names = {}): Promise<TestCustomer> {
  const phone = `+2126100${String(++phoneCounter).padStart(5, "0")}`;
  const customer = await createCustomer(shop, { phoneNumbers: [phone], ...names });
  const orderId = await placeCashOrder(shop, customer, [{ item, quantity: 1 }], { phone });
  const path: Status[] =
    status === "cancelled"
      ? ["cancelled"]
      : (["processing", "shipped", "delivered", "returned"] as const).slice(
          0,
          ["placed", "processing", "shipped", "delivered", "returned"].indexOf(status),
        );
  for (const to of path) {
    await moveOrder(shop.ctx, staff, orderId, { to, carrier: "DHL", trackingNumber: "JD0001" });
  }
  return customer;
}

const buyer = (item: StockedItem, names = {}) => customerWithOrder(item, "delivered", names);

const body = (rating: number, extra: Partial<Record<"title" | "text" | "fit", string>> = {}) => ({
  rating,
  title: "Soft and warm",
  text: "Washed it twice and it still looks new.",
  fit: "true",
  ...extra,
});

function post(customer: { token: string } | undefined, productId: string, payload: unknown) {
  return call(shop, "POST", `/products/${productId}/reviews`, { token: customer?.token, body: payload });
}

async function write(customer: TestCustomer, productId: string, rating: number): Promise<Review> {
  const res = await post(customer, productId, body(rating));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** The product's figures as the catalogue, the product page and the reviews list give them. */
async function figures(productId: string) {
  const detail = await call(shop, "GET", `/products/${productId}`);
  const list = await call(shop, "GET", `/products/${productId}/reviews`);
  expect(list.body.summary.ratingsAverage).toBe(detail.body.data.ratingsAverage);
  expect(list.body.summary.ratingsQuantity).toBe(detail.body.data.ratingsQuantity);
  return { average: detail.body.data.ratingsAverage, quantity: detail.body.data.ratingsQuantity };
}

async function reviewRows(productId: string) {
  return shop.rows<{ id: string; rating: number; title: string; text: string }>(
    sql`SELECT id, rating, title, text FROM product_reviews WHERE product_id = ${productId} ORDER BY id`,
  );
}

describe("POST /api/v1/products/{id}/reviews: who may review", () => {
  it("refuses a customer without an order of the product, or whose order has not reached them", async () => {
    const item = await stockedItem(shop, { stock: 20, unreviewed: true });
    const refused = [
      await createCustomer(shop),
      await customerWithOrder(item, "placed"),
      await customerWithOrder(item, "processing"),
      await customerWithOrder(item, "shipped"),
      await customerWithOrder(item, "cancelled"),
    ];
    for (const customer of refused) {
      const res = await post(customer, item.productId, body(5));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: "fail", message: NOT_A_BUYER });
      expect(res.body.message).toBe("Only customers who have received this product can review it.");
    }
    // An order of another product does not count either.
    const other = await stockedItem(shop, { stock: 5, unreviewed: true });
    const elsewhere = await buyer(other);
    expect((await post(elsewhere, item.productId, body(5))).status).toBe(403);
    expect(await reviewRows(item.productId)).toEqual([]);
  });

  it("lets a customer whose order was delivered, or delivered and returned, review it: 201 with the review", async () => {
    const item = await stockedItem(shop, { stock: 20, unreviewed: true });
    const delivered = await buyer(item, { firstName: "Maria", lastName: "silva" });
    const res = await post(delivered, item.productId, body(4, { fit: "small" }));
    expect(res.status).toBe(201);
    expectContract(reviewResponse, res.body);
    expect(res.body.data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      product: item.productId,
      rating: 4,
      title: "Soft and warm",
      text: "Washed it twice and it still looks new.",
      fit: "small",
      author: "Maria S.",
      verifiedBuyer: true,
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
      hidden: false,
    });
    const returned = await customerWithOrder(item, "returned");
    expect((await post(returned, item.productId, body(2))).status).toBe(201);
    expect((await reviewRows(item.productId)).map((r) => r.rating).sort()).toEqual([2, 4]);
  });

  it("answers 401 without a session and 404 for a product that does not exist", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const anonymous = await post(undefined, item.productId, body(5));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ status: "fail", message: NOT_LOGGED_IN });
    const customer = await buyer(item);
    const unknown = newId();
    for (const id of [unknown, "not-an-id"]) {
      const res = await post(customer, id, body(5));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: "fail", message: `No product for this ID: ${id}.` });
    }
  });
});

describe("one review per customer and product", () => {
  it("answers a second review with 409 and keeps the first", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const customer = await buyer(item);
    const first = await write(customer, item.productId, 5);
    const again = await post(customer, item.productId, body(1));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ status: "fail", message: ALREADY_REVIEWED });
    expectContract(errorResponse, again.body);
    expect(await reviewRows(item.productId)).toEqual([expect.objectContaining({ id: first._id, rating: 5 })]);
    expect(await figures(item.productId)).toEqual({ average: 5, quantity: 1 });
  });

  it("two reviews sent at once: one is written, the other is a 409", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const customer = await buyer(item);
    const answers = await Promise.all([
      post(customer, item.productId, body(5)),
      post(customer, item.productId, body(3)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const written = answers.find((a) => a.status === 201)!.body.data;
    expect(await reviewRows(item.productId)).toEqual([
      expect.objectContaining({ id: written._id, rating: written.rating }),
    ]);
    expect(await figures(item.productId)).toEqual({ average: written.rating, quantity: 1 });
  });

  it("after deleting their review, the customer may write a new one", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const customer = await buyer(item);
    const first = await write(customer, item.productId, 2);
    const deleted = await call(shop, "DELETE", `/reviews/${first._id}`, { token: customer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: "Success", message: "Your review is deleted." });
    expect((await post(customer, item.productId, body(4))).status).toBe(201);
  });
});

describe("PUT and DELETE /api/v1/reviews/{id}: the author's own", () => {
  it("lets the author edit: 200 with the review as it is now", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const customer = await buyer(item);
    const review = await write(customer, item.productId, 3);
    clock.advance(5 * MINUTE);
    const res = await call(shop, "PUT", `/reviews/${review._id}`, {
      token: customer.token,
      body: body(5, { title: "Better after a wash", fit: "large" }),
    });
    expect(res.status).toBe(200);
    expectContract(reviewResponse, res.body);
    expect(res.body.data).toEqual({
      ...review,
      rating: 5,
      title: "Better after a wash",
      fit: "large",
      updatedAt: clock.now().toISOString(),
    });
  });

  it("answers another customer's edit or delete with 404, exactly as an unknown id, and changes nothing", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const author = await buyer(item);
    const review = await write(author, item.productId, 4);
    const intruder = await buyer(item);
    const unknown = newId();
    for (const method of ["PUT", "DELETE"]) {
      for (const id of [review._id, unknown]) {
        const res = await call(shop, method, `/reviews/${id}`, { token: intruder.token, body: body(1) });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: "fail", message: `No review for this ID: ${id}.` });
      }
      const malformed = await call(shop, method, "/reviews/x", { token: intruder.token, body: body(1) });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors.map((e: { field: string }) => e.field)).toEqual(["id"]);
    }
    expect(await reviewRows(item.productId)).toEqual([
      expect.objectContaining({ id: review._id, rating: 4 }),
    ]);
    for (const method of ["PUT", "DELETE"]) {
      const anonymous = await call(shop, method, `/reviews/${review._id}`, { body: body(1) });
      expect([anonymous.status, anonymous.body.message]).toEqual([401, NOT_LOGGED_IN]);
    }
  });
});

describe("the product's figures come from its visible reviews", () => {
  it("are the hand-computed average (one decimal) and count after each write, edit, delete, hide and restore", async () => {
    const item = await stockedItem(shop, { stock: 20, unreviewed: true });
    const [a, b, c] = [await buyer(item), await buyer(item), await buyer(item)];
    // Whatever the test catalogue gave the product, from the first review on the reviews decide.
    const ra = await write(a, item.productId, 5);
    expect(await figures(item.productId)).toEqual({ average: 5, quantity: 1 });
    const rb = await write(b, item.productId, 2);
    expect(await figures(item.productId)).toEqual({ average: 3.5, quantity: 2 });
    await write(c, item.productId, 4);
    // 11 / 3 = 3.67
    expect(await figures(item.productId)).toEqual({ average: 3.7, quantity: 3 });

    await call(shop, "PUT", `/reviews/${rb._id}`, { token: b.token, body: body(3) });
    // 12 / 3
    expect(await figures(item.productId)).toEqual({ average: 4, quantity: 3 });

    const hide = await call(shop, "PATCH", `/reviews/${ra._id}`, {
      token: managerToken,
      body: { hidden: true, reason: "Mentions another shop." },
    });
    expect(hide.status).toBe(200);
    // 7 / 2: the hidden 5 no longer counts.
    expect(await figures(item.productId)).toEqual({ average: 3.5, quantity: 2 });
    await call(shop, "PATCH", `/reviews/${ra._id}`, { token: managerToken, body: { hidden: false } });
    expect(await figures(item.productId)).toEqual({ average: 4, quantity: 3 });

    await call(shop, "DELETE", `/reviews/${rb._id}`, { token: b.token });
    // 9 / 2
    expect(await figures(item.productId)).toEqual({ average: 4.5, quantity: 2 });
    const list = await call(shop, "GET", `/products/${item.productId}/reviews`);
    expect(list.body.summary).toEqual({
      ratingsAverage: 4.5,
      ratingsQuantity: 2,
      histogram: { 5: 1, 4: 1, 3: 0, 2: 0, 1: 0 },
      fit: { small: 0, true: 2, large: 0 },
    });
  });

  it("are what the product lists filter and sort on, in the plain list and in a text search", async () => {
    const item = await stockedItem(shop, { stock: 20, unreviewed: true });
    const word = item.title
      .split(/\W+/)
      .find((w) => w.length > 3)!
      .toLowerCase();
    const [a, b] = [await buyer(item), await buyer(item)];
    const ra = await write(a, item.productId, 5);
    await write(b, item.productId, 4);
    // 4.5: in `ratingsAverage[gte]=4.5`, in a text search with it, and placed by it in the sort.
    const ids = async (query: string) => {
      const found: { _id: string; ratingsAverage: number }[] = [];
      for (let page = 1; ; page++) {
        const res = await call(
          shop,
          "GET",
          `/products?${query}&limit=100&page=${page}&fields=_id,ratingsAverage`,
        );
        expect(res.status).toBe(200);
        found.push(...res.body.data);
        if (!res.body.paginationResults.nextPage) return found;
      }
    };
    expect((await ids("ratingsAverage[gte]=4.5")).map((p) => p._id)).toContain(item.productId);
    expect((await ids(`search=${word}&ratingsAverage[gte]=4.5`)).map((p) => p._id)).toContain(item.productId);
    const sorted = await ids("sort=-ratingsAverage");
    const at = sorted.findIndex((p) => p._id === item.productId);
    expect(sorted[at]!.ratingsAverage).toBe(4.5);
    expect(sorted.slice(0, at).every((p) => p.ratingsAverage >= 4.5)).toBe(true);
    expect(sorted.slice(at + 1).every((p) => p.ratingsAverage <= 4.5)).toBe(true);

    // Hiding the 5 leaves 4.0: the product leaves both filtered lists.
    await call(shop, "PATCH", `/reviews/${ra._id}`, {
      token: managerToken,
      body: { hidden: true, reason: "Spam" },
    });
    expect((await ids("ratingsAverage[gte]=4.5")).map((p) => p._id)).not.toContain(item.productId);
    expect((await ids(`search=${word}&ratingsAverage[gte]=4.5`)).map((p) => p._id)).not.toContain(
      item.productId,
    );
    expect((await ids(`search=${word}&ratingsAverage[gte]=4`)).map((p) => p._id)).toContain(item.productId);
  });
});

describe("PATCH /api/v1/reviews/{id}: staff hide and restore", () => {
  it("hides with a reason: gone from the list and the figures, still the author's with hidden: true, audited once", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const [author, other] = [await buyer(item), await buyer(item)];
    const review = await write(author, item.productId, 1);
    await write(other, item.productId, 5);
    const hide = { hidden: true, reason: "  Abusive language.  " };
    const res = await call(shop, "PATCH", `/reviews/${review._id}`, { token: managerToken, body: hide });
    expect(res.status).toBe(200);
    expectContract(reviewResponse, res.body);
    expect(res.body.data).toMatchObject({ _id: review._id, hidden: true });
    // The same request again: the same answer, nothing changed, no second audit entry.
    const again = await call(shop, "PATCH", `/reviews/${review._id}`, { token: managerToken, body: hide });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const audit = await shop.rows<{ action: string; entity_id: string; after: unknown }>(
      sql`SELECT action, entity_id, after FROM audit_log WHERE entity = 'review' AND entity_id = ${review._id}`,
    );
    expect(audit).toEqual([
      { action: "review.hide", entity_id: review._id, after: { hidden: true, reason: "Abusive language." } },
    ]);

    const visitor = await call(shop, "GET", `/products/${item.productId}/reviews`);
    expect(visitor.body.data.map((r: Review) => r._id)).not.toContain(review._id);
    expect(visitor.body.data.every((r: Review) => r.hidden === undefined)).toBe(true);
    expect(visitor.body.mine).toBeNull();
    expect(visitor.body.summary.ratingsQuantity).toBe(1);
    expect(visitor.body.paginationResults.numberOfPages).toBe(1);
    const own = await call(shop, "GET", `/products/${item.productId}/reviews`, { token: author.token });
    expect(own.body.mine).toMatchObject({ _id: review._id, hidden: true, rating: 1 });
    const theirs = await call(shop, "GET", `/products/${item.productId}/reviews`, { token: other.token });
    expect(theirs.body.mine).toMatchObject({ hidden: false, rating: 5 });

    const staffList = await staffReviews(shop.ctx, staff.staff, { page: 1, limit: 10, filter: "hidden" });
    expect(staffList.reviews.find((r) => r._id === review._id)).toMatchObject({
      hidden: true,
      hiddenReason: "Abusive language.",
    });

    const restore = await call(shop, "PATCH", `/reviews/${review._id}`, {
      token: managerToken,
      body: { hidden: false },
    });
    expect(restore.body.data.hidden).toBe(false);
    const after = await call(shop, "GET", `/products/${item.productId}/reviews`);
    expect(after.body.data.map((r: Review) => r._id)).toContain(review._id);
    expect(
      (
        await shop.rows<{ action: string }>(
          sql`SELECT action FROM audit_log WHERE entity_id = ${review._id} ORDER BY id`,
        )
      ).map((r) => r.action),
    ).toEqual(["review.hide", "review.restore"]);
  });

  it("refuses to hide without a reason (400 naming it), an unknown review (404) and a customer (403)", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const author = await buyer(item);
    const review = await write(author, item.productId, 3);
    for (const payload of [{ hidden: true }, { hidden: true, reason: "   " }]) {
      const res = await call(shop, "PATCH", `/reviews/${review._id}`, { token: managerToken, body: payload });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: "fail",
        message: "Reason is required to hide a review.",
        errors: [{ field: "reason", message: "Reason is required to hide a review." }],
      });
    }
    const notBoolean = await call(shop, "PATCH", `/reviews/${review._id}`, {
      token: managerToken,
      body: { hidden: "yes", reason: "x" },
    });
    expect([notBoolean.status, notBoolean.body.errors[0].field]).toEqual([400, "hidden"]);
    const unknown = newId();
    const missing = await call(shop, "PATCH", `/reviews/${unknown}`, {
      token: managerToken,
      body: { hidden: true, reason: "Spam" },
    });
    expect([missing.status, missing.body.message]).toEqual([404, `No review for this ID: ${unknown}.`]);
    const customer = await call(shop, "PATCH", `/reviews/${review._id}`, {
      token: author.token,
      body: { hidden: true, reason: "Spam" },
    });
    expect(customer.status).toBe(403);
    const [row] = await shop.rows<{ hidden_at: unknown }>(
      sql`SELECT hidden_at FROM product_reviews WHERE id = ${review._id}`,
    );
    expect(row!.hidden_at).toBeNull();
  });
});

describe("POST /api/v1/reviews/{id}/reports", () => {
  it("counts a customer's report once, refuses one's own review and a hidden one", async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const author = await buyer(item);
    const review = await write(author, item.productId, 2);
    const reader = await createCustomer(shop);
    const path = `/reviews/${review._id}/reports`;
    const first = await call(shop, "POST", path, { token: reader.token, body: { reason: "Off-topic." } });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      status: "Success",
      message: "Thank you. The review is reported to the shop's staff.",
    });
    const again = await call(shop, "POST", path, {
      token: reader.token,
      body: { reason: "Still off-topic." },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "Success", message: "You have reported this review already." });
    const second = await createCustomer(shop);
    expect((await call(shop, "POST", path, { token: second.token, body: { reason: "Rude." } })).status).toBe(
      201,
    );
    const [row] = await shop.rows<{ report_count: number }>(
      sql`SELECT report_count FROM product_reviews WHERE id = ${review._id}`,
    );
    expect(row!.report_count).toBe(2);
    const reported = await staffReviews(shop.ctx, staff.staff, { page: 1, limit: 50, filter: "reported" });
    expect(reported.reviews.find((r) => r._id === review._id)).toMatchObject({
      reportCount: 2,
      reports: expect.arrayContaining([expect.objectContaining({ reason: "Off-topic." })]),
    });

    const own = await call(shop, "POST", path, { token: author.token, body: { reason: "Mine." } });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe("You cannot report your own review.");
    const noReason = await call(shop, "POST", path, { token: second.token, body: { reason: " " } });
    expect([noReason.status, noReason.body.errors[0]]).toEqual([
      400,
      { field: "reason", message: "Reason is required." },
    ]);
    const anonymous = await call(shop, "POST", path, { body: { reason: "Spam." } });
    expect(anonymous.status).toBe(401);

    await call(shop, "PATCH", `/reviews/${review._id}`, {
      token: managerToken,
      body: { hidden: true, reason: "Reported twice." },
    });
    const third = await createCustomer(shop);
    const hidden = await call(shop, "POST", path, { token: third.token, body: { reason: "Spam." } });
    expect([hidden.status, hidden.body.message]).toEqual([404, `No review for this ID: ${review._id}.`]);
  });
});

describe("the rate limit on review writes", () => {
  it(`refuses the customer's write after ${REVIEW_LIMITS.writesPerCustomer.limit} in an hour with 429 and says when to try again`, async () => {
    const item = await stockedItem(shop, { stock: 5, unreviewed: true });
    const customer = await buyer(item);
    const review = await write(customer, item.productId, 3);
    for (let i = 1; i < REVIEW_LIMITS.writesPerCustomer.limit; i++) {
      const res = await call(shop, "PUT", `/reviews/${review._id}`, {
        token: customer.token,
        body: body(1 + (i % 5)),
      });
      expect(res.status).toBe(200);
    }
    const refused = await call(shop, "PUT", `/reviews/${review._id}`, {
      token: customer.token,
      body: body(5),
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      status: "fail",
      message: "Too many review changes. Please try again in an hour.",
    });
    const [row] = await reviewRows(item.productId);
    expect(row!.rating).toBe(1 + ((REVIEW_LIMITS.writesPerCustomer.limit - 1) % 5));
    // Another customer is not held back by it.
    const other = await buyer(item);
    expect((await post(other, item.productId, body(4))).status).toBe(201);
    clock.advance(61 * MINUTE);
    expect(
      (await call(shop, "PUT", `/reviews/${review._id}`, { token: customer.token, body: body(5) })).status,
    ).toBe(200);
  });
});

describe("bad input on every field", () => {
  let item: StockedItem;
  let customer: TestCustomer;
  beforeAll(async () => {
    item = await stockedItem(shop, { stock: 5, unreviewed: true });
    customer = await buyer(item);
  });

  const TITLE_SHORT = "Title should be at least 3 characters.";
  const RATING = "Rating must be a whole number of stars from 1 to 5.";
  const cases: [name: string, payload: Record<string, unknown>, field: string, message: string][] = [
    ["rating 0", { rating: 0 }, "rating", RATING],
    ["rating 6", { rating: 6 }, "rating", RATING],
    ["rating 2.5", { rating: 2.5 }, "rating", RATING],
    ["rating 'x'", { rating: "x" }, "rating", RATING],
    ["rating missing", { rating: undefined }, "rating", RATING],
    ["title too short", { title: "ab" }, "title", TITLE_SHORT],
    ["title only markup", { title: "<b></b>" }, "title", "Title is required."],
    ["title too long", { title: "a".repeat(101) }, "title", "Title should be at most 100 characters."],
    ["title missing", { title: undefined }, "title", "Title is required."],
    ["title not text", { title: 42 }, "title", "Title is required."],
    ["text too short", { text: "Too short" }, "text", "Review should be at least 10 characters."],
    ["text too long", { text: "a".repeat(2001) }, "text", "Review should be at most 2000 characters."],
    ["text missing", { text: undefined }, "text", "Review is required."],
    ["fit unknown", { fit: "tight" }, "fit", "Fit must be one of: small, true, large."],
    ["fit missing", { fit: undefined }, "fit", "Fit must be one of: small, true, large."],
    [
      "a NUL character",
      { title: "Nice\u0000one" },
      "title",
      "title contains a character that is not allowed.",
    ],
  ];

  it.each(cases)("%s → 400 naming the field, nothing written", async (_name, change, field, message) => {
    const payload = { ...body(4), ...change };
    for (const key of Object.keys(change)) if (change[key] === undefined) delete (payload as any)[key];
    for (const method of ["POST", "PUT"] as const) {
      const res =
        method === "POST"
          ? await post(customer, item.productId, payload)
          : await call(shop, "PUT", `/reviews/${newId()}`, { token: customer.token, body: payload });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({ field, message });
      expectContract(errorResponse, res.body);
    }
    expect(await reviewRows(item.productId)).toEqual([]);
  });

  it("names every wrong field at once", async () => {
    const res = await post(customer, item.productId, { rating: 9, title: "", text: "", fit: "" });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([
      "rating",
      "title",
      "text",
      "fit",
    ]);
  });

  it("stores plain text: markup is taken out before the lengths are checked, a rating may come as text", async () => {
    const res = await post(customer, item.productId, {
      rating: "4",
      title: "  <b>Great</b> fit  ",
      text: '<script>alert("x")</script>Soft <i>cotton</i>, <a href="javascript:x">true</a> to size. 3 < 4 > 2',
      fit: "true",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      rating: 4,
      title: "Great fit",
      text: "Soft cotton , true to size. 3 4 2",
    });
    expect(await reviewRows(item.productId)).toEqual([
      expect.objectContaining({ title: "Great fit", text: "Soft cotton , true to size. 3 4 2" }),
    ]);
  });
});

describe("GET /api/v1/products/{id}/reviews", () => {
  let item: StockedItem;
  let reviewers: TestCustomer[];
  /** The reviews by when they were written (a minute apart), with their ratings. */
  const written: Review[] = [];
  const RATINGS = [3, 5, 1, 5, 4, 2, 4];

  beforeAll(async () => {
    item = await stockedItem(shop, { stock: 20, unreviewed: true });
    reviewers = [];
    for (const rating of RATINGS) {
      const customer = await buyer(item);
      reviewers.push(customer);
      clock.advance(MINUTE);
      written.push(await write(customer, item.productId, rating));
    }
  });

  const ids = (reviews: Review[]) => reviews.map((r) => r._id);
  async function page(query: string, token?: string) {
    const res = await call(shop, "GET", `/products/${item.productId}/reviews${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract(reviewListResponse, res.body);
    return res.body;
  }

  it("lists the newest first, 5 to a page, for anyone", async () => {
    const first = await page("");
    const newest = [...written].reverse();
    expect(ids(first.data)).toEqual(ids(newest.slice(0, 5)));
    expect(first.results).toBe(5);
    expect(first.paginationResults).toEqual({ currentPage: 1, limit: 5, numberOfPages: 2, nextPage: 2 });
    expect(first.mine).toBeNull();
    expect(first.data[0]).toEqual({ ...newest[0], hidden: undefined });
    expect("hidden" in first.data[0]).toBe(false);
    const second = await page("?page=2");
    expect(ids(second.data)).toEqual(ids(newest.slice(5)));
    expect(second.paginationResults).toEqual({ currentPage: 2, limit: 5, numberOfPages: 2, prevPage: 1 });
    const beyond = await page("?page=3");
    expect(beyond.data).toEqual([]);
  });

  it("sorts by highest and lowest rating, the newest first among equal ratings (the oldest for lowest)", async () => {
    const byRating = (direction: 1 | -1) =>
      written
        .map((r, i) => ({ r, i }))
        .sort((x, y) => direction * (x.r.rating - y.r.rating) || direction * (x.i - y.i))
        .map((x) => x.r._id);
    expect(ids((await page("?sort=highest&limit=50")).data)).toEqual(byRating(-1));
    expect(ids((await page("?sort=lowest&limit=50")).data)).toEqual(byRating(1));
    expect(ids((await page("?sort=highest&limit=2&page=2")).data)).toEqual(byRating(-1).slice(2, 4));
  });

  it("fills `mine` with the signed-in customer's own review, wherever it falls", async () => {
    const oldest = await page("", reviewers[0]!.token);
    expect(oldest.mine).toEqual({ ...written[0], hidden: false });
    expect(ids(oldest.data)).not.toContain(written[0]!._id);
    const stranger = await createCustomer(shop);
    expect((await page("", stranger.token)).mine).toBeNull();
  });

  it("refuses a bad query naming the parameter, and answers 404 for no product", async () => {
    for (const [query, field] of [
      ["?sort=best", "sort"],
      ["?limit=51", "limit"],
      ["?limit=0", "limit"],
      ["?page=0", "page"],
      ["?page=x", "page"],
    ]) {
      const res = await call(shop, "GET", `/products/${item.productId}/reviews${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const unknown = newId();
    const missing = await call(shop, "GET", `/products/${unknown}/reviews`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: "fail", message: `No product for this ID: ${unknown}.` });
  });
});
