import { Writable } from "node:stream";
import { Hono } from "hono";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { requestLog } from "./request-log.ts";

describe("request log", () => {
  it("writes one JSON line per request with its id, method, path, status and duration", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const app = new Hono();
    app.use(requestLog(pino({ level: "info" }, sink)));
    app.get("/things", (c) => {
      c.get("logger").info("inside the handler");
      return c.json({ ok: true });
    });
    const res = await app.request("/things", { headers: { "x-request-id": "req-42" } });
    expect(res.headers.get("x-request-id")).toBe("req-42");
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+\.\d{2}$/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => l.msg)).toEqual(["inside the handler", "request"]);
    expect(lines[0]).toMatchObject({ requestId: "req-42" });
    expect(lines[1]).toMatchObject({ requestId: "req-42", method: "GET", path: "/things", status: 200 });
    expect(typeof lines[1]!.ms).toBe("number");
  });
});
