import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfigOrExit } from "#server/config.ts";
import { firebasePublicConfig } from "#server/firebase-public-config.ts";
import { createServices, runServer, startupBanner } from "#server/index.ts";

const BUILD_ENTRY = path.resolve("build/server/index.js");

function newestMtime(dir: string): number {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

// The server build bundles app/ together with the core, contract and db code its loaders call.
const SOURCES = ["app", "core", "contract", "db", "react-router.config.ts", "vite.config.ts"];

/** Builds the storefront when there is no build, or when its sources changed since the last one. */
function buildIfNeeded() {
  const built = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
  const stale = built === 0 || SOURCES.some((source) => newestMtime(source) > built);
  if (!stale) return;
  console.log("building the storefront (react-router build)…");
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    stdio: "inherit",
  });
}

const config = loadConfigOrExit();

buildIfNeeded();
// React Router's production build for the router, the page build and @react-router/node alike: its
// package exports name only the development build (scripts/react-router-production.mjs). Imported
// after the hook, so every import of it resolves through it.
if (config.NODE_ENV === "production") register("./react-router-production.mjs", import.meta.url);
const { createRequestHandler } = await import("react-router");
const build = (await import(pathToFileURL(BUILD_ENTRY).href)) as ServerBuild;
const services = await createServices(config);
const handle = createRequestHandler(build, config.NODE_ENV === "production" ? "production" : "development");
const running = await runServer(services, {
  clientDir: path.relative(process.cwd(), path.resolve("build/client")),
  renderPage: (request, { clientIp, cspNonce }) =>
    handle(request, {
      core: services.ctx,
      publicUrl: config.PUBLIC_URL,
      clientIp,
      cspNonce,
      firebase: firebasePublicConfig(config),
    }),
});
console.log(startupBanner(running.url, config));
