// The HTTP ceiling: Hono on @hono/node-server with one route answering the captured `list` body.
// Same framework, same body size and the same JSON.stringify per request as the real route, but
// no middleware, validation or database: what the HTTP stack alone can serve on this machine.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const bodyFile = process.env.BENCH_BODY_FILE;
if (!bodyFile) throw new Error("BENCH_BODY_FILE must name the JSON body to serve");
const body: unknown = JSON.parse(readFileSync(bodyFile, "utf8"));

const app = new Hono();
app.get("/list", (c) => c.json(body));

serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
// Nothing to flush or close: stop at once, even with keep-alive connections open.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => process.exit(0));
