import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "./webhook-url.ts";

// One webhook request, on node:http(s) rather than fetch, for what a request to a URL an admin typed
// needs (docs/integrations/webhooks.md#delivery): a redirect is an answer, never followed (it could
// lead anywhere, and would carry the signed body along); the whole exchange has a deadline; at most
// a few bytes of the answer are read, for the error an admin sees; and, in production, the addresses
// a host name resolves to are checked when the connection is made (`lookup`), so a name that points
// at a private address — or is changed to point at one after the URL was checked — is refused.

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The deadline for the whole exchange, from connecting to the answer's first bytes. */
  timeoutMs: number;
  /** How much of the answer's body is read (the rest is dropped with the connection). */
  maxResponseBytes: number;
  /** Refuse host names that resolve to a non-public address (production). */
  publicOnly: boolean;
}

export interface WebhookAnswer {
  status: number;
  /** The first `maxResponseBytes` of the answer's body, as text. */
  bodyStart: string;
}

/** dns.lookup, refusing a name any of whose addresses is not public. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const why = new Error(
        `${hostname} resolves to ${refused?.address ?? "no address"}, which is not a public address.`,
      ) as NodeJS.ErrnoException;
      why.code = "ENOTPUBLIC";
      return callback(why, "", 0);
    }
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
};

/** POSTs the body and resolves with the answer's status; rejects when no answer came. */
export function postWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const url = new URL(request.url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: "POST",
        headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
        signal: AbortSignal.timeout(request.timeoutMs),
        // A connection of its own: nothing pooled outlives the delivery or is shared between endpoints.
        agent: false,
        lookup: request.publicOnly ? publicLookup : undefined,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let read = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          response.destroy();
          resolve({ status: response.statusCode ?? 0, bodyStart: Buffer.concat(chunks).toString("utf8") });
        };
        response.on("data", (chunk: Buffer) => {
          if (read < request.maxResponseBytes)
            chunks.push(chunk.subarray(0, request.maxResponseBytes - read));
          read += chunk.length;
          if (read >= request.maxResponseBytes) finish();
        });
        // The status is the answer: a body cut short by the deadline or the peer changes nothing.
        response.on("end", finish);
        response.on("close", finish);
        response.on("error", finish);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
