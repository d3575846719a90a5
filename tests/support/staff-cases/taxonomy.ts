import type { StaffCase } from "../staff-matrix.ts";

// Categories, subcategories, under-subcategories, brands and banner slides (server/api/taxonomy-admin.ts):
// each write is sent a bad field, so the matrix changes nothing.

const ID = "0123456789abcdef01234567";
const id = () => ({ id: ID });

const taxonomy = (path: string, createBody: object, field: string): StaffCase[] => [
  { method: "POST", path, allowed: { status: 400, body: createBody, field } },
  {
    method: "PUT",
    path: `${path}/{id}`,
    params: id,
    allowed: { status: 400, body: { name: "" }, field: "name" },
  },
  // A malformed id: a 400 naming it, before anything is looked up.
  {
    method: "DELETE",
    path: `${path}/{id}`,
    params: () => ({ id: "x" }),
    allowed: { status: 400, body: undefined, field: "id" },
  },
];

export const STAFF_CASES: StaffCase[] = [
  ...taxonomy("/categories", { name: "Shoes", image: "not a url" }, "image"),
  ...taxonomy("/subcategories", { name: "Boots", image: "/images/x.webp", category: "nope" }, "category"),
  ...taxonomy(
    "/undersubcategories",
    { name: "Ankle", image: "/images/x.webp", subCategory: "x" },
    "subCategory",
  ),
  ...taxonomy("/brands", { name: "Acme", slug: "Not A Slug" }, "slug"),
  { method: "GET", path: "/banner-slides", allowed: { status: 200 } },
  {
    method: "POST",
    path: "/banner-slides",
    allowed: {
      status: 400,
      body: { title: "Sale", imageUrl: "/images/banners/1.webp", linkUrl: "javascript:alert(1)" },
      field: "linkUrl",
    },
  },
  {
    method: "PUT",
    path: "/banner-slides/{id}",
    params: id,
    allowed: { status: 400, body: { position: 0 }, field: "position" },
  },
  {
    method: "DELETE",
    path: "/banner-slides/{id}",
    params: () => ({ id: "x" }),
    allowed: { status: 400, body: undefined, field: "id" },
  },
];
