import { expect, test } from "./fixtures.ts";
import { api } from "./support.ts";

test("robots.txt allows the shop, keeps crawlers out of private pages and names the sitemap", async ({
  request,
}) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  const body = await res.text();
  expect(body).toContain("User-agent: *");
  for (const path of ["/api/", "/auth/", "/customer/"]) expect(body).toContain(`Disallow: ${path}`);
  expect(body).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
});

test("the sitemap index lists listings and every product, split into files", async ({ request }) => {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs).toEqual(["/sitemap/listings.xml", "/sitemap/products-1.xml"]);

  const listings = await (await request.get("/sitemap/listings.xml")).text();
  const categories = await api<{ data: { _id: string }[] }>(request, "/categories?limit=100");
  expect(listings).toContain(`/search/?page=1&amp;category=${categories.data[0]!._id}`);

  const products = await (await request.get("/sitemap/products-1.xml")).text();
  const all = await api<{ paginationResults: { numberOfPages: number } }>(
    request,
    "/products?limit=1&fields=_id",
  );
  const urls = [...products.matchAll(/<loc>[^<]*\/product\/([0-9a-f]{24})<\/loc>/g)];
  expect(urls).toHaveLength(all.paginationResults.numberOfPages);
  expect(products).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);

  expect((await request.get("/sitemap/products-2.xml")).status()).toBe(404);
  expect((await request.get("/sitemap/whatever.xml")).status()).toBe(404);
});

test("the home page carries a title, description, canonical URL and OpenGraph tags", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toMatch(/<title>shop — clothing, shoes and accessories<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
  expect(html).toContain('property="og:title"');
  expect(html).toMatch(/property="og:image" content="http:\/\/localhost:\d+\/images\/banners\/1-1280\.webp"/);
});

test("a plain search is indexable; filtered and later pages point to it and are not indexed", async ({
  request,
}) => {
  const plain = await (await request.get("/search/shirt?page=1")).text();
  expect(plain).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/search\/shirt"/);
  expect(plain).not.toContain('name="robots"');

  for (const url of [
    "/search/shirt?page=2",
    "/search/shirt?page=1&minRating=4",
    "/search/?page=1&brand=aaaaaaaaaaaaaaaaaaaaaaaa",
  ]) {
    const html = await (await request.get(url)).text();
    expect(html, url).toContain('<meta name="robots" content="noindex, follow"');
    expect(html, url).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/search\/(shirt)?"/);
  }
});
