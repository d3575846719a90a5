import { randomFillSync } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { isSecureRequest } from "#contract/session.ts";
import type { Config } from "../config.ts";
import { setResponseHeaders } from "./response-headers.ts";

// The page renderer reads the nonce from here (server/app.ts hands it to React Router).
declare module "hono" {
  interface ContextVariableMap {
    /** This response's Content-Security-Policy nonce: every inline script of the page carries it. */
    cspNonce: string;
  }
}

/**
 * What the policy depends on. The Firebase and payment settings are optional so an app built for
 * tests without them gets the policy of a shop that verifies phones and takes payments itself.
 */
export type SecurityHeadersConfig = Pick<Config, "PUBLIC_URL"> &
  Partial<
    Pick<
      Config,
      | "SMS_PROVIDER"
      | "FIREBASE_AUTH_DOMAIN"
      | "FIREBASE_AUTH_EMULATOR_HOST"
      | "PAYMENT_PROVIDER"
      | "STRIPE_API_BASE"
      | "S3_PUBLIC_URL"
    >
  >;

/** Stripe's hosted payment page: a card checkout posted without JavaScript is redirected there. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/**
 * The hosts the Firebase phone flow needs (docs/decisions/023-security-headers.md): reCAPTCHA's
 * script and frames (Google's documented allow-list), and the Identity Toolkit and token APIs.
 */
const RECAPTCHA_SCRIPTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const RECAPTCHA_FRAMES = ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"];
const FIREBASE_APIS = ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com"];
/** With an auth domain, the SDK opens its helper frame eagerly on Safari and phones, through gapi. */
const GAPI_SCRIPTS = ["https://apis.google.com"];

const NONCE_BYTES = 16;
/** Random bytes drawn 4 kB at a time: a call into OpenSSL per request cost 1 % of an API answer. */
const noncePool = Buffer.alloc(4096);
let noncePoolUsed = noncePool.length;

/**
 * A fresh 128-bit nonce, base64 as CSP's nonce-source grammar takes it. Each comes from bytes of
 * the CSPRNG no other nonce used, as Node's randomUUID draws from its own cache.
 */
export function newNonce(): string {
  if (noncePoolUsed + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolUsed, noncePoolUsed + NONCE_BYTES);
  noncePoolUsed += NONCE_BYTES;
  return nonce;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of one response. Scripts run only from this origin or inline with
 * `nonce` — or, for a page a shared cache may keep, inline with one of `nonce`'s sha256 hash sources
 * (server/middleware/shared-cache.ts, docs/decisions/054-shared-cache.md); nothing may frame the shop, embed plugins, move the base URL or post forms elsewhere.
 * Styles keep 'unsafe-inline': React renders `style` attributes and the outbox page has a `<style>`
 * block, and the threat CSP answers here is script injection (decision 023).
 */
export function contentSecurityPolicy(nonce: string | string[], config: SecurityHeadersConfig): string {
  // 'report-sample': a violation report quotes the refused script's start (the e2e fixture prints it).
  const inline = typeof nonce === "string" ? [`'nonce-${nonce}'`] : nonce;
  const scripts = ["'self'", ...inline, "'report-sample'"];
  const connects = ["'self'"];
  let frames = ["'none'"];
  if (config.SMS_PROVIDER === "firebase") {
    scripts.push(...RECAPTCHA_SCRIPTS);
    connects.push(...FIREBASE_APIS);
    frames = [...RECAPTCHA_FRAMES];
    const emulator = config.FIREBASE_AUTH_EMULATOR_HOST
      ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}`
      : undefined;
    if (emulator) connects.push(emulator);
    if (config.FIREBASE_AUTH_DOMAIN) {
      scripts.push(...GAPI_SCRIPTS);
      // The helper frame comes from the emulator when there is one (firebase's getIframeUrl).
      frames.push(emulator ?? `https://${config.FIREBASE_AUTH_DOMAIN}`);
    }
  }
  // A form post's redirect is checked against form-action (Chromium does): the card checkout
  // posted without JavaScript ends on the payment page, and the builtin one on PUBLIC_URL.
  const forms = ["'self'"];
  const publicOrigin = originOf(config.PUBLIC_URL);
  if (publicOrigin) forms.push(publicOrigin);
  if (config.PAYMENT_PROVIDER === "stripe") {
    forms.push(STRIPE_CHECKOUT_ORIGIN);
    const standIn = originOf(config.STRIPE_API_BASE);
    if (standIn) forms.push(standIn);
  }
  // Uploaded photos come from the bucket's own address when S3_PUBLIC_URL is set (decision 045).
  const images = ["'self'", "data:", "blob:"];
  const bucketOrigin = originOf(config.S3_PUBLIC_URL);
  if (bucketOrigin) images.push(bucketOrigin);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", scripts],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", images],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", connects],
    // canvas-confetti (the coupon celebration) draws in a worker it starts from a blob: URL.
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", frames],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", [...new Set(forms)]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * Security headers on every response: API answers, images, static files, pages, errors and 404s
 * (docs/decisions/023-security-headers.md). The nonce is made before the handlers run, so the page
 * renderer can put it on its inline scripts, and the policy naming it is set on the way out.
 */
export function securityHeaders(config: SecurityHeadersConfig): MiddlewareHandler {
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    // A shareable answer carries no nonce: a cached copy would hand the same one to every visitor.
    const hashes = c.get("cspScriptHashes");
    const headers: [string, string][] = [
      ["Content-Security-Policy", contentSecurityPolicy(hashes ?? nonce, config)],
      ["X-Content-Type-Options", "nosniff"],
      ["X-Frame-Options", "DENY"],
      ["Referrer-Policy", "strict-origin-when-cross-origin"],
      ["Permissions-Policy", PERMISSIONS_POLICY],
    ];
    // The request URL is the public one (publicRequestUrls, mounted before this): https when the
    // client or our outermost trusted proxy used it; a client's own X-Forwarded-Proto never counts.
    if (isSecureRequest(c.req.url, config.PUBLIC_URL)) {
      headers.push(["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY]);
    }
    setResponseHeaders(c, headers);
  };
}
