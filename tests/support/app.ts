import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import type { CoreContext } from "#core/context.ts";
import type { DatabaseHandle } from "#db/client.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { createApp } from "#server/app.ts";
import { TEST_NOW } from "./constants.ts";
import { createTestDatabase } from "./database.ts";

export interface TestShop {
  app: ReturnType<typeof createApp>;
  ctx: CoreContext;
  database: DatabaseHandle;
  /** GET a path and parse the JSON body. */
  get(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function createTestShop(
  options: { rateLimitPerMinute?: number; corsOrigins?: string[] } = {},
): Promise<TestShop> {
  const database = await createTestDatabase();
  const ctx: CoreContext = { db: database.db, now: () => TEST_NOW, reservationMinutes: 15 };
  const app = createApp({
    ctx,
    config: {
      CORS_ORIGINS: options.corsOrigins ?? [],
      RATE_LIMIT_PER_MINUTE: options.rateLimitPerMinute ?? 0,
      TRUST_PROXY: true,
      SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-test-")),
    },
    logger: pino({ level: "silent" }),
    rateLimiter: createMemoryRateLimiter(),
  });
  return {
    app,
    ctx,
    database,
    async get(p, init) {
      const res = await app.request(p, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: res.status, body, headers: res.headers };
    },
    close: () => database.close(),
  };
}
