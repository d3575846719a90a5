import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  contentSecurityPolicy,
  newNonce,
  PERMISSIONS_POLICY,
  type SecurityHeadersConfig,
} from "./middleware/security-headers.ts";

/**
 * Node's HTTP parser refuses a request whose headers (request line included) pass 16 KB before the
 * app sees it, and by default answers a bare 431 the browser shows as its own error page. This
 * answers it with the shop's own page instead (docs/decisions/032-odd-input-answers.md): static
 * HTML in the look of the global error pages (docs/storefront/README.md#global-error-pages), since
 * React cannot render a request that was never parsed, with the headers every response carries
 * (docs/decisions/023-security-headers.md).
 */
export const OVERSIZED_TITLE = "This address is too long";
export const OVERSIZED_PARAGRAPH =
  "The link you followed is longer than the shop can read. Try a shorter search, or start again from the home page.";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${OVERSIZED_TITLE} — shop</title>
<style>
  :root { color-scheme: light dark; }
  body { margin: 0; font-family: ui-sans-serif, system-ui, sans-serif; background: #fff; color: #111827; }
  header { border-bottom: 1px solid #e5e7eb; padding: 1rem; font-weight: 800; font-size: 1.25rem; letter-spacing: -0.025em; }
  header a { color: inherit; text-decoration: none; }
  main { max-width: 32rem; margin: 0 auto; padding: 3.5rem 1rem; text-align: center; }
  h1 { margin: 1.5rem 0 0; font-size: 1.5rem; font-weight: 700; letter-spacing: -0.025em; }
  p { margin: 0.75rem 0 0; color: #4b5563; line-height: 1.5; }
  .button { display: inline-flex; align-items: center; height: 2.5rem; margin-top: 2rem; border-radius: 9999px;
    background: #4338ca; color: #fff; padding: 0 1.25rem; font-size: 0.875rem; font-weight: 600; text-decoration: none; }
  @media (prefers-color-scheme: dark) {
    body { background: #030712; color: #f3f4f6; }
    header { border-color: #1f2937; }
    p { color: #9ca3af; }
    .button { background: #818cf8; color: #030712; }
  }
</style>
</head>
<body>
<header><a href="/">shop</a></header>
<main>
<h1>${OVERSIZED_TITLE}</h1>
<p>${OVERSIZED_PARAGRAPH}</p>
<a class="button" href="/">GO TO HOME</a>
</main>
</body>
</html>
`;

/** The raw HTTP response for a request whose headers were too large: status 431, then close. */
export function oversizedResponse(config: SecurityHeadersConfig): string {
  const body = Buffer.from(PAGE, "utf8");
  const headers = [
    "HTTP/1.1 431 Request Header Fields Too Large",
    "Content-Type: text/html; charset=utf-8",
    `Content-Length: ${body.byteLength}`,
    "Cache-Control: no-store",
    "Connection: close",
    `Content-Security-Policy: ${contentSecurityPolicy(newNonce(), config)}`,
    "X-Content-Type-Options: nosniff",
    "X-Frame-Options: DENY",
    "Referrer-Policy: strict-origin-when-cross-origin",
    `Permissions-Policy: ${PERMISSIONS_POLICY}`,
  ];
  return `${headers.join("\r\n")}\r\n\r\n${PAGE}`;
}

/** What Node itself answers for the other parse errors (its default `clientError` behaviour). */
function defaultStatus(code: string | undefined): string {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return "408 Request Timeout";
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return "413 Payload Too Large";
  return "400 Bad Request";
}

/**
 * Answers requests Node could not parse. Listening to `clientError` replaces Node's default answer,
 * so every other parse error gets that default (a bare status, then close) and a socket that is
 * gone or already answering is only closed: a malformed request never crashes the server.
 */
export function answerOversizedRequests(server: Server, config: SecurityHeadersConfig): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const response =
      error.code === "HPE_HEADER_OVERFLOW"
        ? oversizedResponse(config)
        : `HTTP/1.1 ${defaultStatus(error.code)}\r\nConnection: close\r\n\r\n`;
    socket.end(response);
  });
}
