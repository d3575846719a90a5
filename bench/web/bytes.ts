// What each page makes the browser download: every JavaScript and CSS response from the shop's
// origin, sized as the server sends it with `Accept-Encoding: gzip` (the budgets are in gzip bytes).
import http from "node:http";
import { type Browser, type BrowserContextOptions, chromium, type Request } from "@playwright/test";
import { sleep } from "../lib/stats.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, type PageTarget } from "./browser.ts";

export const VIEWPORTS = {
  // Lighthouse's mobile screen (Moto G Power): 412×823 at 1.75 device pixels per CSS pixel.
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof VIEWPORTS;

/** After `load` and network idle, the page counts as settled once no request starts or ends for this long. */
export const QUIET_MS = 3_000;
/** ...or after this long past network idle, whichever comes first. */
export const MAX_SETTLE_MS = 20_000;
/** The first visit to a page renders its images on the server (cached after): be patient. */
const NAVIGATION_TIMEOUT_MS = 120_000;

/**
 * - `initial`: referenced by the HTML itself (stylesheet links, modulepreload links, module scripts
 *   and the imports in the inline bootstrap script): what hydration needs.
 * - `lazy`: fetched later by the page on its own (dynamic imports: sliders, zoom, ...).
 * - `prefetch`: code for a page the shopper may open next: a module or stylesheet that React Router's
 *   manifest lists only for routes this page does not match (`<Link prefetch>`), or any
 *   `<link rel="prefetch">` (Sec-Purpose: prefetch).
 */
export type LoadPhase = "initial" | "lazy" | "prefetch";

export interface AssetSize {
  /** Bytes on the wire with `Accept-Encoding: gzip` (the body as is when the server does not compress it). */
  gzipBytes: number;
  /** Whether the server actually answered gzip (small files are sent uncompressed). */
  gzipEncoded: boolean;
  /** Bytes on the wire with `Accept-Encoding: br`, what Chromium really gets from this server. */
  brBytes: number;
  /** Uncompressed size. */
  rawBytes: number;
}

export interface AssetLoad extends AssetSize {
  /** Path on the shop (all counted assets are from its origin). */
  path: string;
  kind: "js" | "css";
  phase: LoadPhase;
  status: number;
  /** When the browser asked for it, in ms after navigation started. */
  requestedAtMs: number;
}

export interface Totals {
  initial: number;
  lazy: number;
  prefetch: number;
  /** Everything the page loaded: the figure the budgets judge. */
  total: number;
}

export interface ViewportBytes {
  viewport: ViewportName;
  width: number;
  height: number;
  /** HTTP status of the page itself; null if it could not be loaded at all. */
  status: number | null;
  error?: string;
  /** gzip bytes of JavaScript, and of CSS, by phase. */
  js: Totals;
  css: Totals;
  /** gzip bytes of the HTML document (fetched again: it is rendered per request). */
  htmlGzipBytes: number;
  /** ms from navigation start to the `load` event. */
  loadMs: number;
  /** Whether React Router's client manifest could be read (to tell prefetched route code apart). */
  routeManifest: boolean;
  /** Whether the page went quiet for QUIET_MS before the settle limit. */
  settled: boolean;
  /** Requests of every kind from the shop's origin (document, assets, images, data). */
  requests: number;
  /** Requests to any other origin (there should be none). */
  otherOrigins: string[];
  assets: AssetLoad[];
}

export interface PageBytes {
  name: PageTarget["name"];
  path: string | null;
  viewports: ViewportBytes[];
}

const emptyTotals = (): Totals => ({ initial: 0, lazy: 0, prefetch: 0, total: 0 });

/** One GET with the given Accept-Encoding, counting the bytes as they arrive (never decompressed). */
function wireSize(
  url: string,
  acceptEncoding: string,
): Promise<{ bytes: number; encoding: string | undefined; status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () =>
        resolve({ bytes, encoding: response.headers["content-encoding"], status: response.statusCode ?? 0 }),
      );
      response.on("error", reject);
    });
    request.setTimeout(60_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/** Sizes of one asset URL, fetched once per run (hashed asset names make them immutable). */
export function createSizer(): (url: string) => Promise<AssetSize> {
  const cache = new Map<string, Promise<AssetSize>>();
  return (url) => {
    let size = cache.get(url);
    if (!size) {
      size = (async () => {
        const gzip = await wireSize(url, "gzip");
        const br = await wireSize(url, "br");
        const raw = await wireSize(url, "identity");
        return {
          gzipBytes: gzip.bytes,
          gzipEncoded: gzip.encoding === "gzip",
          brBytes: br.bytes,
          rawBytes: raw.bytes,
        };
      })();
      cache.set(url, size);
    }
    return size;
  };
}

/** Every quoted `.js`/`.mjs`/`.css` URL in the HTML, resolved against the page. */
function referencedAssets(html: string, pageUrl: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(/["']([^"'\s<>]+?\.(?:m?js|css)(?:\?[^"'\s<>]*)?)["']/g)) {
    try {
      found.add(new URL(match[1]!.replaceAll("&amp;", "&"), pageUrl).href);
    } catch {
      // Not a URL after all (a string in inline code): ignore.
    }
  }
  return found;
}

