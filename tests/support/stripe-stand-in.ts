import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for Stripe's REST API: what the `stripe` SDK sends for Checkout, read from
 * the installed package (form-encoded bodies with bracketed keys such as
 * `line_items[0][price_data][unit_amount]=2500`, `Authorization: Bearer sk_…`, an `Idempotency-Key`
 * on every POST) and answered in Stripe's shapes:
 *
 * - `POST /v1/coupons`, `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`,
 *   `POST /v1/checkout/sessions/:id/expire`, `GET /v1/checkout/sessions?payment_intent=`;
 * - refunds: `POST /v1/refunds` (of a payment intent or charge, never more than is left of it),
 *   `GET /v1/refunds/:id`, `GET /v1/refunds?payment_intent=|charge=`. A paid session gets a payment
 *   intent and a charge; a test can make new refunds pending, settle or fail them as Stripe later
 *   would, and refund in "the Dashboard" (no metadata of the shop's);
 * - errors as `{error: {type: "invalid_request_error", message, param}}` (400; 404 for an unknown
 *   id; 401 for a wrong key), which the SDK turns into its error classes;
 * - an `Idempotency-Key` seen before answers the first response again (`Idempotent-Replayed:
 *   true`), or an `idempotency_error` when the parameters differ.
 *
 * It records every request for assertions, can be told to fail (500 or a reset connection) and
 * builds the events Stripe would deliver to the webhook from its own session objects.
 */
export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`: the adapter's `apiBaseUrl`. */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  session(id: string): StripeSession | undefined;
  coupon(id: string): StripeCoupon | undefined;
  /**
   * From now on answer every request with a 500, or drop its connection (before acting on it), or
   * act on each POST and then drop the connection (`lost-reply`: the answer to a change never
   * arrives; reads are answered); `null` to recover.
   */
  failWith(mode: "server-error" | "connection-reset" | "lost-reply" | null): void;
  /** The status new refunds start in (`succeeded`, as card refunds mostly do, by default). */
  newRefundsAre(status: "succeeded" | "pending"): void;
  refund(id: string): StripeRefund | undefined;
  /** A payment intent's refunds, newest first. */
  refundsOf(paymentIntent: string): StripeRefund[];
  /** Stripe settles (or fails, or cancels) a refund later; a failed or cancelled one frees its amount. */
  updateRefund(id: string, status: "succeeded" | "failed" | "canceled", failureReason?: string): StripeRefund;
  /** Someone refunds in the Dashboard: a refund without the shop's metadata. */
  refundInDashboard(paymentIntent: string, amount: number): StripeRefund;
  /** The charge of a paid session's payment intent, as `charge.refunded` carries it (refunds not expanded). */
  charge(paymentIntent: string): StripeCharge;
  /** The shopper paid (or, with `paid: false`, completed with a delayed payment method). */
  completeSession(id: string, options?: { paid?: boolean }): StripeSession;
  /** The JSON body Stripe would deliver to the webhook about this object (a session, mostly). */
  event(type: string, object: object, options?: { id?: string }): { id: string; payload: string };
  close(): Promise<void>;
}

export interface RecordedRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** The form body (or query) parsed into nested objects and arrays. */
  params: Record<string, any>;
  idempotencyKey: string | undefined;
  apiKey: string | undefined;
}

export interface StripeSession {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  discounts: { coupon: string }[];
  line_items: { price_data: Record<string, any>; quantity: number }[];
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  url: string | null;
  /** Set when the shopper paid. */
  payment_intent: string | null;
}

export interface StripeRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "pending" | "succeeded" | "failed" | "canceled";
  failure_reason?: string;
  transfer_reversal: null;
}

export interface StripeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_refunded: number;
  captured: true;
  currency: string;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
  created: number;
  livemode: false;
}

interface Payment {
  id: string;
  chargeId: string;
  sessionId: string;
  amount: number;
  currency: string;
  created: number;
}

export interface StripeCoupon {
  id: string;
  object: "coupon";
  amount_off: number | null;
  percent_off: number | null;
  currency: string | null;
  duration: string;
  max_redemptions: number | null;
  times_redeemed: number;
  name: string | null;
  metadata: Record<string, string>;
  valid: boolean;
  created: number;
  livemode: false;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly type = "invalid_request_error",
    readonly code?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) => new StripeApiError(400, `Missing required param: ${param}.`, param);
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
const randomId = (prefix: string, bytes = 12) => `${prefix}${randomBytes(bytes).toString("hex")}`;

/** `a[b][0][c]=v` pairs into nested objects; objects keyed 0, 1, 2… become arrays (as qs reads them). */
export function parseStripeForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = key.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
    if (!match) throw new StripeApiError(400, `Invalid parameter name: ${key}`, key);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    let node = root;
    for (const segment of path.slice(0, -1)) {
      if (typeof node[segment] !== "object" || node[segment] === null) node[segment] = {};
      node = node[segment];
    }
    node[path.at(-1)!] = value;
  }
  const arrays = (value: any): any => {
    if (typeof value !== "object" || value === null) return value;
    const keys = Object.keys(value);
    const entries = keys.map((k) => [k, arrays(value[k])] as const);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root);
}

function integer(value: unknown, param: string, min: number): number {
  if (typeof value !== "string" || !/^-?\d+$/.test(value)) {
    throw new StripeApiError(400, `Invalid integer: ${String(value)}`, param);
  }
  const n = Number(value);
  if (n < min) throw new StripeApiError(400, `This value must be greater than or equal to ${min}.`, param);
  return n;
}

function stringMap(value: unknown, param: string): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new StripeApiError(400, `Invalid object`, param);
  }
  return value as Record<string, string>;
}

export async function startStripeStandIn(
  options: {
    /** The only key accepted; any `sk_test_…` when absent. */
    secretKey?: string;
    /** The clock sessions are created on (and `expires_at` checked against). */
    now?: () => Date;
  } = {},
): Promise<StripeStandIn> {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const sessions = new Map<string, StripeSession>();
  const coupons = new Map<string, StripeCoupon>();
  const replies = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, StripeRefund>();
  let newRefundStatus: "succeeded" | "pending" = "succeeded";
  const requests: RecordedRequest[] = [];
  let failure: "server-error" | "connection-reset" | "lost-reply" | null = null;
  let url = "";

  function createCoupon(params: Record<string, any>): StripeCoupon {
    const duration = params.duration;
    if (duration === undefined) throw missing("duration");
    if (!["once", "repeating", "forever"].includes(duration)) {
      throw new StripeApiError(
        400,
        `Invalid duration: must be one of once, forever, or repeating`,
        "duration",
      );
    }
    if (params.amount_off === undefined && params.percent_off === undefined) {
      throw new StripeApiError(400, "Must provide either amount_off or percent_off.", "amount_off");
    }
    const amountOff = params.amount_off === undefined ? null : integer(params.amount_off, "amount_off", 1);
    if (amountOff !== null && params.currency === undefined) throw missing("currency");
    const coupon: StripeCoupon = {
      id: randomBytes(4).toString("hex").toUpperCase(),
      object: "coupon",
      amount_off: amountOff,
      percent_off: params.percent_off === undefined ? null : Number(params.percent_off),
      currency: params.currency ?? null,
      duration,
      max_redemptions:
        params.max_redemptions === undefined ? null : integer(params.max_redemptions, "max_redemptions", 1),
      times_redeemed: 0,
      name: params.name ?? null,
      metadata: stringMap(params.metadata, "metadata"),
      valid: true,
      created: now(),
      livemode: false,
    };
    coupons.set(coupon.id, coupon);
    return coupon;
  }

  function createSession(params: Record<string, any>): StripeSession {
    const created = now();
    if (params.mode === undefined) throw missing("mode");
    if (params.mode !== "payment") {
      throw new StripeApiError(400, `This stand-in speaks mode=payment only, not ${params.mode}.`, "mode");
    }
    // A hosted page has to send the shopper somewhere after paying; the shop always says where.
    if (params.success_url === undefined) throw missing("success_url");
    const lines = params.line_items;
    if (!Array.isArray(lines) || lines.length === 0) throw missing("line_items");
    let currency: string | undefined;
    let subtotal = 0;
    const lineItems = lines.map((line: any, i: number) => {
      const at = `line_items[${i}]`;
      const price = line?.price_data;
      if (price === undefined) throw missing(`${at}[price_data]`);
      if (price.currency === undefined) throw missing(`${at}[price_data][currency]`);
      if (currency !== undefined && price.currency !== currency) {
        throw new StripeApiError(
          400,
          "All line items must use the same currency.",
          `${at}[price_data][currency]`,
        );
      }
      currency = price.currency;
      if (price.unit_amount === undefined) throw missing(`${at}[price_data][unit_amount]`);
      const unitAmount = integer(price.unit_amount, `${at}[price_data][unit_amount]`, 0);
      if (price.product_data?.name === undefined && price.product === undefined) {
        throw missing(`${at}[price_data][product_data][name]`);
      }
      if (line.quantity === undefined) throw missing(`${at}[quantity]`);
      const quantity = integer(line.quantity, `${at}[quantity]`, 1);
      subtotal += unitAmount * quantity;
      return { price_data: price, quantity };
    });

    let discount = 0;
    const discounts: { coupon: string }[] = [];
    for (const [i, entry] of (Array.isArray(params.discounts) ? params.discounts : []).entries()) {
      const coupon = coupons.get(entry?.coupon);
      if (!coupon) {
        throw new StripeApiError(
          400,
          `No such coupon: '${entry?.coupon}'`,
          `discounts[${i}][coupon]`,
          "invalid_request_error",
          "resource_missing",
        );
      }
      if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
        throw new StripeApiError(400, `Coupon ${coupon.id} has been redeemed its maximum number of times.`);
      }
      if (coupon.amount_off !== null && coupon.currency !== currency) {
        throw new StripeApiError(
          400,
          `Coupon ${coupon.id} is in another currency.`,
          `discounts[${i}][coupon]`,
        );
      }
      discount += coupon.amount_off ?? Math.round(((subtotal - discount) * (coupon.percent_off ?? 0)) / 100);
      discounts.push({ coupon: coupon.id });
    }
    discount = Math.min(discount, subtotal);

    let expiresAt = created + MAX_LIFETIME_S;
    if (params.expires_at !== undefined) {
      expiresAt = integer(params.expires_at, "expires_at", 0);
      if (expiresAt < created + MIN_LIFETIME_S) {
        throw new StripeApiError(
          400,
          "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.",
          "expires_at",
        );
      }
      if (expiresAt > created + MAX_LIFETIME_S) {
        throw new StripeApiError(
          400,
          "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.",
          "expires_at",
        );
      }
    }
    if (params.customer_email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(params.customer_email)) {
      throw new StripeApiError(400, `Invalid email address: ${params.customer_email}`, "customer_email");
    }

    const id = randomId("cs_test_");
    const session: StripeSession = {
      id,
      object: "checkout.session",
      mode: params.mode,
      status: "open",
      payment_status: "unpaid",
      currency: currency!,
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      discounts,
      line_items: lineItems,
      metadata: stringMap(params.metadata, "metadata"),
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      created,
      expires_at: expiresAt,
      livemode: false,
      url: `${url}/c/pay/${id}`,
      payment_intent: null,
    };
    sessions.set(id, session);
    return session;
  }

  /** What is still given back of a payment: refunds that did not fail or get cancelled count. */
  function refundedOf(payment: Payment): number {
    let sum = 0;
    for (const refund of refunds.values()) {
      if (refund.payment_intent === payment.id && refund.status !== "failed" && refund.status !== "canceled")
        sum += refund.amount;
    }
    return sum;
  }

  function findPayment(params: Record<string, any>): Payment {
    if (params.payment_intent !== undefined) {
      const payment = payments.get(params.payment_intent);
      if (!payment) {
        throw new StripeApiError(
          404,
          `No such payment_intent: '${params.payment_intent}'`,
          "payment_intent",
          undefined,
          "resource_missing",
        );
      }
      return payment;
    }
    if (params.charge !== undefined) {
      const payment = [...payments.values()].find((p) => p.chargeId === params.charge);
      if (!payment)
        throw new StripeApiError(
          404,
          `No such charge: '${params.charge}'`,
          "charge",
          undefined,
          "resource_missing",
        );
      return payment;
    }
    throw new StripeApiError(
      400,
      "One of the following params should be provided for this request: payment_intent or charge.",
    );
  }

  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  function createRefund(params: Record<string, any>): StripeRefund {
    const payment = findPayment(params);
    const left = payment.amount - refundedOf(payment);
    if (left <= 0) {
      throw new StripeApiError(
        400,
        `Charge ${payment.chargeId} has already been refunded.`,
        undefined,
        undefined,
        "charge_already_refunded",
      );
    }
    const amount = params.amount === undefined ? left : integer(params.amount, "amount", 1);
    if (amount > left) {
      throw new StripeApiError(
        400,
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        "amount",
      );
    }
    const refund: StripeRefund = {
      id: randomId("re_test_"),
      object: "refund",
      amount,
      balance_transaction: null,
      charge: payment.chargeId,
      created: now(),
      currency: payment.currency,
      metadata: stringMap(params.metadata, "metadata"),
      payment_intent: payment.id,
      reason: params.reason ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: newRefundStatus,
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function findRefund(id: string): StripeRefund {
    const refund = refunds.get(id);
    if (!refund)
      throw new StripeApiError(404, `No such refund: '${id}'`, "id", undefined, "resource_missing");
    return refund;
  }

  /** Stripe's list shape: newest first, one page. */
  function list<T extends { created: number }>(path: string, items: T[], params: Record<string, any>) {
    const limit = params.limit === undefined ? 10 : integer(params.limit, "limit", 1);
    const sorted = [...items].reverse().sort((a, b) => b.created - a.created);
    return { object: "list", data: sorted.slice(0, limit), has_more: sorted.length > limit, url: path };
  }

  function chargeOf(payment: Payment): StripeCharge {
    const refunded = refundedOf(payment);
    return {
      id: payment.chargeId,
      object: "charge",
      amount: payment.amount,
      amount_refunded: refunded,
      captured: true,
      currency: payment.currency,
      metadata: {},
      paid: true,
      payment_intent: payment.id,
      refunded: refunded >= payment.amount,
      status: "succeeded",
      created: payment.created,
      livemode: false,
    };
  }

  function findSession(id: string): StripeSession {
    const session = sessions.get(id);
    if (!session) {
      throw new StripeApiError(
        404,
        `No such checkout.session: '${id}'`,
        "session",
        undefined,
        "resource_missing",
      );
    }
    return session;
  }

  function route(method: string, path: string, params: Record<string, any>): unknown {
    if (method === "POST" && path === "/v1/coupons") return createCoupon(params);
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const all = [...sessions.values()].filter(
        (s) => params.payment_intent === undefined || s.payment_intent === params.payment_intent,
      );
      return list(path, all, params);
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    if (method === "GET" && path === "/v1/refunds") {
      const all = [...refunds.values()].filter(
        (r) =>
          (params.payment_intent === undefined || r.payment_intent === params.payment_intent) &&
          (params.charge === undefined || r.charge === params.charge),
      );
      return list(path, all, params);
    }
    const oneRefund = path.match(/^\/v1\/refunds\/([^/]+)$/);
    if (method === "GET" && oneRefund) return findRefund(decodeURIComponent(oneRefund[1]!));
    const one = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === "GET" && one) return findSession(decodeURIComponent(one[1]!));
    const expire = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (method === "POST" && expire) {
      const session = findSession(decodeURIComponent(expire[1]!));
      if (session.status !== "open") {
        throw new StripeApiError(
          400,
          `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${session.status}".`,
        );
      }
      session.status = "expired";
      session.url = null;
      return session;
    }
    throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    // Stripe acted (and remembers the key's answer), but the answer is lost on the way back.
    if (failure === "lost-reply" && res.req.method === "POST") {
      res.socket?.destroy();
      return;
    }
    res.writeHead(status, {
      "content-type": "application/json",
      "request-id": randomId("req_", 7),
      ...headers,
    });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const target = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const apiKey = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    let params: Record<string, any> = {};
    let unreadable: unknown;
    try {
      params = parseStripeForm(method === "GET" ? target.search.slice(1) : body);
    } catch (error) {
      unreadable = error;
    }
    requests.push({ method, path: target.pathname, params, idempotencyKey, apiKey });

    if (failure === "connection-reset") {
      req.socket.destroy();
      return;
    }

    if (failure === "server-error") {
      return reply(res, 500, {
        error: { type: "api_error", message: "An unknown error occurred (stand-in told to fail)." },
      });
    }
    const accepted = options.secretKey ? apiKey === options.secretKey : apiKey?.startsWith("sk_test_");
    if (!accepted) {
      return reply(res, 401, {
        error: { type: "invalid_request_error", message: `Invalid API Key provided: ${apiKey ?? "(none)"}` },
      });
    }
    const fingerprint = `${method} ${target.pathname} ${body}`;
    const earlier = idempotencyKey ? replies.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return reply(res, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      return reply(res, earlier.status, earlier.body, { "idempotent-replayed": "true" });
    }
    try {
      if (unreadable) throw unreadable;
      const result = structuredClone(route(method, target.pathname, params));
      // Like Stripe, only a request that ran is remembered; a refused one may be corrected and sent again.
      if (idempotencyKey && method === "POST")
        replies.set(idempotencyKey, { fingerprint, status: 200, body: result });
      reply(res, 200, result);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      reply(res, error.status, {
        error: {
          type: error.type,
          message: error.message,
          ...(error.param ? { param: error.param } : {}),
          ...(error.code ? { code: error.code } : {}),
        },
      });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      reply(res, 500, { error: { type: "api_error", message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    session: (id) => structuredClone(sessions.get(id)),
    coupon: (id) => structuredClone(coupons.get(id)),
    failWith(mode) {
      failure = mode;
    },
    newRefundsAre(status) {
      newRefundStatus = status;
    },
    refund: (id) => structuredClone(refunds.get(id)),
    refundsOf: (paymentIntent) =>
      structuredClone([...refunds.values()].filter((r) => r.payment_intent === paymentIntent).reverse()),
    updateRefund(id, status, failureReason) {
      const refund = findRefund(id);
      refund.status = status;
      if (status === "failed") refund.failure_reason = failureReason ?? "expired_or_canceled_card";
      return structuredClone(refund);
    },
    refundInDashboard(paymentIntent, amount) {
      return structuredClone(createRefund({ payment_intent: paymentIntent, amount: String(amount) }));
    },
    charge(paymentIntent) {
      const payment = payments.get(paymentIntent);
      if (!payment) throw new Error(`no payment intent ${paymentIntent}`);
      return chargeOf(payment);
    },
    completeSession(id, { paid = true } = {}) {
      const session = findSession(id);
      if (session.status !== "open") throw new Error(`session ${id} is ${session.status}, not open`);
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      session.url = null;
      if (paid) {
        const payment: Payment = {
          id: randomId("pi_test_"),
          chargeId: randomId("ch_test_"),
          sessionId: id,
          amount: session.amount_total,
          currency: session.currency,
          created: now(),
        };
        payments.set(payment.id, payment);
        session.payment_intent = payment.id;
      }
      for (const { coupon } of session.discounts) {
        const c = coupons.get(coupon);
        if (c) c.times_redeemed++;
      }
      return structuredClone(session);
    },
    event(type, object, { id = randomId("evt_test_") } = {}) {
      const event = {
        id,
        object: "event",
        api_version: "2026-10-28.endive",
        created: now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      return { id, payload: JSON.stringify(event, null, 2) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
