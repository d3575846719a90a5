import { serveStatic } from "@hono/node-server/serve-static";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { cors } from "hono/cors";
import type { Logger } from "pino";
import type { CoreContext } from "#core/context.ts";
import type { RateLimiter } from "#core/ports/rate-limiter.ts";
import { listOutbox } from "./adapters/outbox.ts";
import { authRoutes, customerRoutes } from "./api/accounts.ts";
import { catalogRoutes } from "./api/catalog.ts";
import { buildOpenApiDocument } from "./api/openapi.ts";
import type { Config } from "./config.ts";
import { createImageRoutes } from "./images.ts";
import { compression } from "./middleware/compression.ts";
import { handleApiError } from "./middleware/errors.ts";
import { clientIp, rateLimit } from "./middleware/rate-limit.ts";
import { requestLog } from "./middleware/request-log.ts";
import { optionalSession } from "./middleware/session.ts";

export interface AppDependencies {
  ctx: CoreContext;
  config: Pick<
    Config,
    "CORS_ORIGINS" | "RATE_LIMIT_PER_MINUTE" | "TRUST_PROXY" | "SHOP_DATA_DIR" | "NODE_ENV" | "PUBLIC_URL"
  >;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** Where built browser assets live (`build/client`); absent in API-only tests. */
  clientDir?: string;
  /** The React Router request handler for every other path; absent in API-only tests. */
  renderPage?: (request: Request, meta: { clientIp: string }) => Promise<Response>;
}

/** The whole HTTP surface: API, images, static assets and the server-rendered storefront. */
export function createApp(deps: AppDependencies) {
  const app = new Hono();
  app.use(requestLog(deps.logger));
  app.use(compression());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.ctx.db.execute(sql`SELECT 1`);
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable", message: "The database does not answer." }, 503);
    }
  });

  const api = new Hono();
  api.use(
    cors({
      origin: (origin) => (deps.config.CORS_ORIGINS.includes(origin) ? origin : null),
      allowHeaders: ["Authorization", "Content-Type"],
      allowMethods: ["GET", "POST", "PUT", "DELETE", "OPTIONS"],
      maxAge: 600,
    }),
  );
  api.use(
    rateLimit({
      limiter: deps.rateLimiter,
      perMinute: deps.config.RATE_LIMIT_PER_MINUTE,
      trustProxy: deps.config.TRUST_PROXY,
    }),
  );
  const openApi = buildOpenApiDocument();
  api.get("/openapi.json", (c) => c.json(openApi));
  const publicUrl = deps.config.PUBLIC_URL;
  const accountOptions = {
    trustProxy: deps.config.TRUST_PROXY,
    allowedOrigins: [...deps.config.CORS_ORIGINS, ...(publicUrl ? [new URL(publicUrl).origin] : [])],
    publicUrl,
  };
  api.route("/auth", authRoutes(deps.ctx, accountOptions));
  api.route("/customer", customerRoutes(deps.ctx, accountOptions));
  api.use(optionalSession(deps.ctx));
  api.route("/", catalogRoutes(deps.ctx));
  // Last: an unknown API path is a JSON 404, never the storefront's HTML page.
  api.all("*", (c) => c.json({ status: "fail", message: `Can't find ${c.req.path} on this server` }, 404));
  api.onError(handleApiError);
  app.route("/api/v1", api);

  if (deps.config.NODE_ENV !== "production") {
    // The built-in outbox (DESIGN): what the shop would have mailed or texted, newest first.
    app.get("/dev/outbox.json", async (c) =>
      c.json(await listOutbox(deps.ctx.db, { to: c.req.query("to") || undefined, limit: 100 })),
    );
    app.get("/dev/outbox", async (c) =>
      c.html(renderOutboxPage(await listOutbox(deps.ctx.db, { limit: 100 }))),
    );
  }

  app.route("/", createImageRoutes({ cacheDir: `${deps.config.SHOP_DATA_DIR}/images` }));

  if (deps.clientDir) {
    const root = deps.clientDir;
    // Fingerprinted build output: cache for a year, never revalidate.
    app.use(
      "/assets/*",
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
      serveStatic({ root }),
    );
    app.use(
      "*",
      serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }),
    );
  }
  const render = deps.renderPage;
  if (render) app.all("*", (c) => render(c.req.raw, { clientIp: clientIp(c, deps.config.TRUST_PROXY) }));
  app.onError(handleApiError);
  return app;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

function renderOutboxPage(messages: Awaited<ReturnType<typeof listOutbox>>): string {
  const items = messages
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject || "SMS")}</h2>
<p><b>${m.channel}</b> to ${escapeHtml(m.to)} · <time>${m.createdAt}</time></p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox — shop</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap;background:#f3f4f6;padding:.75rem}</style></head>
<body><h1>Outbox</h1><p>Mail and SMS the shop sent through its built-in adapters (development only), newest first.</p>${items || "<p>No messages yet.</p>"}</body></html>`;
}