/**
 * From React Router's client manifest: the files of the entry and of the routes this page matches
 * (`own`), and those of every other route the client knows of (`other`, known through lazy route
 * discovery for the links on the page); null when the page is not a hydrated React Router page
 * (then nothing is classed as prefetch by this rule).
 * A string, not a function: tsx adds `__name()` calls to compiled functions, which the page lacks.
 */
const ROUTE_FILES_SCRIPT = `(() => {
  const manifest = window.__reactRouterManifest;
  if (!manifest || !manifest.routes) return null;
  const matches = (window.__reactRouterDataRouter && window.__reactRouterDataRouter.state.matches) || [];
  const matched = new Set(matches.map((m) => String(m.route.id)));
  if (matched.size === 0) return null;
  const files = (entry) =>
    Object.values(entry || {})
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .filter((value) => typeof value === "string" && /\\.(m?js|css)(\\?|$)/.test(value))
      .map((value) => new URL(value, location.href).href);
  const own = files(manifest.entry);
  const other = [];
  for (const [id, route] of Object.entries(manifest.routes)) (matched.has(id) ? own : other).push(...files(route));
  return { own, other };
})()`;

function assetKind(contentType: string, url: string): "js" | "css" | null {
  if (/javascript|ecmascript/.test(contentType)) return "js";
  if (contentType.includes("text/css")) return "css";
  if (contentType) return null;
  const pathname = new URL(url).pathname;
  return /\.m?js$/.test(pathname) ? "js" : pathname.endsWith(".css") ? "css" : null;
}

/** Sorts what the page fetched from the shop into JS and CSS, by load phase, with their wire sizes. */
async function countAssets(
  result: ViewportBytes,
  requests: readonly { request: Request; at: number }[],
  where: {
    origin: string;
    inHtml: Set<string>;
    otherRoutes: Set<string>;
    sizeOf: (url: string) => Promise<AssetSize>;
  },
): Promise<void> {
  const { origin, inHtml, otherRoutes, sizeOf } = where;
  const seen = new Set<string>();
  for (const { request, at } of requests) {
    const url = request.url();
    if (!/^https?:/.test(url)) continue;
    if (new URL(url).origin !== origin) {
      result.otherOrigins.push(url);
      continue;
    }
    result.requests++;
    const answer = await request.response();
    if (!answer || seen.has(url)) continue;
    const kind = assetKind((await answer.headerValue("content-type")) ?? "", url);
    if (!kind) continue;
    seen.add(url);
    const purpose = (await request.headerValue("sec-purpose")) ?? "";
    const phase: LoadPhase =
      otherRoutes.has(url) || purpose.includes("prefetch")
        ? "prefetch"
        : inHtml.has(url)
          ? "initial"
          : "lazy";
    const size = await sizeOf(url);
    const { pathname, search } = new URL(url);
    result.assets.push({
      path: pathname + search,
      kind,
      phase,
      status: answer.status(),
      requestedAtMs: Math.round(at),
      ...size,
    });
    const totals = kind === "js" ? result.js : result.css;
    totals[phase] += size.gzipBytes;
    totals.total += size.gzipBytes;
  }
}

