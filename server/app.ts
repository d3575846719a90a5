import { readdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Logger } from "pino";
import { viewerOf } from "#core/accounts/customers.ts";
import { hasBrand } from "#core/catalog/taxonomy.ts";
import type { CoreContext } from "#core/context.ts";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { absoluteImageUrls } from "./api/absolute-images.ts";
import { buildOpenApiDocument } from "./api/openapi.ts";
import { mountOperations } from "./api/operation.ts";
import { ROUTE_TABLE } from "./api/route-table.ts";
import { stripeWebhookRoutes } from "./api/stripe-webhook.ts";
import type { Config } from "./config.ts";
import { createImageRoutes } from "./images.ts";
import { createMediaRoutes } from "./media-routes.ts";
import { compression } from "./middleware/compression.ts";
import { cors } from "./middleware/cors.ts";
import { handleApiError } from "./middleware/errors.ts";
import {
  type PageCacheConfig,
  type PageGeneration,
  pageCache,
  pageCacheSettings,
} from "./middleware/page-cache.ts";
import { publicRequestUrls } from "./middleware/public-url.ts";
import { clientIp, rateLimit } from "./middleware/rate-limit.ts";
import {
  limitBodyByRoute,
  MAX_FORM_BODY_BYTES,
  MAX_JSON_BODY_BYTES,
  refuseUnstorableForm,
  refuseUnstorableUrl,
} from "./middleware/request-input.ts";
import { requestLog } from "./middleware/request-log.ts";
import { setResponseHeaders } from "./middleware/response-headers.ts";
import { sameOriginForms } from "./middleware/same-origin-forms.ts";
import { type SecurityHeadersConfig, securityHeaders } from "./middleware/security-headers.ts";
import { readToken } from "./middleware/session.ts";
import { isSharedPageRequest, type SharedCacheConfig, sharedCache } from "./middleware/shared-cache.ts";
import { outboxRoutes } from "./outbox-routes.ts";

export interface AppDependencies {
  ctx: CoreContext;
  config: Pick<
    Config,
    | "CORS_ORIGINS"
    | "RATE_LIMIT_PER_MINUTE"
    | "TRUST_PROXY"
    | "SHOP_DATA_DIR"
    | "NODE_ENV"
    | "PUBLIC_URL"
    | "STRIPE_WEBHOOK_SECRET"
    | "DEV_OUTBOX"
  > &
    SecurityHeadersConfig &
    SharedCacheConfig &
    PageCacheConfig;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** The count of writes shared by the instances' page caches; this process's own when absent. */
  pageGeneration?: PageGeneration;
  /** Where built browser assets live (`build/client`); absent in API-only tests. */
  clientDir?: string;
  /**
   * The React Router request handler for every other path; absent in API-only tests. An empty
   * `cspNonce` asks for a page a shared cache may keep: no nonce, rendered whole (app/entry.server.tsx).
   */
  renderPage?: (request: Request, meta: { clientIp: string; cspNonce: string }) => Promise<Response>;
}

/**
 * A write that may change a visitor's page: a signed-in customer's or staff member's (an API call
 * that authenticated one, or a page form posted with a session that is still good). The page caches
 * count only these (docs/decisions/065-page-cache.md).
 */
async function isSignedInWrite(ctx: CoreContext, c: Context): Promise<boolean> {
  if (c.get("customerId")) return true;
  try {
    return (await viewerOf(ctx, readToken(c).token)) !== undefined;
  } catch {
    return true; // Unknown: counted, so no copy outlives a write it should not.
  }
}

/** The whole HTTP surface: API, images, static assets and the server-rendered storefront. */
export function createApp(deps: AppDependencies) {
  const app = new Hono();
  // First, so every response carries them, errors and 404s included (docs/decisions/023).
  // First the address the browser used (behind a TLS proxy), so everything after it sees that.
  app.use(publicRequestUrls(deps.config.TRUST_PROXY));
  app.use(securityHeaders(deps.config));
  app.use(requestLog(deps.logger));
  // Outside compression and the shared-cache policy: it keeps a visitor's page as sent (encoded,
  // tagged) and serves it again; the security headers and request id stay per request.
  app.use(
    pageCache({
      ...pageCacheSettings(deps.config),
      generation: deps.pageGeneration,
      countsAsWrite: (c) => isSignedInWrite(deps.ctx, c),
    }),
  );
  app.use(compression());
  // Inside compression: it hashes and tags the body as rendered (docs/decisions/054-shared-cache.md).
  app.use(sharedCache(deps.config));
  app.use(refuseUnstorableUrl());

  app.route("/", healthRoutes(deps));
  const publicUrl = deps.config.PUBLIC_URL;
  const accountOptions = {
    proxyHops: deps.config.TRUST_PROXY,
    allowedOrigins: [...deps.config.CORS_ORIGINS, ...(publicUrl ? [new URL(publicUrl).origin] : [])],
    publicUrl,
  };
  app.route("/api/v1", apiRoutes(deps, accountOptions));

  if (deps.config.NODE_ENV !== "production") {
    app.route(
      "/",
      outboxRoutes(deps.ctx.db, { access: deps.config.DEV_OUTBOX, proxyHops: deps.config.TRUST_PROXY }),
    );
  }

  app.route(
    "/",
    createImageRoutes({
      cacheDir: `${deps.config.SHOP_DATA_DIR}/images`,
      knowsBrand: (slug) => hasBrand(deps.ctx, slug),
    }),
  );

  // Uploaded product photos, from the image store (served by the bucket itself with S3_PUBLIC_URL,
  // but still answered here for URLs stored before it was set).
  app.route("/", createMediaRoutes(deps.ctx.images));

  if (deps.clientDir) serveBuild(app, deps.clientDir);
  const render = deps.renderPage;
  // Page form posts: bounded, and refused before an action sees text the database cannot store.
  app.use(
    "*",
    limitBodyByRoute(MAX_FORM_BODY_BYTES),
    sameOriginForms(accountOptions.allowedOrigins),
    refuseUnstorableForm(),
  );
  if (render)
    app.all("*", (c) => {
      // A visitor's storefront page may be shared: no nonce in it, its scripts hashed instead.
      const shared = isSharedPageRequest(c.req.raw);
      c.set("sharedCandidate", shared);
      return render(c.req.raw, {
        clientIp: clientIp(c, deps.config.TRUST_PROXY),
        cspNonce: shared ? "" : c.get("cspNonce"),
      });
    });
  app.onError(handleApiError);
  return app;
}

