import type { Context } from "hono";
import { z } from "zod";
import {
  adminItemParams,
  bannerSlideCreateBody,
  bannerSlideRecord,
  bannerSlideUpdateBody,
  brandCreateBody,
  subcategoryCreateBody,
  taxonomyCreateBody,
  taxonomyRecord,
  taxonomyUpdateBody,
  underSubcategoryCreateBody,
} from "#contract/admin-taxonomy.ts";
import { errorResponse } from "#contract/catalog.ts";
import {
  createBrand,
  createCategory,
  createSubcategory,
  createUnderSubcategory,
  deleteTaxonomy,
  type TaxonomyKind,
  updateTaxonomy,
} from "#core/catalog/taxonomy-edits.ts";
import {
  createBannerSlide,
  deleteBannerSlide,
  listBannerSlidesForStaff,
  updateBannerSlide,
} from "#core/storefront/banner-edits.ts";
import { defineOperation, type Operation } from "./operation.ts";

// The staff's taxonomy and banner writes (docs/back-office/taxonomy.md#api): POST, PUT and DELETE on
// the public reads' own paths (/categories, /subcategories, /undersubcategories, /brands: server/api/catalog.ts),
// and /banner-slides. Access "manager"; core checks the role again and audits each write.

const staff = (c: Context) => c.get("staff");
const one = (schema: z.ZodType) => z.object({ data: schema });
const done = z.object({ status: z.literal("Success"), message: z.string() });
const base = { access: "manager", errorBody: errorResponse } as const;

interface Resource {
  kind: TaxonomyKind;
  path: string;
  /** "category", "under-subcategory": as summaries say it. */
  noun: string;
  create: Operation;
}

function taxonomyResource({ kind, path, noun, create }: Resource): Operation[] {
  return [
    create,
    defineOperation(
      {
        ...base,
        method: "put",
        path: `${path}/{id}`,
        summary: `Change a ${noun}'s name, slug or image`,
        description:
          "What is given changes. A new name is written into the search documents of the products that carry it at once.",
        params: adminItemParams,
        body: taxonomyUpdateBody,
        ok: { status: "200", description: `The ${noun} as it is now.`, schema: one(taxonomyRecord) },
        fails: {
          "404": `No ${noun} has this id.`,
          "409": "Another record has this slug (`errors` names `slug`).",
        },
      },
      async (c, { params, body }, { ctx }) =>
        c.json({ data: await updateTaxonomy(ctx, staff(c), kind, params.id, body) }),
    ),
    defineOperation(
      {
        ...base,
        method: "delete",
        path: `${path}/{id}`,
        summary: `Delete an unused ${noun}`,
        params: adminItemParams,
        ok: { status: "200", description: "Deleted.", schema: done },
        fails: {
          "404": `No ${noun} has this id.`,
          "409": `The ${noun} has products (or records under it): the message says how many.`,
        },
      },
      async (c, { params }, { ctx }) => {
        const gone = await deleteTaxonomy(ctx, staff(c), kind, params.id);
        return c.json({ status: "Success" as const, message: `The ${noun} '${gone.name}' is deleted.` });
      },
    ),
  ];
}

const created = (noun: string) => ({
  status: "201" as const,
  description: `The new ${noun}.`,
  schema: one(taxonomyRecord),
});
const slugConflict = { "409": "Another record has this slug (`errors` names `slug`)." };

export const taxonomyAdminOperations: Operation[] = [
  ...taxonomyResource({
    kind: "category",
    path: "/categories",
    noun: "category",
    create: defineOperation(
      {
        ...base,
        method: "post",
        path: "/categories",
        summary: "Create a category",
        body: taxonomyCreateBody,
        ok: created("category"),
        fails: slugConflict,
      },
      async (c, { body }, { ctx }) => c.json({ data: await createCategory(ctx, staff(c), body) }, 201),
    ),
  }),
  ...taxonomyResource({
    kind: "subcategory",
    path: "/subcategories",
    noun: "subcategory",
    create: defineOperation(
      {
        ...base,
        method: "post",
        path: "/subcategories",
        summary: "Create a subcategory of a category",
        body: subcategoryCreateBody,
        ok: created("subcategory"),
        fails: slugConflict,
      },
      async (c, { body }, { ctx }) => c.json({ data: await createSubcategory(ctx, staff(c), body) }, 201),
    ),
  }),
  ...taxonomyResource({
    kind: "under-subcategory",
    path: "/undersubcategories",
    noun: "under-subcategory",
    create: defineOperation(
      {
        ...base,
        method: "post",
        path: "/undersubcategories",
        summary: "Create an under-subcategory of a subcategory",
        body: underSubcategoryCreateBody,
        ok: created("under-subcategory"),
        fails: slugConflict,
      },
      async (c, { body }, { ctx }) =>
        c.json({ data: await createUnderSubcategory(ctx, staff(c), body) }, 201),
    ),
  }),
  ...taxonomyResource({
    kind: "brand",
    path: "/brands",
    noun: "brand",
    create: defineOperation(
      {
        ...base,
        method: "post",
        path: "/brands",
        summary: "Create a brand",
        body: brandCreateBody,
        ok: created("brand"),
        fails: slugConflict,
      },
      async (c, { body }, { ctx }) => c.json({ data: await createBrand(ctx, staff(c), body) }, 201),
    ),
  }),
  defineOperation(
    {
      ...base,
      method: "get",
      path: "/banner-slides",
      summary: "The home page's banner slides, shown or not, in order",
      ok: {
        status: "200",
        description: "Every slide.",
        schema: z.object({ results: z.number().int(), data: z.array(bannerSlideRecord) }),
      },
    },
    async (c, _input, { ctx }) => {
      const data = await listBannerSlidesForStaff(ctx, staff(c));
      return c.json({ results: data.length, data });
    },
  ),
  defineOperation(
    {
      ...base,
      method: "post",
      path: "/banner-slides",
      summary: "Add a banner slide (last unless a position is given)",
      body: bannerSlideCreateBody,
      ok: { status: "201", description: "The new slide.", schema: one(bannerSlideRecord) },
    },
    async (c, { body }, { ctx }) => c.json({ data: await createBannerSlide(ctx, staff(c), body) }, 201),
  ),
  defineOperation(
    {
      ...base,
      method: "put",
      path: "/banner-slides/{id}",
      summary: "Change, move, show or hide a banner slide",
      description: "What is given changes; `position` moves the slide (1 is first) and renumbers the others.",
      params: adminItemParams,
      body: bannerSlideUpdateBody,
      ok: { status: "200", description: "The slide as it is now.", schema: one(bannerSlideRecord) },
      fails: { "404": "No banner slide has this id." },
    },
    async (c, { params, body }, { ctx }) =>
      c.json({ data: await updateBannerSlide(ctx, staff(c), params.id, body) }),
  ),
  defineOperation(
    {
      ...base,
      method: "delete",
      path: "/banner-slides/{id}",
      summary: "Delete a banner slide",
      params: adminItemParams,
      ok: { status: "200", description: "Deleted.", schema: done },
      fails: { "404": "No banner slide has this id." },
    },
    async (c, { params }, { ctx }) => {
      await deleteBannerSlide(ctx, staff(c), params.id);
      return c.json({ status: "Success" as const, message: "The banner slide is deleted." });
    },
  ),
];
