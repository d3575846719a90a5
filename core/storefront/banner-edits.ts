import { sql } from "drizzle-orm";
import type {
  BannerSlideCreateBody,
  BannerSlideRecord,
  BannerSlideUpdateBody,
} from "#contract/admin-taxonomy.ts";
import { type Executor, queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import { recordAudit } from "../audit/audit-log.ts";
import type { CoreContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { iso } from "../shared/timestamps.ts";
import { requireRole, type Staff } from "../staff/roles.ts";

// The home page's banner slides as staff edit them (docs/back-office/taxonomy.md#banners): create,
// change, move, switch on and off, delete. Every write locks the table against other writers (the
// home page's reads go on), puts the slides back in positions 1…n, and is audited in the same
// transaction. Slides the storefront shows: core/storefront/banner-slides.ts.

interface Row {
  id: string;
  position: number;
  title: string;
  subtitle: string;
  image_url: string;
  link_url: string;
  is_enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const recordOf = (row: Row): BannerSlideRecord => ({
  _id: row.id,
  position: row.position,
  title: row.title,
  subtitle: row.subtitle,
  imageUrl: row.image_url,
  linkUrl: row.link_url,
  isEnabled: row.is_enabled,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const COLUMNS = sql`id, position, title, subtitle, image_url, link_url, is_enabled, created_at, updated_at`;

async function slidesInOrder(db: Pick<Executor, "execute">): Promise<BannerSlideRecord[]> {
  const rows = await queryRows<Row>(db, sql`SELECT ${COLUMNS} FROM banner_slides ORDER BY position, id`);
  return rows.map(recordOf);
}

/** Every slide, shown or not, in the order the home page shows them. */
export async function listBannerSlidesForStaff(
  ctx: Pick<CoreContext, "db">,
  actor: Staff,
): Promise<BannerSlideRecord[]> {
  requireRole(actor, "manager");
  return slidesInOrder(ctx.db);
}

/** One slide for its edit form. */
export async function getBannerSlide(
  ctx: Pick<CoreContext, "db">,
  actor: Staff,
  id: string,
): Promise<BannerSlideRecord> {
  requireRole(actor, "manager");
  const [row] = await queryRows<Row>(ctx.db, sql`SELECT ${COLUMNS} FROM banner_slides WHERE id = ${id}`);
  if (!row) throw notFound(`No banner slide for this ID: ${id}.`);
  return recordOf(row);
}

/**
 * Runs a change with the table locked against other writers (SHARE ROW EXCLUSIVE lets the home
 * page read on), so two staff moving slides at once take turns rather than interleave positions.
 */
async function lockedSlides<T>(
  ctx: Pick<CoreContext, "db">,
  change: (tx: Executor, slides: BannerSlideRecord[]) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE banner_slides IN SHARE ROW EXCLUSIVE MODE`);
    return change(tx, await slidesInOrder(tx));
  });
}

/** Numbers the slides 1…n in this order, writing only the positions that change. */
async function renumber(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`UPDATE banner_slides b SET position = v.position
    FROM unnest(${sql.param(ids)}::text[]) WITH ORDINALITY AS v(id, position)
    WHERE b.id = v.id AND b.position <> v.position`);
}

/** `ids` with `id` moved to 1-based `position` (past the end: last). */
function placed(ids: string[], id: string, position: number): string[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.min(Math.max(position, 1), rest.length + 1) - 1;
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

export async function createBannerSlide(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  body: BannerSlideCreateBody,
): Promise<BannerSlideRecord> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return lockedSlides(ctx, async (tx, slides) => {
    const id = newId();
    const at = now.toISOString();
    await tx.execute(sql`INSERT INTO banner_slides
        (id, position, title, subtitle, image_url, link_url, is_enabled, created_at, updated_at)
      VALUES (${id}, ${slides.length + 1}, ${body.title}, ${body.subtitle}, ${body.imageUrl}, ${body.linkUrl},
              ${body.isEnabled}, ${at}::timestamptz, ${at}::timestamptz)`);
    const ids = [...slides.map((s) => s._id), id];
    await renumber(tx, body.position ? placed(ids, id, body.position) : ids);
    const [after] = (await slidesInOrder(tx)).filter((s) => s._id === id);
    await recordAudit(tx, actor, {
      action: "banner-slide.create",
      entity: "banner-slide",
      entityId: id,
      before: null,
      after,
      at: now,
    });
    return after!;
  });
}

/** Changes what is given; `position` moves the slide (1 is first, past the end is last). */
export function updateBannerSlide(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  id: string,
  body: BannerSlideUpdateBody,
): Promise<BannerSlideRecord> {
  return changeSlide(ctx, actor, id, body, undefined);
}

/** One place up (towards the first) or down; the first going up or the last going down stays. */
export function moveBannerSlide(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  id: string,
  direction: "up" | "down",
): Promise<BannerSlideRecord> {
  return changeSlide(ctx, actor, id, {}, direction);
}

async function changeSlide(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  id: string,
  body: BannerSlideUpdateBody,
  step: "up" | "down" | undefined,
): Promise<BannerSlideRecord> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return lockedSlides(ctx, async (tx, slides) => {
    const before = slides.find((s) => s._id === id);
    if (!before) throw notFound(`No banner slide for this ID: ${id}.`);
    const next = {
      title: body.title ?? before.title,
      subtitle: body.subtitle ?? before.subtitle,
      imageUrl: body.imageUrl ?? before.imageUrl,
      linkUrl: body.linkUrl ?? before.linkUrl,
      isEnabled: body.isEnabled ?? before.isEnabled,
    };
    const ids = slides.map((s) => s._id);
    // Ranks, not stored positions: a slide moves past its neighbour however the positions were numbered.
    const rank = ids.indexOf(id) + 1;
    const position = step ? Math.max(1, rank + (step === "up" ? -1 : 1)) : body.position;
    const order = position ? placed(ids, id, position) : ids;
    const moved = order.indexOf(id) !== ids.indexOf(id);
    const edited = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== before[k]);
    if (!moved && !edited) return before;
    await tx.execute(sql`UPDATE banner_slides SET title = ${next.title}, subtitle = ${next.subtitle},
        image_url = ${next.imageUrl}, link_url = ${next.linkUrl}, is_enabled = ${next.isEnabled},
        updated_at = ${now.toISOString()}::timestamptz
      WHERE id = ${id}`);
    await renumber(tx, order);
    const [after] = (await slidesInOrder(tx)).filter((s) => s._id === id);
    await recordAudit(tx, actor, {
      action: "banner-slide.update",
      entity: "banner-slide",
      entityId: id,
      before,
      after,
      at: now,
    });
    return after!;
  });
}

/**
 * Deletes a slide for good. A shop may delete them all: the server's start no longer puts the demo
 * slides back (docs/decisions/042-taxonomy-and-banner-edits.md).
 */
export async function deleteBannerSlide(
  ctx: Pick<CoreContext, "db" | "now">,
  actor: Staff,
  id: string,
): Promise<BannerSlideRecord> {
  requireRole(actor, "manager");
  const now = ctx.now();
  return lockedSlides(ctx, async (tx, slides) => {
    const before = slides.find((s) => s._id === id);
    if (!before) throw notFound(`No banner slide for this ID: ${id}.`);
    await tx.execute(sql`DELETE FROM banner_slides WHERE id = ${id}`);
    await renumber(
      tx,
      slides.map((s) => s._id).filter((x) => x !== id),
    );
    await recordAudit(tx, actor, {
      action: "banner-slide.delete",
      entity: "banner-slide",
      entityId: id,
      before,
      after: null,
      at: now,
    });
    return before;
  });
}
