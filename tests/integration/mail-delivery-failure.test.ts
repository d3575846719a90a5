import type { AddressInfo } from "node:net";
import { createServer as createTcpServer } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#server/adapters/smtp-mailer.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { createTestShop, type TestShop } from "../support/app.ts";

// Mail that cannot be delivered, through the real mail adapter (nodemailer) to a real SMTP server on
// a loopback port: the server refuses the next messages the test tells it to (the recipient with a
// 5xx, the message with a 4xx or 5xx), or nothing listens at all. The customer hears the request
// failed, no code is left behind that nobody received (core/accounts/codes.ts withdraws it), and the
// next request sends a code at once instead of waiting out the re-send throttle.

const GENERIC_FAILURE = {
  status: "error",
  message: "Something went wrong on our end. Please try again later.",
};

interface Refusal {
  /** Where the server says no: to the recipient (RCPT TO) or to the message once sent (DATA). */
  at: "recipient" | "message";
  code: number;
  text: string;
}

/** Refusals still to make, oldest first; every message after them is accepted. */
const refusals: Refusal[] = [];
/** Recipients of the messages the server accepted, and the codes their subjects carry. */
const accepted: { to: string; code: string }[] = [];
const refused: { to: string; code: number }[] = [];

const refuse = (refusal: Refusal) => Object.assign(new Error(refusal.text), { responseCode: refusal.code });

let server: SMTPServer;
let shop: TestShop;
let mailer: ReturnType<typeof createSmtpMailer>;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusals[0]?.at === "recipient") {
        const refusal = refusals.shift()!;
        refused.push({ to: address.address, code: refusal.code });
        return callback(refuse(refusal));
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        if (refusals[0]?.at === "message") {
          const refusal = refusals.shift()!;
          refused.push({ to, code: refusal.code });
          return callback(refuse(refusal));
        }
        const code = Buffer.concat(chunks)
          .toString("utf8")
          .match(/^Subject: .*: (\d{6})\r?$/m)?.[1];
        accepted.push({ to, code: code ?? "" });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  // The server offers STARTTLS with a self-signed certificate; ignoreTLS keeps this local test in plain text.
  mailer = createSmtpMailer({
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    from: "shop <no-reply@shop.test>",
  });
  shop = await createTestShop({ accounts: { mailer } });
});

afterAll(async () => {
  await mailer?.close?.();
  await shop?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

afterEach(() => {
  // A test that left a refusal unused did not send the mail it meant to.
  expect(refusals).toEqual([]);
});

const codeRows = (customerId: string) =>
  shop.rows<{ purpose: string }>(sql`SELECT purpose FROM one_time_codes WHERE customer_id = ${customerId}`);

const mailsTo = (email: string) => accepted.filter((m) => m.to === email.toLowerCase());

describe("GET /api/v1/customer/verify-email when the mail server refuses the recipient", () => {
  it("answers 500, keeps no code nobody received, and sends one at once on the next request", async () => {
    const customer = await createCustomer(shop, { verified: false });
    refusals.push({ at: "recipient", code: 550, text: "5.1.1 Mailbox unavailable" });

    const failed = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(GENERIC_FAILURE);
    expect(refused).toContainEqual({ to: customer.email.toLowerCase(), code: 550 });
    expect(await codeRows(customer.id)).toEqual([]);
    expect(mailsTo(customer.email)).toEqual([]);

    // No re-send throttle for a code nobody received; the code that does arrive is the good one.
    const retried = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe("Success");
    const [mail] = mailsTo(customer.email);
    expect(mailsTo(customer.email)).toHaveLength(1);
    const verified = await call(shop, "POST", "/customer/verify-email", {
      token: customer.token,
      body: { emailVerificationCode: mail!.code },
    });
    expect(verified.body).toEqual({ status: "Verified", message: "Your email has been verified." });
  });
});

describe("POST /api/v1/auth/signup when the mail server refuses the message for now (4xx)", () => {
  it("still creates the account and logs it in; the verification page then sends the code", async () => {
    const email = "mail-refused@example.test";
    refusals.push({ at: "message", code: 451, text: "4.3.0 Temporary local problem, try again later" });

    const signup = await call(shop, "POST", "/auth/signup", {
      body: {
        firstName: "Nadia",
        lastName: "Alami",
        email,
        password: "password-1",
        confirmPassword: "password-1",
      },
    });
    expect(signup.status).toBe(201);
    expect(typeof signup.body.token).toBe("string");
    expect(refused).toContainEqual({ to: email, code: 451 });
    const [customer] = await shop.rows<{ id: string; email_verified_at: unknown }>(
      sql`SELECT id, email_verified_at FROM customers WHERE email = ${email}`,
    );
    expect(customer).toMatchObject({ email_verified_at: null });
    expect(await codeRows(customer!.id)).toEqual([]);
    expect(mailsTo(email)).toEqual([]);

    const sent = await call(shop, "GET", "/customer/verify-email", { token: signup.body.token });
    expect(sent.status).toBe(200);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await codeRows(customer!.id)).toEqual([{ purpose: "verify_email" }]);
  });
});

describe("POST /api/v1/auth/forgotPassword when the mail server refuses the message (5xx)", () => {
  it("answers 500 without leaving a code behind; the next request sends one at once", async () => {
    const customer = await createCustomer(shop);
    refusals.push({ at: "message", code: 554, text: "5.7.1 Message rejected as spam" });

    const failed = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(GENERIC_FAILURE);
    expect(refused).toContainEqual({ to: customer.email.toLowerCase(), code: 554 });
    expect(await codeRows(customer.id)).toEqual([]);

    const retried = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(retried.status).toBe(200);
    const [mail] = mailsTo(customer.email);
    expect(mailsTo(customer.email)).toHaveLength(1);
    const reset = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: {
        email: customer.email,
        passwordResetCode: mail!.code,
        newPassword: "new-password-1",
        confirmNewPassword: "new-password-1",
      },
    });
    expect(reset.status).toBe(200);
  });
});

describe("GET /api/v1/customer/verify-email when no mail server answers", () => {
  it("answers 500 and keeps no code", async () => {
    // A port that was free a moment ago and has nothing listening now: the connection is refused.
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const unreachable = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: "shop <no-reply@shop.test>",
    });
    const down = await createTestShop({ database: shop.database, accounts: { mailer: unreachable } });
    try {
      const customer = await createCustomer(down, { verified: false });
      const failed = await call(down, "GET", "/customer/verify-email", { token: customer.token });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual(GENERIC_FAILURE);
      expect(await codeRows(customer.id)).toEqual([]);

      // Once mail flows again, the very next request sends a code.
      const retried = await call(shop, "GET", "/customer/verify-email", { token: customer.token });
      expect(retried.status).toBe(200);
      expect(mailsTo(customer.email)).toHaveLength(1);
    } finally {
      await unreachable.close?.();
      await down.close();
    }
  });
});
