import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { deferHydrationStream } from "./lib/deferred-hydration.server.ts";
import { pageLog } from "./lib/log.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's default document renderer with two changes (docs/decisions/011): boundaries that
 * completed in time are written in place (no outlining, so no reveal scripts), and the document
 * goes through `deferHydrationStream`, which starts hydration after the first paint.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Every inline script (React Router's, React's, the root's own) carries the response's nonce:
    // the Content-Security-Policy allows no other inline script (docs/decisions/023). A page a
    // shared cache may keep has none (an empty one): its scripts are hashed instead, once the whole
    // document is there (docs/decisions/054-shared-cache.md).
    const nonce = loadContext.cspNonce || undefined;
    // Crawlers, and a page for the shared cache (buffered whole anyway), get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || nonce === undefined
        ? "onAllReady"
        : "onShellReady";

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(deferHydrationStream()).pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject and are logged by React Router; later ones here.
          if (shellRendered) pageLog.error({ err: error }, "rendering a page failed");
        },
      },
    );
  });
}

/**
 * Errors loaders and actions throw (React Router would print them raw): logged through the pages'
 * redacting log, since a failed query's message carries its parameters. A request the client
 * abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  pageLog.error({ err: error }, "a loader or action failed");
};
