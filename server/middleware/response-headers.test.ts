import { type Context, Hono } from "hono";
import { describe, expect, it } from "vitest";
import { appendResponseHeader, setResponseHeaders } from "./response-headers.ts";

/** An app whose handler answers `made()`, with `after` run on the way out; `seen` is what reached the outermost middleware. */
function appAnswering(made: () => Response, after: (c: Context) => void) {
  const seen: { returned?: Response; final?: Response } = {};
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    seen.final = c.res;
  });
  app.use(async (c, next) => {
    await next();
    after(c);
  });
  app.get("/", () => {
    seen.returned = made();
    return seen.returned;
  });
  return { app, seen };
}

describe("headers set after the handler", () => {
  it("go on the handler's own response, which is sent as it was made", async () => {
    const { app, seen } = appAnswering(
      () => new Response('{"ok":true}', { headers: { "content-type": "application/json" } }),
      (c) => {
        setResponseHeaders(c, [
          ["X-One", "1"],
          ["X-Two", "2"],
        ]);
        appendResponseHeader(c, "Vary", "Origin");
        appendResponseHeader(c, "Vary", "Accept-Encoding");
      },
    );
    const res = await app.request("/");
    // Not rebuilt around its body: the node server writes this response's string directly.
    expect(seen.final).toBe(seen.returned);
    expect(res.headers.get("x-one")).toBe("1");
    expect(res.headers.get("x-two")).toBe("2");
    expect(res.headers.get("vary")).toBe("Origin, Accept-Encoding");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("copy a response whose headers cannot change (a redirect, one passed through from fetch) first", async () => {
    const { app, seen } = appAnswering(
      () => Response.redirect("https://shop.example/elsewhere", 302),
      (c) => {
        setResponseHeaders(c, [["X-One", "1"]]);
        appendResponseHeader(c, "Vary", "Origin");
      },
    );
    const res = await app.request("/");
    expect(seen.final).not.toBe(seen.returned);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://shop.example/elsewhere");
    expect(res.headers.get("x-one")).toBe("1");
    expect(res.headers.get("vary")).toBe("Origin");
  });
});
