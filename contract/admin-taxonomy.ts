import { z } from "zod";
import { taxonomyItem } from "./catalog.ts";
import { catalogueBrand } from "./catalogue-file.ts";
import { ID_PATTERN } from "./query.ts";

// The back office's taxonomy and banner payloads (docs/back-office/taxonomy.md). A name, slug and
// image are checked by the catalogue import's own schemas, so a record the back office accepts is
// one the import accepts, with the import's messages field by field ("is required", "must be a
// slug …"); forms show them under the field's label.

const { name: taxonomyName, slug: taxonomySlug, image: taxonomyImage } = catalogueBrand.shape;

/**
 * A slug made from a name as the demo catalogue makes its own (demo/generate.ts `slugify`): lower
 * case, `&` read as "and", accents dropped, every other run of characters a hyphen. A name with no
 * letter or digit gives "", which the slug schema refuses, so staff are asked to type one.
 */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");
}

const idOf = (field: string) =>
  z.string({ message: `${field} must be a 24-character id` }).regex(ID_PATTERN, {
    message: `${field} must be a 24-character id`,
  });

/** `/categories/{id}`, `/brands/{id}`, `/banner-slides/{id}` … */
export const adminItemParams = z.object({ id: idOf("id") });

/** POST /categories and /brands: the slug is made from the name when left out. */
export const taxonomyCreateBody = z.object({
  name: taxonomyName,
  slug: taxonomySlug.optional().describe("Made from the name when left out; unique."),
  image: taxonomyImage,
});
export type TaxonomyCreateBody = z.infer<typeof taxonomyCreateBody>;

/** POST /brands: a brand without an image gets the generated logo of its slug (/images/brands/{slug}.webp). */
export const brandCreateBody = taxonomyCreateBody.extend({
  image: taxonomyImage.optional().describe("The generated logo of the slug when left out."),
});

/** POST /subcategories: under a category. */
export const subcategoryCreateBody = taxonomyCreateBody.extend({ category: idOf("category") });
export type SubcategoryCreateBody = z.infer<typeof subcategoryCreateBody>;

/** POST /undersubcategories: under a subcategory. */
export const underSubcategoryCreateBody = taxonomyCreateBody.extend({ subCategory: idOf("subCategory") });
export type UnderSubcategoryCreateBody = z.infer<typeof underSubcategoryCreateBody>;

/** PUT /categories/{id} and the others: what is given changes, what is left out stays. */
export const taxonomyUpdateBody = z.object({
  name: taxonomyName.optional(),
  slug: taxonomySlug.optional(),
  image: taxonomyImage.optional(),
});
export type TaxonomyUpdateBody = z.infer<typeof taxonomyUpdateBody>;

/** A taxonomy record as the staff API answers it: the public read's shape. */
export const taxonomyRecord = taxonomyItem;

// Banner slides (table banner_slides, docs/decisions/029-demo-room-and-banner-data.md).

export const LINK_MESSAGE = "must be a path in the shop starting with / or an http(s) URL";

/** A path of this shop (`/search/?page=1`; not `//host`, which leaves it) or an http(s) URL. */
export function isBannerLink(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

const bannerLink = z
  .string({ message: LINK_MESSAGE })
  .trim()
  .min(1, { message: "is required" })
  .max(500, { message: "must be at most 500 characters" })
  .refine(isBannerLink, { message: LINK_MESSAGE });
const subtitle = z
  .string({ message: "must be text" })
  .trim()
  .max(200, { message: "must be at most 200 characters" });
const isEnabled = z.boolean({ message: "must be true or false" });
/** Where the slide goes: 1 is first; past the end is last. */
export const MAX_BANNER_POSITION = 1000;
const position = z
  .number({ message: "must be a whole number" })
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be 1 or more" })
  .max(MAX_BANNER_POSITION, { message: `must be at most ${MAX_BANNER_POSITION}` });

/** POST /banner-slides: a new slide, last unless a position is given, shown unless switched off. */
export const bannerSlideCreateBody = z.object({
  title: taxonomyName.describe("What the image says; with the subtitle, the image's alternative text."),
  subtitle: subtitle.default(""),
  imageUrl: taxonomyImage,
  linkUrl: bannerLink,
  isEnabled: isEnabled.default(true),
  position: position.optional(),
});
export type BannerSlideCreateBody = z.infer<typeof bannerSlideCreateBody>;

/** PUT /banner-slides/{id}: what is given changes; `position` moves the slide (1 is first). */
export const bannerSlideUpdateBody = z.object({
  title: taxonomyName.optional(),
  subtitle: subtitle.optional(),
  imageUrl: taxonomyImage.optional(),
  linkUrl: bannerLink.optional(),
  isEnabled: isEnabled.optional(),
  position: position.optional(),
});
export type BannerSlideUpdateBody = z.infer<typeof bannerSlideUpdateBody>;

export const bannerSlideRecord = z.object({
  _id: z.string(),
  position: z.number().int().describe("1 is shown first; enabled or not, slides are numbered 1…n"),
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string().describe("As stored: a path of the shop or an absolute URL"),
  linkUrl: z.string(),
  isEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BannerSlideRecord = z.infer<typeof bannerSlideRecord>;
