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
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const app = createApp({
  ctx: services.ctx,
  config,
  logger: services.logger,
  rateLimiter: services.rateLimiter,
  renderPage: async (request, { clientIp }) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, {
      core: services.ctx,
      publicUrl: config.PUBLIC_URL,
      clientIp,
      firebase: firebasePublicConfig(config),
    });
  },
});
const listener = getRequestListener(app.fetch);
const server = createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
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
