// A real server process for tests that need one (graceful shutdown, a crash in the middle of
// checkouts): the API without the storefront pages, configured only by the environment the test
// passes (DATABASE_URL, PORT, JWT_SECRET, RATE_LIMIT_PER_MINUTE, ...), never by a developer's `.env`.
// Prints `listening <port>` once it serves.
//
// With TEST_CHECKOUT_PORT set (0: any free port) it also serves `POST /pay/<sessionId>` there, the
// built-in test checkout's payment (core's payTestCheckout, as the payment page's form will call
// it), and prints `listening <port> checkout <port>`: a payment then runs inside this process and can
// be cut off with it. The storefront page that takes test card payments is not served without pages.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { testCardBody } from "#contract/shopping.ts";
import { payTestCheckout } from "#core/payments/builtin-checkout.ts";
import { parseBody } from "#server/api/validate.ts";
import { loadConfig } from "#server/config.ts";
import { createServices, runServer } from "#server/index.ts";
import { handleApiError } from "#server/middleware/errors.ts";

// TEST_JOB_QUEUE=fast: the job queue polls and retries as the test shop's does (tests/support/app.ts).
const config = loadConfig(process.env);
const services = await createServices(
  config,
  undefined,
  process.env.TEST_JOB_QUEUE === "fast"
    ? { jobQueue: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, retryDelayMaxSeconds: 2 } }
    : {},
);
const running = await runServer(services, {});
let line = `listening ${(running.server.address() as AddressInfo).port}`;

if (process.env.TEST_CHECKOUT_PORT !== undefined) {
  const checkout = new Hono()
    .post("/pay/:sessionId", async (c) =>
      c.json(await payTestCheckout(services.ctx, c.req.param("sessionId"), await parseBody(c, testCardBody))),
    )
    .onError(handleApiError);
  const port = await new Promise<number>((resolve) => {
    serve(
      { fetch: checkout.fetch, port: Number(process.env.TEST_CHECKOUT_PORT), hostname: "127.0.0.1" },
      (info) => resolve(info.port),
    );
  });
  line += ` checkout ${port}`;
}
process.stdout.write(`${line}\n`);
