import { Hono, type MiddlewareHandler } from "hono";
import { escapeHtml } from "#core/html.ts";
import type { Database } from "#db/client.ts";
import { listOutbox, type OutboxEntry } from "./adapters/outbox.ts";
import { clientIp } from "./middleware/rate-limit.ts";

export const OUTBOX_REFUSED =
  "The outbox answers only this machine. Set DEV_OUTBOX=open to let other machines read it.";

/**
 * The built-in outbox (docs/decisions/009-phone-verification.md), outside production only: what the
 * shop would have mailed or texted, newest first, as a page (`/dev/outbox`) and as JSON
 * (`/dev/outbox.json?to=…`) for tests. It holds every sign-in and reset code, so by default only
 * clients on this machine may read it (docs/decisions/021-safe-defaults.md).
 */
export function outboxRoutes(db: Database, options: { access: "local" | "open"; proxyHops: number }) {
  return new Hono()
    .use("/dev/*", options.access === "open" ? (_c, next) => next() : localOnly(options.proxyHops))
    .get("/dev/outbox.json", async (c) =>
      c.json(await listOutbox(db, { to: c.req.query("to") || undefined, limit: 100 })),
    )
    .get("/dev/outbox", async (c) => c.html(renderOutboxPage(await listOutbox(db, { limit: 100 }))));
}

/**
 * Loopback clients only, by the address the server vouches for (clientIp). A request that carries
 * forwarding headers the shop was not told to trust came through a proxy on this machine, and the
 * client behind it could be anyone: refused too.
 */
function localOnly(proxyHops: number): MiddlewareHandler {
  return async (c, next) => {
    const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((h) => c.req.header(h));
    const local = isLoopback(clientIp(c, proxyHops)) && (proxyHops > 0 || !forwarded);
    if (!local) return c.json({ status: "fail", message: OUTBOX_REFUSED }, 403);
    return next();
  };
}

export function isLoopback(address: string): boolean {
  return /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.test(address);
}

/**
 * A mail's HTML is shown as the recipient's client would show it, in a sandboxed frame (no scripts,
 * no same-origin access, the page's own Content-Security-Policy inherited), with its plain text
 * folded below; a text message is its text.
 */
function renderMessage(m: OutboxEntry): string {
  const title = escapeHtml(m.subject || "SMS");
  const text = `<pre>${escapeHtml(m.text)}</pre>`;
  const body = m.html
    ? `<iframe title="${escapeHtml(`${m.subject} (HTML)`)}" sandbox srcdoc="${escapeHtml(m.html)}"></iframe>
<details><summary>Plain text</summary>${text}</details>`
    : text;
  return `<article><h2>${title}</h2>
<p><b>${m.channel}</b> to ${escapeHtml(m.to)} · <time>${m.createdAt}</time></p>${body}</article>`;
}

function renderOutboxPage(messages: OutboxEntry[]): string {
  const items = messages.map(renderMessage).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox — shop</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f4f6;padding:.75rem}iframe{display:block;width:100%;height:44rem;border:1px solid #ddd;border-radius:.25rem;background:#fff}summary{cursor:pointer;margin:.5rem 0}</style></head>
<body><h1>Outbox</h1><p>Mail and SMS the shop sent through its built-in adapters (development only), newest first.</p>${items || "<p>No messages yet.</p>"}</body></html>`;
}
