import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, vi } from "vitest";
import { SESSION_COOKIE } from "#contract/session.ts";
import { createMemoryRateLimiter } from "#server/adapters/memory-rate-limiter.ts";
import { createApp } from "#server/app.ts";
import { nextIp } from "./accounts.ts";
import type { TestShop } from "./app.ts";

/**
 * The storefront's pages on the test shop: the app of server/app.ts with React Router's request
 * handler behind it, as scripts/start.ts serves them, given the shop's core context as `npm start`
 * gives its own. The pages are loaded from app/ by Vite's SSR loader (as scripts/dev.ts loads them)
 * rather than from build/, so a test never runs pages older than the code it tests. Starting Vite
 * takes a few seconds, once per file.
 */
export interface Storefront {
  /**
   * A request to `http://localhost{path}` as a browser sends it (from a fresh client address);
   * redirects are answered, not followed.
   */
  request(path: string, init?: PageRequestInit): Promise<Response>;
}

export interface PageRequestInit extends RequestInit {
  /** The session cookie `JWTToken=…` */
  cookie?: string;
  /** Sent as an HTML form sends it (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
}

export function setUpStorefront(
  shop: TestShop,
  /** `pageCacheSeconds`: the instance's page cache, off by default as outside production. */
  options: { publicUrl?: string; pageCacheSeconds?: number } = {},
): Storefront {
  let vite: ViteDevServer | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  beforeAll(async () => {
    // React Router's Vite plugin prints its future-flag notices, and Vite a deprecation of an option
    // that plugin sets, on every start: nothing a test can act on.
    const quiet = [
      vi.spyOn(console, "log").mockImplementation(() => {}),
      vi.spyOn(console, "warn").mockImplementation(() => {}),
    ];
    vite = await createServer({
      configFile: path.resolve("vite.config.ts"),
      appType: "custom",
      logLevel: "silent",
      server: { middlewareMode: true, hmr: false, watch: null },
      // Its own cache, so it never meets a developer's dev server or another test file's.
      cacheDir: mkdtempSync(path.join(tmpdir(), "shop-vite-")),
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    for (const spy of quiet) spy.mockRestore();
    const handle = createRequestHandler(build, "production");
    app = createApp({
      ctx: shop.ctx,
      config: {
        CORS_ORIGINS: [],
        RATE_LIMIT_PER_MINUTE: 0,
        TRUST_PROXY: 1,
        DEV_OUTBOX: "local",
        SHOP_DATA_DIR: mkdtempSync(path.join(tmpdir(), "shop-pages-")),
        NODE_ENV: "test",
        PUBLIC_URL: options.publicUrl,
        PAGE_CACHE_SECONDS: options.pageCacheSeconds,
      },
      logger: pino({ level: "silent" }),
      rateLimiter: createMemoryRateLimiter(),
      renderPage: (request, { clientIp, cspNonce }) =>
        handle(request, { core: shop.ctx, publicUrl: options.publicUrl, clientIp, cspNonce }),
    });
  });
  afterAll(async () => {
    await vite?.close();
  });
  return {
    request(pagePath, init = {}) {
      if (!app) throw new Error("the storefront is used before beforeAll has started it");
      const { cookie, form, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", nextIp());
      if (cookie !== undefined) headers.set("cookie", `${SESSION_COOKIE}=${cookie}`);
      let body = rest.body;
      if (form !== undefined) {
        body = new URLSearchParams(form).toString();
        headers.set("content-type", "application/x-www-form-urlencoded");
      }
      return Promise.resolve(
        app.request(pagePath, { method: form ? "POST" : "GET", ...rest, headers, body }),
      );
    },
  };
}
