import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { moveBannerSlide } from "#core/storefront/banner-edits.ts";
import { listBannerSlides } from "#core/storefront/banner-slides.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { setUpTestShop } from "../support/app.ts";

// GET, POST /banner-slides; PUT, DELETE /banner-slides/{id} (docs/back-office/taxonomy.md#banners),
// and what the home page then shows (core/storefront/banner-slides.ts: listBannerSlides).

const shop = setUpTestShop();
let manager: { id: string; email: string; token: string; role: "manager" };

beforeAll(async () => {
  manager = { ...(await createCustomer(shop, { role: "manager" })), role: "manager" };
});

const as = (method: string, path: string, body?: unknown) =>
  call(shop, method, path, { token: manager.token, body });

const staffList = async () =>
  (await as("GET", "/banner-slides")).body.data as {
    _id: string;
    title: string;
    position: number;
    isEnabled: boolean;
  }[];
const homeTitles = async () => (await listBannerSlides(shop.ctx)).map((s) => s.title);

const SLIDE = {
  title: "Winter Boots",
  subtitle: "Warm feet",
  imageUrl: "/images/banners/2.webp",
  linkUrl: "/search/?page=1",
};

describe("banner slides in the back office", () => {
  it("lists every slide in order, switched-off ones too", async () => {
    const [first] = await listBannerSlides(shop.ctx);
    await shop.ctx.db.execute(sql`UPDATE banner_slides SET is_enabled = false WHERE id = ${first!.id}`);
    const slides = await staffList();
    expect(slides).toHaveLength(11);
    expect(slides.map((s) => s.position)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
    expect(slides[0]).toMatchObject({ _id: first!.id, isEnabled: false });
    expect(await homeTitles()).toHaveLength(10);
    expect((await as("PUT", `/banner-slides/${first!.id}`, { isEnabled: true })).body.data.isEnabled).toBe(
      true,
    );
    expect(await homeTitles()).toHaveLength(11);
  });

  it("adds a slide last, or at the position given; the home page shows it there at once; audited", async () => {
    const last = await as("POST", "/banner-slides", SLIDE);
    expect(last.status).toBe(201);
    expect(last.body.data).toMatchObject({ ...SLIDE, position: 12, isEnabled: true });
    expect((await homeTitles()).at(-1)).toBe("Winter Boots");
    const first = await as("POST", "/banner-slides", { ...SLIDE, title: "Spring Coats", position: 1 });
    expect(first.body.data.position).toBe(1);
    expect((await homeTitles())[0]).toBe("Spring Coats");
    expect((await staffList()).map((s) => s.position)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    const audit = await shop.rows<{ action: string; actor_email: string; after: { title: string } }>(
      sql`SELECT action, actor_email, after FROM audit_log WHERE entity_id = ${first.body.data._id}`,
    );
    expect(audit).toEqual([
      {
        action: "banner-slide.create",
        actor_email: manager.email,
        after: expect.objectContaining({ title: "Spring Coats" }),
      },
    ]);
  });

  it("moves a slide by position and one step up or down; the home page follows", async () => {
    const before = await staffList();
    const third = before[2]!;
    const moved = await as("PUT", `/banner-slides/${third._id}`, { position: 1 });
    expect(moved.body.data.position).toBe(1);
    expect((await homeTitles()).slice(0, 3)).toEqual([third.title, before[0]!.title, before[1]!.title]);
    await moveBannerSlide(shop.ctx, manager, third._id, "down");
    expect((await homeTitles()).slice(0, 2)).toEqual([before[0]!.title, third.title]);
    await moveBannerSlide(shop.ctx, manager, third._id, "up");
    await moveBannerSlide(shop.ctx, manager, third._id, "up");
    expect((await homeTitles())[0]).toBe(third.title);
    // Past the end is last.
    await as("PUT", `/banner-slides/${third._id}`, { position: 999 });
    expect((await homeTitles()).at(-1)).toBe(third.title);
    const entries = await shop.rows<{
      action: string;
      before: { position: number };
      after: { position: number };
    }>(sql`SELECT action, before, after FROM audit_log WHERE entity_id = ${third._id} ORDER BY id`);
    expect(entries.map((e) => [e.action, e.before.position, e.after.position])[0]).toEqual([
      "banner-slide.update",
      3,
      1,
    ]);
  });

  it("changes the words, image and link of a slide", async () => {
    const [slide] = await staffList();
    const res = await as("PUT", `/banner-slides/${slide!._id}`, {
      title: "Big Sale",
      subtitle: "",
      imageUrl: "https://cdn.example/sale.webp",
      linkUrl: "https://example.com/sale?x=1",
    });
    expect(res.status).toBe(200);
    const [shown] = await listBannerSlides(shop.ctx);
    expect(shown).toMatchObject({
      title: "Big Sale",
      subtitle: "",
      imageUrl: "https://cdn.example/sale.webp",
      linkUrl: "https://example.com/sale?x=1",
    });
  });

  it.each([
    [{ ...SLIDE, title: undefined }, "title", "is required"],
    [{ ...SLIDE, title: " " }, "title", "is required"],
    [{ ...SLIDE, title: "x".repeat(201) }, "title", "must be at most 200 characters"],
    [{ ...SLIDE, subtitle: "x".repeat(201) }, "subtitle", "must be at most 200 characters"],
    [{ ...SLIDE, subtitle: 3 }, "subtitle", "must be text"],
    [{ ...SLIDE, imageUrl: undefined }, "imageUrl", "must be an image URL"],
    [
      { ...SLIDE, imageUrl: "data:image/png;base64,AAAA" },
      "imageUrl",
      "must be an absolute URL or a path starting with /",
    ],
    [
      { ...SLIDE, linkUrl: undefined },
      "linkUrl",
      "must be a path in the shop starting with / or an http(s) URL",
    ],
    [{ ...SLIDE, linkUrl: "" }, "linkUrl", "is required"],
    [
      { ...SLIDE, linkUrl: "javascript:alert(1)" },
      "linkUrl",
      "must be a path in the shop starting with / or an http(s) URL",
    ],
    [
      { ...SLIDE, linkUrl: "//evil.example/x" },
      "linkUrl",
      "must be a path in the shop starting with / or an http(s) URL",
    ],
    [
      { ...SLIDE, linkUrl: "/search /x" },
      "linkUrl",
      "must be a path in the shop starting with / or an http(s) URL",
    ],
    [
      { ...SLIDE, linkUrl: "ftp://example.com/x" },
      "linkUrl",
      "must be a path in the shop starting with / or an http(s) URL",
    ],
    [{ ...SLIDE, linkUrl: `/${"x".repeat(500)}` }, "linkUrl", "must be at most 500 characters"],
    [{ ...SLIDE, isEnabled: "yes" }, "isEnabled", "must be true or false"],
    [{ ...SLIDE, position: 0 }, "position", "must be 1 or more"],
    [{ ...SLIDE, position: 1.5 }, "position", "must be a whole number"],
    [{ ...SLIDE, position: "2" }, "position", "must be a whole number"],
    [{ ...SLIDE, position: 1001 }, "position", "must be at most 1000"],
  ])("refuses %j: 400 on %s, nothing changed", async (body, field, message) => {
    const before = await staffList();
    const created = await as("POST", "/banner-slides", body);
    expect(created.status).toBe(400);
    expect(created.body.errors).toContainEqual({ field, message });
    // A change sends the bad field alone (one left out is simply left as it is).
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined) {
      const changed = await as("PUT", `/banner-slides/${before[0]!._id}`, { [field]: value });
      expect(changed.status).toBe(400);
      expect(changed.body.errors).toContainEqual({ field, message });
    }
    expect(await staffList()).toEqual(before);
  });

  it("answers 404 for an unknown slide", async () => {
    for (const method of ["PUT", "DELETE"]) {
      const res = await as(
        method,
        "/banner-slides/0123456789abcdef01234567",
        method === "PUT" ? { title: "X" } : undefined,
      );
      expect([res.status, res.body.message]).toEqual([
        404,
        "No banner slide for this ID: 0123456789abcdef01234567.",
      ]);
    }
  });

  it("deletes slides, every one of them if staff wish: the home page then has none", async () => {
    const slides = await staffList();
    const res = await as("DELETE", `/banner-slides/${slides[1]!._id}`);
    expect(res.body).toEqual({ status: "Success", message: "The banner slide is deleted." });
    const left = await staffList();
    expect(left.map((s) => s._id)).toEqual(slides.filter((_, i) => i !== 1).map((s) => s._id));
    expect(left.map((s) => s.position)).toEqual(left.map((_, i) => i + 1));
    for (const s of left) expect((await as("DELETE", `/banner-slides/${s._id}`)).status).toBe(200);
    expect(await listBannerSlides(shop.ctx)).toEqual([]);
    const audit = await shop.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'banner-slide.delete'`,
    );
    expect(audit[0]!.n).toBe(slides.length);
  });
});
