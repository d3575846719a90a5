import { BlockList, isIP } from "node:net";

// Where the shop may send webhooks (docs/integrations/webhooks.md#where-webhooks-may-go): a webhook
// is a request the shop's server makes to an address an admin typed, so a careless or hostile URL
// could reach what only the server can (a cloud metadata service, the database's admin port, a
// router). In production an endpoint must be https:// on a public address; the literal address in
// the URL is checked here when it is registered and again before each delivery, and a host name's
// addresses when the delivery connects (webhook-http.ts). Outside production, http:// to this
// machine is allowed too, so tests and local development can receive them.

/** What the shop allows: `local` outside production (CoreContext.localWebhooks). */
export interface WebhookTargetPolicy {
  local: boolean;
}

export const HTTPS_REQUIRED = "URL must start with https://.";
export const HTTPS_OR_LOOPBACK =
  "URL must start with https:// (http:// is allowed only to this machine: localhost or 127.0.0.1).";
export const NO_CREDENTIALS =
  "URL must not contain a user name or password: the signature authenticates the shop.";
export const PUBLIC_ADDRESS_REQUIRED =
  "URL must point to a public address, not a private, loopback or link-local one.";

// Addresses no webhook may reach in production: this host, private networks, link-local (cloud
// metadata at 169.254.169.254), carrier-grade NAT, documentation and benchmark ranges, multicast and
// reserved space; for IPv6 also the forms that embed an IPv4 address (NAT64, 6to4, Teredo), which
// could smuggle one of those in. BlockList checks an IPv4-mapped IPv6 address (::ffff:a.b.c.d)
// against the IPv4 rules itself. (RFC 6890 and the IANA special-purpose registries.)
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** Whether an IP address (v4 or v6, without brackets) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The URL's host as an address or name: no IPv6 brackets, no trailing dot, lower case. */
function hostOf(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** This machine: `localhost` (and names under it, RFC 6761), 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const family = isIP(host);
  if (family === 4) return host.startsWith("127.");
  return family === 6 && host === "::1";
}

/**
 * What is wrong with a webhook URL under the shop's policy, or null when it may be used. The URL
 * parser has already turned odd spellings of an address (`http://2130706433/`, `0x7f.1`) into the
 * dotted form, so they are checked as what they are.
 */
export function webhookUrlProblem(raw: string, policy: WebhookTargetPolicy): string | null {
  if (!URL.canParse(raw)) return HTTPS_REQUIRED;
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return policy.local ? HTTPS_OR_LOOPBACK : HTTPS_REQUIRED;
  if (url.username || url.password) return NO_CREDENTIALS;
  const host = hostOf(url);
  if (policy.local) {
    return url.protocol === "http:" && !isLoopbackHost(host) ? HTTPS_OR_LOOPBACK : null;
  }
  if (url.protocol !== "https:") return HTTPS_REQUIRED;
  if (isLoopbackHost(host)) return PUBLIC_ADDRESS_REQUIRED;
  if (isIP(host) !== 0 && !isPublicAddress(host)) return PUBLIC_ADDRESS_REQUIRED;
  return null;
}
