import { sql } from "drizzle-orm";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";

/** A slide of the home page's banner carousel (table `banner_slides`). */
export interface BannerSlide {
  id: string;
  /** Slides show in ascending position; equal positions fall back to the id, so the order is stable. */
  position: number;
  /** What the image says: the headline and the line under it, read out as the image's alternative text. */
  title: string;
  subtitle: string;
  imageUrl: string;
  linkUrl: string;
  isEnabled: boolean;
}

interface BannerSlideRow {
  id: string;
  position: number;
  title: string;
  subtitle: string;
  image_url: string;
  link_url: string;
  is_enabled: boolean;
}

/** The slides the home page shows: the enabled ones, in position order. */
export async function listBannerSlides(ctx: Pick<CoreContext, "db">): Promise<BannerSlide[]> {
  const rows = await queryRows<BannerSlideRow>(
    ctx.db,
    sql`SELECT id, position, title, subtitle, image_url, link_url, is_enabled
        FROM banner_slides WHERE is_enabled ORDER BY position, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    title: row.title,
    subtitle: row.subtitle,
    imageUrl: row.image_url,
    linkUrl: row.link_url,
    isEnabled: row.is_enabled,
  }));
}

/** A slide's alternative text: "Summer Sale up to 60% off. Hundreds of styles, while stocks last." */
export function bannerAltText(slide: Pick<BannerSlide, "title" | "subtitle">): string {
  return slide.subtitle ? `${slide.title}. ${slide.subtitle}` : slide.title;
}

/**
 * Puts these slides in when the shop has none, in one statement, so two seeds at once write one set.
 * Only the demo seed calls it: a shop whose staff deleted every slide keeps none
 * (docs/decisions/042-taxonomy-and-banner-edits.md). Staff edits: core/storefront/banner-edits.ts.
 */
export async function addBannerSlidesIfNone(ctx: Pick<CoreContext, "db">, slides: readonly BannerSlide[]) {
  if (slides.length === 0) return;
  const values = slides.map(
    (s) =>
      sql`(${s.id}, ${s.position}::int, ${s.title}, ${s.subtitle}, ${s.imageUrl}, ${s.linkUrl}, ${s.isEnabled}::boolean)`,
  );
  await ctx.db.execute(sql`INSERT INTO banner_slides (id, position, title, subtitle, image_url, link_url, is_enabled)
    SELECT * FROM (VALUES ${sql.join(values, sql`, `)}) AS v
    WHERE NOT EXISTS (SELECT 1 FROM banner_slides)
    ON CONFLICT (id) DO NOTHING`);
}
