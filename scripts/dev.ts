import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createRequestHandler } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "#server/app.ts";
import { loadConfigOrExit } from "#server/config.ts";
import { firebasePublicConfig } from "#server/firebase-public-config.ts";
import { createServices, startupBanner } from "#server/index.ts";

// Development: Vite serves the storefront with hot module reload; `tsx watch` restarts this
// process when server or core code changes. The API and pages share the same core services.
const config = loadConfigOrExit();

const services = await createServices(config);
const server = createHttpServer();
// Vite's hot-reload socket on the shop's own server and port: the Content-Security-Policy's
// connect-src 'self' covers it, where Vite's own port (24678) would be refused (decision 023).
const vite = await createViteServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
const app = createApp({
  ctx: services.ctx,
  config,
  logger: services.logger,
  rateLimiter: services.rateLimiter,
  renderPage: async (request, { clientIp, cspNonce }) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, {
      core: services.ctx,
      publicUrl: config.PUBLIC_URL,
      clientIp,
      cspNonce,
      firebase: firebasePublicConfig(config),
    });
  },
});
const listener = getRequestListener(app.fetch);
server.on("request", (req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(config.PORT, config.HOST, () =>
  console.log(startupBanner(`http://localhost:${config.PORT}`, config)),
);

const stop = async () => {
  server.close();
  await vite.close();
  await services.database.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