async function measureViewport(
  browser: Browser,
  origin: string,
  path: string,
  viewport: ViewportName,
  sizeOf: (url: string) => Promise<AssetSize>,
): Promise<ViewportBytes> {
  const options = VIEWPORTS[viewport];
  const pageUrl = new URL(path, origin).href;
  const result: ViewportBytes = {
    viewport,
    width: options.viewport.width,
    height: options.viewport.height,
    status: null,
    js: emptyTotals(),
    css: emptyTotals(),
    htmlGzipBytes: 0,
    loadMs: 0,
    routeManifest: false,
    settled: false,
    requests: 0,
    otherOrigins: [],
    assets: [],
  };
  // A fresh context per load: empty cache, no cookies, as a first visit.
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const requests: { request: Request; at: number }[] = [];
    let inflight = 0;
    let lastActivity = performance.now();
    const started = performance.now();
    page.on("request", (request) => {
      requests.push({ request, at: performance.now() - started });
      inflight++;
      lastActivity = performance.now();
    });
    const done = () => {
      inflight = Math.max(0, inflight - 1);
      lastActivity = performance.now();
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);

    const response = await page.goto(pageUrl, { waitUntil: "load", timeout: NAVIGATION_TIMEOUT_MS });
    result.loadMs = Math.round(performance.now() - started);
    result.status = response?.status() ?? null;
    await page.waitForLoadState("networkidle", { timeout: NAVIGATION_TIMEOUT_MS });
    const settleLimit = performance.now() + MAX_SETTLE_MS;
    while (performance.now() < settleLimit) {
      if (inflight === 0 && performance.now() - lastActivity >= QUIET_MS) {
        result.settled = true;
        break;
      }
      await sleep(100);
    }

    const document = await wireSize(pageUrl, "gzip");
    result.htmlGzipBytes = document.bytes;
    const html = (await response?.text().catch(() => "")) ?? "";
    const inHtml = referencedAssets(html, pageUrl);
    const routes = (await page.evaluate(ROUTE_FILES_SCRIPT).catch(() => null)) as {
      own: string[];
      other: string[];
    } | null;
    result.routeManifest = routes !== null;
    const own = new Set(routes?.own);
    const otherRoutes = new Set(routes?.other.filter((url) => !own.has(url)));

    await countAssets(result, requests, { origin, inHtml, otherRoutes, sizeOf });
  } catch (error) {
    result.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    await context.close();
  }
  return result;
}

/** Loads every page at both viewports in Chromium and sizes what each one downloaded. */
export async function measureBytes(
  origin: string,
  pages: readonly PageTarget[],
): Promise<{ chromium: string; pages: PageBytes[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const sizeOf = createSizer();
  try {
    const results: PageBytes[] = [];
    for (const target of pages) {
      const entry: PageBytes = { name: target.name, path: target.path, viewports: [] };
      results.push(entry);
      if (!target.path) continue;
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const measured = await measureViewport(browser, origin, target.path, viewport, sizeOf);
        entry.viewports.push(measured);
        const kb = (n: number) => (n / 1000).toFixed(1);
        console.log(
          `  ${target.name} ${viewport}: status ${measured.status ?? "—"}, JS ${kb(measured.js.total)} kB ` +
            `(lazy ${kb(measured.js.lazy)}), CSS ${kb(measured.css.total)} kB gzip` +
            (measured.error ? `; error: ${measured.error}` : ""),
        );
      }
    }
    return { chromium: browser.version(), pages: results };
  } finally {
    await browser.close();
  }
}
