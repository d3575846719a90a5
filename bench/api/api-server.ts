// The real shop server, API only, for the benchmark: `node --import tsx bench/api/api-server.ts`.
// The parent sets DATABASE_URL, PORT, RATE_LIMIT_PER_MINUTE=0 and LOG_LEVEL=warn, and reads the
// `listening <url>` line. Runs in its own process so that autocannon does not share its event loop.
import type { AddressInfo } from "node:net";
import { loadConfig } from "#server/config.ts";
import { createServices, runServer } from "#server/index.ts";

// Only the environment the parent gave: a developer's .env must not change what is measured.
const config = loadConfig(process.env);
const services = await createServices(config);
// No clientDir / renderPage: the storefront pages are not part of this benchmark.
const running = await runServer(services, {});
const { port } = running.server.address() as AddressInfo;
console.log(`listening http://127.0.0.1:${port}`);
