import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { refreshProductRatings } from "#core/catalog/ratings.ts";
import { newId } from "#db/ids.ts";
import { createCustomer, type TestCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";
import { stockedItem } from "../support/shopping.ts";
import { setUpStorefront } from "../support/storefront.ts";

// /admin/reviews as a browser without JavaScript uses it (docs/back-office/reviews.md): who may
// open and post to it, the Reported tab with the reports' reasons, a hide without a reason refused
// beside its field with nothing changed, and a hide and a restore that move the product's figures.
// Then the product page's side: its structured data, built on the server with the reviews, and the
// section's answer when the reviews cannot be read (docs/storefront/reviews-on-the-product-page.md).

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);
const FROM_OUR_PAGE = { origin: "http://localhost", "sec-fetch-site": "same-origin" };

/** The page's HTML without the comments React puts between adjacent pieces of text. */
const text = (html: string) => html.replaceAll("<!-- -->", "");

async function open(path: string, token?: string) {
  const res = await storefront.request(path, { cookie: token });
  return { status: res.status, html: text(await res.text()), location: res.headers.get("location") };
}

async function post(path: string, token: string, form: Record<string, string>) {
  const res = await storefront.request(path, { form, cookie: token, headers: FROM_OUR_PAGE });
  return { status: res.status, html: text(await res.text()) };
}

/** A product of this test alone, reviewed 5, 4 and 1 stars by three customers; the 1 is reported twice. */
async function reviewedProduct() {
  const item = await stockedItem(shop, { stock: 5, unreviewed: true });
  const reviews: { id: string; rating: number; title: string; author: TestCustomer }[] = [];
  for (const [rating, title, lastName] of [
    [5, "Lovely soft cotton", "Alaoui"],
    [4, "Good but a bit long", "Bennani"],
    [1, "Buy this at the market instead", "Chraibi"],
  ] as const) {
    const author = await createCustomer(shop, { firstName: "Salma", lastName });
    const id = newId();
    await shop.ctx.db.execute(sql`INSERT INTO product_reviews (id, product_id, customer_id, rating, title, text, fit)
      VALUES (${id}, ${item.productId}, ${author.id}, ${rating}, ${title}, 'Worn it for a month now.', 'true')`);
    reviews.push({ id, rating, title, author });
  }
  const spam = reviews[2]!;
  for (const reason of ["Advertises another shop", "Not about the product"]) {
    const reporter = await createCustomer(shop);
    await shop.ctx.db.execute(sql`INSERT INTO review_reports (review_id, customer_id, reason)
      VALUES (${spam.id}, ${reporter.id}, ${reason})`);
  }
  await shop.ctx.db.execute(sql`UPDATE product_reviews SET report_count = 2 WHERE id = ${spam.id}`);
  await refreshProductRatings(shop.ctx.db, item.productId);
  return { productId: item.productId, reviews, spam };
}

async function figures(productId: string) {
  const [row] = await shop.rows<{ average: number; quantity: number }>(
    sql`SELECT ratings_average::float8 AS average, ratings_quantity AS quantity FROM products WHERE id = ${productId}`,
  );
  return row!;
}

async function reviewState(reviewId: string) {
  const [row] = await shop.rows<{ hidden: boolean; reason: string | null }>(
    sql`SELECT hidden_at IS NOT NULL AS hidden, hidden_reason AS reason FROM product_reviews WHERE id = ${reviewId}`,
  );
  return row!;
}

const audited = async (reviewId: string) =>
  shop.rows<{ action: string }>(
    sql`SELECT action FROM audit_log WHERE entity = 'review' AND entity_id = ${reviewId} ORDER BY at, action`,
  );

