// The HTTP ceiling: Hono on @hono/node-server with one route answering a captured body (the `list`
// response for the api benchmark, a 409 refusal with BENCH_STATUS=409 for the cart benchmark's rush,
// which POSTs). Same framework, same body size and the same JSON.stringify per request as the real
// route, but no middleware, validation or database: what the HTTP stack alone can serve here.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const bodyFile = process.env.BENCH_BODY_FILE;
if (!bodyFile) throw new Error("BENCH_BODY_FILE must name the JSON body to serve");
const body: unknown = JSON.parse(readFileSync(bodyFile, "utf8"));
const status = Number(process.env.BENCH_STATUS ?? 200) as 200 | 409;

const app = new Hono();
app.on(["GET", "POST"], "/list", (c) => c.json(body, status));

serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
  console.log(`listening http://127.0.0.1:${info.port}`);
});
// Nothing to flush or close: stop at once, even with keep-alive connections open.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => process.exit(0));
