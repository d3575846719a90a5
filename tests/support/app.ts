import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { afterAll, beforeAll } from "vitest";
import { createBuiltinPhoneVerifier } from "#core/accounts/phone-verification.ts";
import type { AccountsContext, CoreContext } from "#core/context.ts";
import { createBuiltinPayments } from "#core/payments/builtin-checkout.ts";
import type { ImageStore } from "#core/ports/image-store.ts";
import type { PaymentProvider } from "#core/ports/payments.ts";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { type DatabaseHandle, queryRows } from "#db/client.ts";
import { type JobQueueOptions, type JobRunner, startJobQueue } from "#server/adapters/job-queue.ts";
import { createLocalImageStore } from "#server/adapters/local-image-store.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { createOutbox } from "#server/adapters/outbox.ts";
import { createApp } from "#server/app.ts";
import { startWorkers } from "#server/workers.ts";
import { TEST_NOW } from "./constants.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export interface TestShop {
  app: ReturnType<typeof createApp>;
  ctx: CoreContext;
  database: TestDatabase;
  /** GET a path and parse the JSON body. */
  get(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  /** SHOP_DATA_DIR: generated images are cached under its `images/`, uploaded photos kept under `media/`. */
  dataDir: string;
  /** The shop's job queue (its workers run when the shop was created with `workers`). */
  jobs: JobRunner;
  /** Rows of a raw SQL query against the shop's database. */
  rows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

type TestShopOptions = {
  rateLimitPerMinute?: number;
  /** The API's per-address limiter (RATE_LIMIT_PER_MINUTE): a fresh in-memory one unless given. */
  rateLimiter?: RateLimiter;
  corsOrigins?: string[];
  /** Replace adapters (an SMTP mailer, a Firebase verifier, a Redis limiter) or the clock. */
  accounts?: Partial<AccountsContext>;
  now?: () => Date;
  /** A payment provider other than the built-in test checkout (Stripe against its stand-in). */
  payments?: PaymentProvider;
  /** Mounts POST /api/v1/webhooks/stripe, verifying deliveries with this secret. */
  stripeWebhookSecret?: string;
  /** Where the app logs (silent unless given: tests/integration/log-redaction.test.ts reads it). */
  logger?: Logger;
  /** Proxies trusted for the client address (TRUST_PROXY): one unless told otherwise. */
  proxyHops?: number;
  devOutbox?: "local" | "open";
  nodeEnv?: "test" | "production";
  /** Where uploaded photos go: files under the test shop's data directory unless given (an S3 store). */
  images?: ImageStore;
  /** S3_PUBLIC_URL: the bucket's own address, allowed by the Content-Security-Policy. */
  s3PublicUrl?: string;
  /** Serve this directory as the client build (assets and top-level files), as `npm start` serves build/client. */
  clientDir?: string;
  /** Run on this database instead of a fresh one (two app instances on one database); left open on close. */
  database?: DatabaseHandle;
  /**
   * Run the job queue's workers (notification and webhook deliveries, server/workers.ts) in this
   * shop, with short retry delays; off by default: jobs are queued and stay queued.
   */
  workers?: boolean | JobQueueOptions;
  /** The shop's public address, for the links in queued order mail (TEST_PUBLIC_URL unless given). */
  publicUrl?: string;
};

/** The public address of a test shop: the origin of the links in its order mail. */
export const TEST_PUBLIC_URL = "https://shop.example.test";

/** The secret test sessions are signed with; tests mint tokens with it (tests/support/accounts.ts). */
export const TEST_JWT_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

/**
 * A test shop for the whole file: created before its tests, closed after them. The returned object
 * stands for the shop once it exists, so tests use it directly.
 */
export function setUpTestShop(options: TestShopOptions = {}): TestShop {
  let current: TestShop | undefined;
  beforeAll(async () => {
    current = await createTestShop(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestShop, {
    get(_target, key) {
      if (!current) throw new Error("the test shop is used before beforeAll has created it");
      return current[key as keyof TestShop];
    },
  });
}

export async function createTestShop(options: TestShopOptions = {}): Promise<TestShop> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-test-"));
  const outbox = createOutbox(database.db, () => new Date());
  const runWorkers = options.workers !== undefined && options.workers !== false;
  const jobs = await startJobQueue(database, {
    supervise: runWorkers,
    retryDelaySeconds: 1,
    retryDelayMaxSeconds: 2,
    pollingIntervalSeconds: 0.5,
    ...(typeof options.workers === "object" ? options.workers : {}),
  });
  const logger = options.logger ?? pino({ level: "silent" });
  const ctx: CoreContext = {
    db: database.db,
    now: options.now ?? (() => TEST_NOW),
    reservationMinutes: 15,
    accounts: {
      secret: TEST_JWT_SECRET,
      mailer: outbox.mailer,
      sms: outbox.sms,
      phoneVerifier: createBuiltinPhoneVerifier(() => ctx),
      limiter: createMemoryRateLimiter(),
      shopName: "shop",
      ...options.accounts,
    },
    payments: options.payments ?? createBuiltinPayments(),
    images: options.images ?? createLocalImageStore(path.join(dataDir, "media")),
    jobs,
    publicUrl: options.publicUrl ?? TEST_PUBLIC_URL,
    localWebhooks: (options.nodeEnv ?? "test") !== "production",
  };
  if (runWorkers) await startWorkers({ ctx, jobs, logger });
  const app = createApp({
    ctx,
    config: {
      CORS_ORIGINS: options.corsOrigins ?? [],
      RATE_LIMIT_PER_MINUTE: options.rateLimitPerMinute ?? 0,
      TRUST_PROXY: options.proxyHops ?? 1,
      DEV_OUTBOX: options.devOutbox ?? "local",
      SHOP_DATA_DIR: dataDir,
      NODE_ENV: options.nodeEnv ?? "test",
      STRIPE_WEBHOOK_SECRET: options.stripeWebhookSecret,
      S3_PUBLIC_URL: options.s3PublicUrl,
    },
    logger,
    rateLimiter: options.rateLimiter ?? createMemoryRateLimiter(),
    clientDir: options.clientDir,
  });
  return {
    app,
    ctx,
    database,
    dataDir,
    async get(p, init) {
      const res = await app.request(p, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: res.status, body, headers: res.headers };
    },
    rows: (query) => queryRows(database.db, query),
    jobs,
    close: async () => {
      await jobs.stop();
      if (!options.database) await database.close();
    },
  };
}
