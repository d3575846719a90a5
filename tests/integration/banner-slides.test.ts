import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addBannerSlidesIfNone, bannerAltText, listBannerSlides } from "#core/storefront/banner-slides.ts";
import { setUpTestShop } from "../support/app.ts";
import { setUpStorefront } from "../support/storefront.ts";

const shop = setUpTestShop();
const storefront = setUpStorefront(shop);

/** What the home page's banner said before its slides were data (demo/images/banner-art.ts). */
const DEMO_ALTS = [
  "New Season Arrivals. Fresh colours and easy shapes.",
  "Summer Sale up to 60% off. Hundreds of styles, while stocks last.",
  "Denim Days. Jeans, shorts and shirts in every wash.",
  "Sneaker Drop. Fresh pairs just landed. Limited sizes.",
  "The Outerwear Edit. Coats and jackets made for colder days.",
  "Kids Collection. Playful pieces built for running around.",
  "Free shipping over 100 USD. Fast delivery and free 30-day returns.",
  "Knitwear Weekend. Soft knits and scarves to wrap up in.",
  "Accessories. Bags, caps, belts and scarves.",
  "Sportswear. Breathable pieces that move with you.",
  "Weekend Deals. Extra 20% off selected styles.",
];

describe("banner slides", () => {
  it("are the demo shop's eleven banners in order, each linking to the whole catalogue", async () => {
    const slides = await listBannerSlides(shop.ctx);
    expect(slides.map(bannerAltText)).toEqual(DEMO_ALTS);
    expect(slides.map((s) => s.imageUrl)).toEqual(DEMO_ALTS.map((_, i) => `/images/banners/${i + 1}.webp`));
    expect(new Set(slides.map((s) => s.linkUrl))).toEqual(new Set(["/search/?page=1"]));
    expect(slides[1]).toMatchObject({
      title: "Summer Sale up to 60% off",
      subtitle: "Hundreds of styles, while stocks last.",
    });
  });

  it("are rendered on the home page in that order", async () => {
    const html = await (await storefront.request("/")).text();
    const carousel = html.slice(html.indexOf('aria-label="Offers and collections"'));
    const alts = [...carousel.matchAll(/<img[^>]* alt="([^"]*)"/g)]
      .map((m) => m[1])
      .slice(0, DEMO_ALTS.length);
    expect(alts).toEqual(DEMO_ALTS);
    expect(html).toContain('property="og:image" content="http://localhost/images/banners/1-1280.webp"');
  });

  it("leave out a switched-off slide and follow their positions", async () => {
    const [first, , third] = await listBannerSlides(shop.ctx);
    await shop.database.db.execute(sql`UPDATE banner_slides SET is_enabled = false WHERE id = ${first!.id}`);
    await shop.database.db.execute(sql`UPDATE banner_slides SET position = 0 WHERE id = ${third!.id}`);
    try {
      const slides = await listBannerSlides(shop.ctx);
      expect(slides.map(bannerAltText)).toEqual([DEMO_ALTS[2], DEMO_ALTS[1], ...DEMO_ALTS.slice(3)]);
    } finally {
      await shop.database.db.execute(
        sql`UPDATE banner_slides SET is_enabled = true, position = 1 WHERE id = ${first!.id}`,
      );
      await shop.database.db.execute(sql`UPDATE banner_slides SET position = 3 WHERE id = ${third!.id}`);
    }
  });

  it("are put in only when the shop has none", async () => {
    const extra = {
      id: "0123456789abcdef01234567",
      position: 99,
      title: "Extra",
      subtitle: "",
      imageUrl: "/images/banners/1.webp",
      linkUrl: "/",
      isEnabled: true,
    };
    await addBannerSlidesIfNone(shop.ctx, [extra]);
    expect(await listBannerSlides(shop.ctx)).toHaveLength(DEMO_ALTS.length);

    const before = await listBannerSlides(shop.ctx);
    await shop.database.db.execute(sql`DELETE FROM banner_slides`);
    try {
      await addBannerSlidesIfNone(shop.ctx, [extra]);
      const slides = await listBannerSlides(shop.ctx);
      expect(slides).toEqual([extra]);
      expect(bannerAltText(slides[0]!)).toBe("Extra");
    } finally {
      await shop.database.db.execute(sql`DELETE FROM banner_slides`);
      await addBannerSlidesIfNone(shop.ctx, before);
    }
  });
});
