import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// An integrator's receiver for the webhook tests: a node:http server on 127.0.0.1 that keeps every
// request it gets and answers as the test tells it. verifyShopSignature is the recipe of
// docs/integrations/webhooks.md#verifying-a-delivery, written out as an integrator would, not
// borrowed from core's signer.

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  /** The body parsed: `{ id, type, createdAt, data }`. */
  payload: { id: string; type: string; createdAt: string; data: any };
  /** What the receiver answered. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Decides each answer's status; 200 unless told otherwise. */
  answer: (request: Omit<ReceivedWebhook, "status">, seenBefore: number) => number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hooks/shop"): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    received: [],
    answer: () => 200,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const request = { headers: req.headers, body, payload: JSON.parse(body) };
      const seenBefore = receiver.received.filter((r) => r.payload.id === request.payload.id).length;
      const status = receiver.answer(request, seenBefore);
      receiver.received.push({ ...request, status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "not now");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}

/**
 * The docs' verification: the `x-shop-signature` header is `t=<unix seconds>,v1=<hex>`; the HMAC-SHA256
 * of `<t>.<raw body>` under the endpoint's secret must equal one `v1`, and `t` be within five minutes
 * of the receiver's clock (`now`, in milliseconds).
 */
export function verifyShopSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  now: number = Date.now(),
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.split("=", 2);
    if (key === "t") timestamp = Number(value);
    if (key === "v1" && value) signatures.push(value);
  }
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest();
  return signatures.some((signature) => {
    const given = Buffer.from(signature, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Polls `read` until `done` holds (no fixed sleeps: each test's own timeout bounds the wait). */
export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
