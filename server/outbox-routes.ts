import { Hono } from "hono";
import { escapeHtml } from "#core/html.ts";
import type { Database } from "#db/client.ts";
import { listOutbox, type OutboxEntry } from "./adapters/outbox.ts";

/**
 * The built-in outbox (DESIGN), outside production only: what the shop would have mailed or texted,
 * newest first, as a page (`/dev/outbox`) and as JSON (`/dev/outbox.json?to=…`) for tests.
 */
export function outboxRoutes(db: Database) {
  return new Hono()
    .get("/dev/outbox.json", async (c) =>
      c.json(await listOutbox(db, { to: c.req.query("to") || undefined, limit: 100 })),
    )
    .get("/dev/outbox", async (c) => c.html(renderOutboxPage(await listOutbox(db, { limit: 100 }))));
}

function renderOutboxPage(messages: OutboxEntry[]): string {
  const items = messages
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject || "SMS")}</h2>
<p><b>${m.channel}</b> to ${escapeHtml(m.to)} · <time>${m.createdAt}</time></p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox — shop</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap;background:#f3f4f6;padding:.75rem}</style></head>
<body><h1>Outbox</h1><p>Mail and SMS the shop sent through its built-in adapters (development only), newest first.</p>${items || "<p>No messages yet.</p>"}</body></html>`;
}
