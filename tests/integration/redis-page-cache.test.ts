import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisPageGeneration } from "#server/adapters/redis-page-generation.ts";
import { type PageGeneration, pageCache } from "#server/middleware/page-cache.ts";
import { sharedCache } from "#server/middleware/shared-cache.ts";
import { REDIS, serviceForTests } from "../support/services.ts";

// Instances behind one Redis share the page caches' count of writes: an edit through one instance
// shows on another's next request; a Redis that does not answer makes every instance render
// (docs/decisions/065-page-cache.md). Runs against a real Redis when TEST_REDIS_URL is set.
const redis = serviceForTests(REDIS);

/** An instance: the page cache and the shared-cache policy around a renderer that counts. */
function instance(generation: PageGeneration) {
  const state = { renders: 0, price: "10.00" };
  const app = new Hono();
  app.use(pageCache({ seconds: 60, maxBytes: 1024 * 1024, generation }));
  app.use(sharedCache({ SHARED_CACHE_SECONDS: 60 }));
  app.put("/api/v1/products/:id", (c) => c.json({ ok: true }));
  app.get("*", (c) => {
    c.set("sharedCandidate", true);
    state.renders++;
    return c.html(`<p>price ${state.price}</p>`);
  });
  return { app, state };
}

describe.skipIf(redis.skip)("page caches sharing a count of writes in Redis", () => {
  const generations: PageGeneration[] = [];
  let key: string;
  let url: string;
  beforeAll(async () => {
    url = await redis.url();
    key = `test:page-generation:${randomBytes(6).toString("hex")}`;
  });
  afterAll(async () => {
    for (const g of generations) await g.close?.();
  });
  const generation = (redisUrl: string) => {
    const g = createRedisPageGeneration(redisUrl, key);
    generations.push(g);
    return g;
  };

  it("show an edit through one instance on the other's next request", async () => {
    const a = instance(generation(url));
    const b = instance(generation(url));
    expect(await (await b.app.request("http://shop.test/product/1")).text()).toContain("price 10.00");
    expect(await (await b.app.request("http://shop.test/product/1")).text()).toContain("price 10.00");
    expect(b.state.renders).toBe(1);

    b.state.price = "12.00"; // The database both read.
    const edit = await a.app.request("http://shop.test/api/v1/products/1", { method: "PUT" });
    expect(edit.status).toBe(200);
    expect(await (await b.app.request("http://shop.test/product/1")).text()).toContain("price 12.00");
    expect(b.state.renders).toBe(2);
  });

  it("render every request, and answer writes, when Redis does not answer", async () => {
    // Nothing listens on port 1.
    const down = instance(generation("redis://127.0.0.1:1"));
    for (let i = 0; i < 3; i++) {
      const page = await down.app.request("http://shop.test/product/1");
      expect(page.status).toBe(200);
    }
    expect(down.state.renders).toBe(3);
    const edit = await down.app.request("http://shop.test/api/v1/products/1", { method: "PUT" });
    expect(edit.status).toBe(200);
  });
});
