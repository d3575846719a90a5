import { mkdir } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import pino, { type Logger } from "pino";
import { createBuiltinPhoneVerifier } from "#core/accounts/phone-verification.ts";
import type { AccountsContext, CoreContext } from "#core/context.ts";
import { SAFE_LOG_OPTIONS } from "#core/log-safety.ts";
import { expireUnpaidOrders } from "#core/orders/cancellation.ts";
import { createBuiltinPayments } from "#core/payments/builtin-checkout.ts";
import type { ImageStore } from "#core/ports/image-store.ts";
import type { PaymentProvider } from "#core/ports/payments.ts";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { seedReservationMinutes } from "#core/settings/shop-settings.ts";
import { type DatabaseHandle, openDatabase } from "#db/client.ts";
import { DatabaseInUseError } from "#db/pglite-lock.ts";
import { isCatalogueEmpty, seedDemoShop } from "#demo/seed.ts";
import { DEMO_CUSTOMER, ensureShopSettings } from "#demo/shop-data.ts";
import { withInProcessFallback } from "./adapters/fallback-rate-limiter.ts";
import { createFirebasePhoneVerifier } from "./adapters/firebase-phone-verifier.ts";
import { type JobQueueOptions, type JobRunner, startJobQueue } from "./adapters/job-queue.ts";
import { createLocalImageStore } from "./adapters/local-image-store.ts";
import { createMemoryRateLimiter } from "./adapters/memory-rate-limiter.ts";
import { createOutbox } from "./adapters/outbox.ts";
import { createRedisPageGeneration } from "./adapters/redis-page-generation.ts";
import { createRedisRateLimiter } from "./adapters/redis-rate-limiter.ts";
import { createS3ImageStore } from "./adapters/s3-image-store.ts";
import { createSmtpMailer } from "./adapters/smtp-mailer.ts";
import { createStripePayments } from "./adapters/stripe-payments.ts";
import { type AppDependencies, createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { type PageGeneration, pageCacheSettings } from "./middleware/page-cache.ts";
import { answerOversizedRequests } from "./oversized-request.ts";
import { resolveJwtSecret } from "./secrets.ts";
import { startWorkers } from "./workers.ts";

export interface Services {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  ctx: CoreContext;
  /** The API's per-address limiter; closing it closes the Redis connection the account limits share. */
  rateLimiter: RateLimiter;
  /** The job queue; runServer starts its workers (server/workers.ts). */
  jobs: JobRunner;
  /** With REDIS_URL and the page cache on: the count of writes every instance's page cache reads. */
  pageGeneration?: PageGeneration;
}

/**
 * openShopDatabase for the command-line scripts: an embedded database already open in the running
 * shop (db/pglite-lock.ts) ends the script with that one line instead of a stack trace.
 */
export async function openShopDatabaseOrExit(
  config: Pick<Config, "DATABASE_URL" | "SHOP_DATA_DIR" | "DATABASE_POOL_SIZE">,
): Promise<DatabaseHandle> {
  try {
    return await openShopDatabase(config);
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The database the configuration names (DATABASE_URL, else PGlite under SHOP_DATA_DIR), migrated. */
export async function openShopDatabase(
  config: Pick<Config, "DATABASE_URL" | "SHOP_DATA_DIR" | "DATABASE_POOL_SIZE">,
): Promise<DatabaseHandle> {
  await mkdir(config.SHOP_DATA_DIR, { recursive: true });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.SHOP_DATA_DIR}/pglite`,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  return database;
}

/**
 * Opens the database (migrating it, and seeding the demo shop when it is empty) and the ports.
 * `jobQueue` changes the queue's timing (a test server retries and polls sooner).
 */
export async function createServices(
  config: Config,
  logger = createLogger(config),
  options: { jobQueue?: Omit<JobQueueOptions, "logger"> } = {},
): Promise<Services> {
  const database = await openShopDatabase(config);
  await ensureShopSettings(database.db);
  // No banner fill here: the demo seed writes the demo slides, and a shop whose staff deleted every
  // slide keeps none (docs/decisions/042-taxonomy-and-banner-edits.md, superseding part of 029).
  // RESERVATION_MINUTES is the hold time until an admin saves the settings page (core/settings).
  await seedReservationMinutes(database.db, config.RESERVATION_MINUTES);
  if (await isCatalogueEmpty(database.db)) {
    logger.info("empty database: seeding the demo shop");
    const result = await seedDemoShop(database.db);
    logger.info({ ...result }, "demo shop seeded");
  }
  // One policy per limiter when Redis does not answer (docs/decisions/022-redis-outage.md): the
  // per-address API limit counts in this process meanwhile, so browsing and buying go on; the
  // account limits (log-in, sign-up, reset, code checks) refuse, since counting per process would
  // hand a password guesser a fresh budget on every instance. Both share one connection.
  const shared = config.REDIS_URL
    ? createRedisRateLimiter(config.REDIS_URL, undefined, { logger })
    : undefined;
  const rateLimiter = shared ? withInProcessFallback(shared) : createMemoryRateLimiter();
  const jobs = await startJobQueue(database, { logger, ...options.jobQueue });
  const ctx: CoreContext = {
    db: database.db,
    now: () => new Date(),
    reservationMinutes: config.RESERVATION_MINUTES,
    accounts: createAccountsContext(config, database, shared ?? rateLimiter, () => ctx),
    payments: createPayments(config, logger),
    images: createImageStore(config),
    jobs,
    // Links in queued order mail: the port is the configured one (0 asks the system for any, so a
    // shop on port 0 should set PUBLIC_URL).
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    localWebhooks: config.NODE_ENV !== "production",
  };
  // Instances behind one Redis share the count of writes, so an edit through one of them empties
  // every instance's page cache (docs/decisions/065-page-cache.md).
  const pageGeneration =
    config.REDIS_URL && pageCacheSettings(config).seconds > 0
      ? createRedisPageGeneration(config.REDIS_URL)
      : undefined;
  return { config, logger, database, ctx, rateLimiter, jobs, pageGeneration };
}

/** Mail, SMS and phone verification as configured: the built-in outbox and provider unless told otherwise. */
export function createAccountsContext(
  config: Config,
  database: Pick<DatabaseHandle, "db">,
  limiter: RateLimiter,
  core: () => CoreContext,
): AccountsContext {
  const outbox = createOutbox(database.db);
  return {
    secret: resolveJwtSecret(config),
    mailer: config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : outbox.mailer,
    sms: outbox.sms,
    phoneVerifier:
      config.SMS_PROVIDER === "firebase"
        ? createFirebasePhoneVerifier({
            projectId: config.FIREBASE_PROJECT_ID!,
            serviceAccount: config.FIREBASE_SERVICE_ACCOUNT,
            emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
          })
        : createBuiltinPhoneVerifier(core),
    limiter,
    shopName: "shop",
  };
}

/** The payment provider PAYMENT_PROVIDER names: the built-in test checkout unless told otherwise. */
export function createPayments(
  config: Pick<Config, "PAYMENT_PROVIDER" | "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
  logger?: Logger,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === "stripe") {
    // loadConfig refuses PAYMENT_PROVIDER=stripe without the key.
    return createStripePayments({
      secretKey: config.STRIPE_SECRET_KEY!,
      apiBaseUrl: config.STRIPE_API_BASE,
      logger,
    });
  }
  return createBuiltinPayments();
}

/** Where uploaded photos go: the S3-compatible bucket S3_* names, else files under SHOP_DATA_DIR/media. */
export function createImageStore(
  config: Pick<
    Config,
    | "SHOP_DATA_DIR"
    | "S3_ENDPOINT"
    | "S3_BUCKET"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_PUBLIC_URL"
  >,
): ImageStore {
  // loadConfig takes the S3 settings all together or not at all.
  if (config.S3_ENDPOINT) {
    return createS3ImageStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalImageStore(path.join(config.SHOP_DATA_DIR, "media"));
}

/** JSON lines on stdout, with secrets and personal data redacted (core/log-safety.ts). */
export function createLogger(
  config: Pick<Config, "LOG_LEVEL">,
  destination?: pino.DestinationStream,
): Logger {
  return pino({ level: config.LOG_LEVEL, base: { service: "shop" }, ...SAFE_LOG_OPTIONS }, destination);
}

const EXPIRY_SWEEP_MS = 60_000;
/** How long an idle keep-alive connection stays open: longer than the 60 s a proxy keeps its own. */
const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

/**
 * Serves the app and stops gracefully on SIGTERM/SIGINT: stop accepting, let in-flight requests
 * finish (at most 10 s), then close the database and the rate limiter.
 */
export async function runServer(
  services: Services,
  web: {
    clientDir?: string;
    renderPage?: AppDependencies["renderPage"];
  },
): Promise<RunningServer> {
  const { config, logger } = services;
  const app = createApp({
    ctx: services.ctx,
    config,
    logger,
    rateLimiter: services.rateLimiter,
    pageGeneration: services.pageGeneration,
    ...web,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () =>
      resolve(s as Server),
    );
  });
  // Idle keep-alive connections stay open longer than a proxy's (nginx and most load balancers drop
  // theirs after 60 s), so the proxy, not the shop, closes an idle connection: a request the proxy
  // sends just as the shop closes the socket would otherwise fail with a reset (docs/operations.md).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // A request line or headers over Node's 16 KB get the shop's own page (docs/decisions/032-odd-input-answers.md).
  answerOversizedRequests(server, config);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;

  // Unpaid card orders past their payment window give their stock back. Correctness does not wait
  // for this sweep (a customer's own cart and orders pages expire theirs first); it keeps stock
  // shown to everyone else current. Instances share the work (row locks). The next sweep is timed
  // from the end of the last, so a slow one (Stripe calls) never overlaps the next.
  let stopping: Promise<void> | undefined;
  let sweep: NodeJS.Timeout | undefined;
  const scheduleSweep = () => {
    sweep = setTimeout(() => {
      expireUnpaidOrders(services.ctx)
        .catch((error: unknown) => logger.warn({ err: error }, "expiring unpaid orders failed"))
        .finally(() => {
          if (!stopping) scheduleSweep();
        });
    }, EXPIRY_SWEEP_MS);
    sweep.unref();
  };
  scheduleSweep();
  await startWorkers(services);

  const stop = () => {
    stopping ??= (async () => {
      clearTimeout(sweep);
      logger.info("shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
      await Promise.race([closed, timeout]);
      server.closeAllConnections();
      // Workers finish the delivery in hand (at most 5 s); unfinished jobs are retried later.
      await services.jobs.stop();
      await services.rateLimiter.close?.();
      await services.pageGeneration?.close?.();
      await services.ctx.accounts.mailer.close?.();
      services.ctx.images.close?.();
      await services.database.close();
      logger.info("stopped");
    })();
    return stopping;
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  return { server, url, stop };
}

export function startupBanner(
  url: string,
  config: Pick<Config, "NODE_ENV" | "DEV_OUTBOX" | "SMTP_URL" | "SMS_PROVIDER">,
): string {
  const lines = [
    "",
    `  shop is running at ${url}`,
    `  demo login: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`,
    `  API: ${url}/api/v1/products  ·  contract: ${url}/api/v1/openapi.json`,
  ];
  if (config.NODE_ENV !== "production" && (!config.SMTP_URL || config.SMS_PROVIDER === "builtin")) {
    // It holds sign-in and password-reset codes: reading it is taking over an account
    // (docs/decisions/021-safe-defaults.md).
    lines.push(
      `  outbox (mail and SMS kept instead of sent): ${url}/dev/outbox`,
      config.DEV_OUTBOX === "open"
        ? "    open to every client (DEV_OUTBOX=open): anyone who reaches this port can read its codes"
        : "    answers this machine only, as it holds account codes; DEV_OUTBOX=open opens it",
    );
  }
  lines.push("");
  return lines.join("\n");
}
