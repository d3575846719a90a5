import { promisify } from "node:util";
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
// Below this a body gains nothing from compression (and costs the server more than it saves).
const MIN_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/** The encoding this shop answers an Accept-Encoding with: Brotli when named, else gzip, else none. */
export function chosenEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accept = acceptEncoding ?? "";
  return /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : undefined;
}

function encoder(encoding: "br" | "gzip") {
  return encoding === "br" ? createBrotliCompress(BROTLI) : createGzip({ level: 6 });
}

/**
 * Brotli (preferred) or gzip for HTML, JSON, JS, CSS and SVG. Streams chunk by chunk and flushes
 * after each, so server-rendered HTML still arrives progressively.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    const length = Number(res.headers.get("content-length") ?? Number.NaN);
    const encoding = chosenEncoding(c.req.header("accept-encoding"));
    // The body last: reading it turns the node server's light response into a full one
    // (docs/decisions/063-api-response-path.md), which an answer left as it is need not pay.
    if (
      !encoding ||
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 304 ||
      res.headers.has("content-encoding") ||
      !COMPRESSIBLE.test(type) ||
      length < MIN_BYTES ||
      !res.body
    ) {
      return;
    }

    // JSON is written whole (never streamed), but without a length: read it, leave a small answer
    // as it is (most API answers — a refused add-to-cart is 200 bytes — where compressing cost a
    // third of the request's CPU), and compress a large one in one call instead of a stream.
    // A download (Content-Disposition, e.g. the catalogue export) is streamed like HTML: buffering
    // a 90 MB file to compress it in one call would undo the export's bounded memory.
    if (
      type.startsWith("application/json") &&
      Number.isNaN(length) &&
      !res.headers.has("content-disposition")
    ) {
      const raw = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      let body: Uint8Array<ArrayBuffer> = raw;
      if (raw.byteLength >= MIN_BYTES) {
        body = new Uint8Array(
          encoding === "br" ? await brotliOnce(raw, BROTLI) : await gzipOnce(raw, { level: 6 }),
        );
        headers.set("content-encoding", encoding);
        headers.append("vary", "Accept-Encoding");
      }
      headers.set("content-length", String(body.byteLength));
      c.res = undefined;
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }

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
