// A child process for tests that need a real server process: the API without the storefront build.
import { loadConfig } from "#server/config.ts";
import { createServices, runServer } from "#server/index.ts";

const services = await createServices(loadConfig());
const running = await runServer(services, {});
const address = running.server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : ""}\n`);