describe("/admin/reviews", () => {
  it("is for managers and admins: a customer sees the shop's 404 and cannot post, a visitor is sent to log in", async () => {
    const { spam } = await reviewedProduct();
    const manager = await createCustomer(shop, { role: "manager" });
    const admin = await createCustomer(shop, { role: "admin" });
    const customer = await createCustomer(shop);
    expect((await open("/admin/reviews", manager.token)).status).toBe(200);
    expect((await open("/admin/reviews", admin.token)).status).toBe(200);
    // The back office does not announce itself to a customer (app/lib/staff.server.ts).
    expect((await open("/admin/reviews", customer.token)).status).toBe(404);
    const posted = await post("/admin/reviews", customer.token, {
      intent: "hide",
      id: spam.id,
      reason: "Spam",
    });
    expect(posted.status).toBe(404);
    expect(await reviewState(spam.id)).toEqual({ hidden: false, reason: null });
    const visitor = await open("/admin/reviews");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/auth/log-in");
  });

  it("lists the reported reviews with the reports' reasons, and opens the Hide form from a link", async () => {
    const { productId, reviews, spam } = await reviewedProduct();
    const manager = await createCustomer(shop, { role: "manager" });
    const reported = await open(`/admin/reviews?filter=reported&product=${productId}`, manager.token);
    expect(reported.status).toBe(200);
    expect(reported.html).toContain(spam.title);
    expect(reported.html).toContain("2 reports");
    expect(reported.html).toContain("Advertises another shop");
    expect(reported.html).toContain("Not about the product");
    expect(reported.html).toContain(spam.author.email);
    expect(reported.html).toContain("1 out of 5 stars");
    expect(reported.html).not.toContain(reviews[0]!.title);
    const all = await open(`/admin/reviews?product=${productId}`, manager.token);
    for (const review of reviews) expect(all.html).toContain(review.title);
    const form = await open(
      `/admin/reviews?filter=reported&product=${productId}&hide=${spam.id}`,
      manager.token,
    );
    expect(form.html).toContain(`Hide the review “${spam.title}” by Salma C.?`);
    expect(form.html).toContain('name="reason"');
    // A bad filter is named and left out: the page still lists the reviews.
    const bad = await open(`/admin/reviews?filter=spam&product=${productId}`, manager.token);
    expect(bad.status).toBe(200);
    expect(bad.html).toContain("filter must be one of: all, reported, hidden");
    expect(bad.html).toContain(reviews[0]!.title);
  });

  it("refuses a hide without a reason beside the field and changes nothing", async () => {
    const { productId, spam } = await reviewedProduct();
    const manager = await createCustomer(shop, { role: "manager" });
    const before = await figures(productId);
    const page = await post(`/admin/reviews?filter=reported&product=${productId}`, manager.token, {
      intent: "hide",
      id: spam.id,
      reason: "   ",
    });
    expect(page.status).toBe(400);
    expect(page.html).toContain("Reason is required to hide a review.");
    expect(page.html).toMatch(
      /<textarea[^>]*aria-invalid="true"[^>]*name="reason"|<textarea[^>]*name="reason"[^>]*aria-invalid="true"/,
    );
    expect(await reviewState(spam.id)).toEqual({ hidden: false, reason: null });
    expect(await figures(productId)).toEqual(before);
    expect(await audited(spam.id)).toEqual([]);
  });

  it("hides a review with its reason, out of the figures, and restores it", async () => {
    const { productId, spam } = await reviewedProduct();
    const manager = await createCustomer(shop, { role: "manager" });
    expect(await figures(productId)).toEqual({ average: 3.3, quantity: 3 });

    const hidden = await post(`/admin/reviews?filter=reported&product=${productId}`, manager.token, {
      intent: "hide",
      id: spam.id,
      reason: "Advertising",
    });
    expect(hidden.status).toBe(200);
    expect(hidden.html).toContain(`The review “${spam.title}” by Salma C. is hidden`);
    expect(await reviewState(spam.id)).toEqual({ hidden: true, reason: "Advertising" });
    expect(await figures(productId)).toEqual({ average: 4.5, quantity: 2 });
    // Off the Reported tab, on the Hidden one with its reason.
    expect(hidden.html).not.toContain("2 reports");
    // A stale Hide link to it opens no form: its row offers Restore.
    const hiddenTab = await open(
      `/admin/reviews?filter=hidden&product=${productId}&hide=${spam.id}`,
      manager.token,
    );
    expect(hiddenTab.html).toContain(spam.title);
    expect(hiddenTab.html).toContain("Advertising");
    expect(hiddenTab.html).toContain(">Restore<");
    expect(hiddenTab.html).not.toContain('name="reason"');

    const restored = await post(`/admin/reviews?filter=hidden&product=${productId}`, manager.token, {
      intent: "restore",
      id: spam.id,
    });
    expect(restored.status).toBe(200);
    expect(restored.html).toContain(`The review “${spam.title}” by Salma C. is visible again`);
    expect(await reviewState(spam.id)).toEqual({ hidden: false, reason: null });
    expect(await figures(productId)).toEqual({ average: 3.3, quantity: 3 });
    expect((await audited(spam.id)).map((row) => row.action).sort()).toEqual([
      "review.hide",
      "review.restore",
    ]);

    // The same restore again changes nothing and says so.
    const again = await post("/admin/reviews", manager.token, { intent: "restore", id: spam.id });
    expect(again.status).toBe(200);
    expect(again.html).toContain("was already visible.");
  });

  it("keeps a reported review visible: its reports are settled and it leaves the Reported tab", async () => {
    const { productId, spam } = await reviewedProduct();
    const manager = await createCustomer(shop, { role: "manager" });
    const reported = await open(`/admin/reviews?filter=reported&product=${productId}`, manager.token);
    expect(reported.html).toContain(">Keep<");
    const kept = await post(`/admin/reviews?filter=reported&product=${productId}`, manager.token, {
      intent: "keep",
      id: spam.id,
    });
    expect(kept.status).toBe(200);
    expect(kept.html).toContain(
      `The review “${spam.title}” by Salma C. stays visible; its reports are settled.`,
    );
    expect(kept.html).not.toContain("2 reports");
    expect(await reviewState(spam.id)).toEqual({ hidden: false, reason: null });
    expect(await figures(productId)).toEqual({ average: 3.3, quantity: 3 });
    expect((await audited(spam.id)).map((row) => row.action)).toEqual(["review.keep"]);
    // Settled once: keeping it again changes nothing.
    const again = await post("/admin/reviews", manager.token, { intent: "keep", id: spam.id });
    expect(again.html).toContain("was already visible.");
    expect(await audited(spam.id)).toHaveLength(1);
  });

  it("answers an unknown review or a malformed id in the page", async () => {
    const manager = await createCustomer(shop, { role: "manager" });
    const unknown = await post("/admin/reviews", manager.token, {
      intent: "restore",
      id: "f".repeat(24),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(`No review for this ID: ${"f".repeat(24)}.`);
    const malformed = await post("/admin/reviews", manager.token, { intent: "restore", id: "nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.html).toContain("id must be a 24-character id.");
  });
});

describe("the product page's reviews", () => {
  /** The page's JSON-LD blocks, by type. */
  const ld = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => {
        const block = JSON.parse(m[1]!) as { "@type": string } & Record<string, unknown>;
        return [block["@type"], block];
      }),
    );

  it("describes the product with its visible reviews, built on the server", async () => {
    const { productId, reviews } = await reviewedProduct();
    const page = await open(`/product/${productId}?reviewsPage=1`);
    expect(page.status).toBe(200);
    const { Product: product, BreadcrumbList: crumbs } = ld(page.html);
    expect(product).toMatchObject({ aggregateRating: { ratingValue: 3.3, reviewCount: 3 } });
    expect((product!.review as { name: string }[]).map((r) => r.name).sort()).toEqual(
      reviews.map((r) => r.title).sort(),
    );
    expect(crumbs).toBeDefined();
  });

  it("says the reviews could not be loaded, logs why, and still describes the product", async () => {
    const { productId } = await reviewedProduct();
    const logged: string[] = [];
    await shop.ctx.db.execute(sql`ALTER TABLE product_reviews RENAME TO product_reviews_away`);
    try {
      vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
        logged.push(String(chunk));
        return true;
      });
      const page = await open(`/product/${productId}?reviewsPage=1`);
      vi.mocked(process.stdout.write).mockRestore();
      expect(page.status).toBe(200);
      expect(page.html).toContain("We couldn&#x27;t load the reviews.");
      const { Product: product } = ld(page.html);
      // The stored figures, without review entries.
      expect(product).toMatchObject({ aggregateRating: { ratingValue: 3.3, reviewCount: 3 } });
      expect(product!.review).toBeUndefined();
      expect(logged.join("")).toContain("reading a product's reviews failed");
    } finally {
      await shop.ctx.db.execute(sql`ALTER TABLE product_reviews_away RENAME TO product_reviews`);
    }
  });
});