/** Liveness, and readiness with what each backing service answers. */
function healthRoutes(deps: AppDependencies) {
  return new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      const [database, limiter] = await Promise.all([
        deps.ctx.db.execute(sql`SELECT 1`).then(
          () => "ok" as const,
          () => "unavailable" as const,
        ),
        deps.rateLimiter.health?.(),
      ]);
      const checks: Record<string, "ok" | "unavailable"> = { database };
      if (limiter) checks[limiter.store] = limiter.available ? "ok" : "unavailable";
      if (database !== "ok") {
        return c.json({ status: "unavailable", message: "The database does not answer.", checks }, 503);
      }
      // Redis down is degraded, not unready: the instance still serves (the API limit counts in
      // process, only account actions wait), and taking every instance out of the load balancer
      // would turn that into a full outage (docs/decisions/022-redis-outage.md).
      const degraded = Object.values(checks).includes("unavailable");
      return c.json({ status: degraded ? "degraded" : "ok", checks });
    });
}

/** /api/v1: the webhook, then body limit, CORS and the per-IP limit, then the route table. */
function apiRoutes(
  deps: AppDependencies,
  accountOptions: { proxyHops: number; allowedOrigins: string[]; publicUrl: string | undefined },
) {
  const api = new Hono();
  // Before CORS and the per-IP limit: Stripe calls from its own servers, its deliveries are
  // authenticated by their signature, and a 429 would only delay an order's payment. Mounted
  // whenever the secret is set (required with PAYMENT_PROVIDER=stripe), so payments for sessions
  // opened before a switch back to the built-in provider still arrive; otherwise a 404.
  const webhookSecret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (webhookSecret) api.route("/webhooks", stripeWebhookRoutes(deps.ctx, { webhookSecret }));
  api.use(limitBodyByRoute(MAX_JSON_BODY_BYTES));
  api.use(
    cors({
      allowedOrigins: deps.config.CORS_ORIGINS,
      allowHeaders: ["Authorization", "Content-Type", "Idempotency-Key"],
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      maxAge: 600,
    }),
  );
  api.use(
    rateLimit({
      limiter: deps.rateLimiter,
      perMinute: deps.config.RATE_LIMIT_PER_MINUTE,
      proxyHops: deps.config.TRUST_PROXY,
    }),
  );
  const openApi = buildOpenApiDocument();
  api.get("/openapi.json", (c) => c.json(openApi));
  api.use(absoluteImageUrls(accountOptions.publicUrl)); // image URLs in answers are absolute (docs/decisions/025)
  // Each operation with its session check; the catalogue's optional session after the others.
  mountOperations(api, ROUTE_TABLE, { ctx: deps.ctx, ...accountOptions });
  // Last: an unknown API path is a JSON 404, never the storefront's HTML page.
  api.all("*", (c) => c.json({ status: "fail", message: `Can't find ${c.req.path} on this server` }, 404));
  api.onError(handleApiError);
  return api;
}

/**
 * The client build: fingerprinted assets for a year, its top-level files for an hour. Each is
 * sent as the build compressed it (`.br`, `.gz` beside it: scripts/precompressed-assets.ts).
 */
function serveBuild(app: Hono, root: string) {
  app.use(
    "/assets/*",
    async (c, next) => {
      await next();
      if (c.res.status === 200)
        setResponseHeaders(c, [["Cache-Control", "public, max-age=31536000, immutable"]]);
    },
    serveStatic({ root, precompressed: true }),
  );
  // The build's other files (none today; a favicon or a site-verification file a later public/
  // adds) at their exact paths, listed once: a catch-all serveStatic looked on disk for every page
  // request first, about 4 % of a product page's server time (bench/results/scale-2026-11-26-page-profile.md).
  const serveFile = serveStatic({ root, precompressed: true });
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    app.use(
      `/${entry.name}`,
      async (c, next) => {
        await next();
        if (c.res.status === 200) setResponseHeaders(c, [["Cache-Control", "public, max-age=3600"]]);
      },
      serveFile,
    );
  }
}
