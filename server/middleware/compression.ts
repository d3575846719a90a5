import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
// Below this a known-length body gains nothing; bodies of unknown length (JSON, streamed HTML) are compressed.
const MIN_BYTES = 1024;

function encoder(encoding: "br" | "gzip") {
  return encoding === "br"
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}

/**
 * Brotli (preferred) or gzip for HTML, JSON, JS, CSS and SVG. Streams chunk by chunk and flushes
 * after each, so server-rendered HTML still arrives progressively.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const accept = c.req.header("accept-encoding") ?? "";
    const type = res.headers.get("content-type") ?? "";
    const length = Number(res.headers.get("content-length") ?? Number.NaN);
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 304 ||
      res.headers.has("content-encoding") ||
      !COMPRESSIBLE.test(type) ||
      length < MIN_BYTES
    ) {
      return;
    }
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : undefined;
    if (!encoding) return;

    const zip = encoder(encoding);
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        zip.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
        zip.on("end", () => controller.close());
        zip.on("error", (error) => controller.error(error));
      },
      async pull() {
        const { done, value } = await reader.read();
        if (done) {
          zip.end();
          return;
        }
        await new Promise<void>((resolve) => {
          zip.write(value);
          zip.flush(resolve);
        });
      },
      cancel(reason) {
        reader.cancel(reason).catch(() => {});
        zip.destroy();
      },
    });
    // Assign first: Hono copies the old response's headers onto the new one, length included.
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    c.res.headers.delete("content-length");
    c.res.headers.set("content-encoding", encoding);
    c.res.headers.append("vary", "Accept-Encoding");
  };
}
