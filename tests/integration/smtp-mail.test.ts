import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#server/adapters/smtp-mailer.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { createTestShop, type TestShop } from "../support/app.ts";
import { parseMessage, type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";

// The real mail adapter against a real SMTP server on a free local port: what a mail server receives
// when a customer signs up or forgets their password.

const FROM = "shop <no-reply@shop.test>";
const received: ReceivedMail[] = [];
let server: TestSmtpServer;
let shop: TestShop;
let mailer: ReturnType<typeof createSmtpMailer>;

beforeAll(async () => {
  server = await startSmtpServer(received);
  mailer = createSmtpMailer({ url: server.url, from: FROM });
  shop = await createTestShop({ accounts: { mailer } });
});

afterAll(async () => {
  await mailer?.close?.();
  await shop?.close();
  await server?.close();
});

describe("POST /api/v1/auth/signup (SMTP mailer)", () => {
  it("sends the verification code as a text and an HTML part", async () => {
    const res = await call(shop, "POST", "/auth/signup", {
      body: {
        firstName: "Nadia",
        lastName: "Alaoui",
        email: "Nadia.Alaoui@Example.test",
        password: "password-123",
        confirmPassword: "password-123",
      },
    });
    expect(res.status).toBe(201);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail!.envelope).toEqual({ from: "no-reply@shop.test", to: ["nadia.alaoui@example.test"] });
    const { headers, parts } = parseMessage(mail!.raw);
    expect(headers.get("from")).toBe("shop <no-reply@shop.test>");
    expect(headers.get("to")).toBe("nadia.alaoui@example.test");
    const code = headers.get("subject")?.match(/^Your shop verification code: (\d{6})$/)?.[1];
    expect(code).toBeDefined();
    expect(headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(parts["text/plain"]).toContain("Hello Nadia,");
    expect(parts["text/plain"]).toContain(`    ${code}`);
    expect(parts["text/plain"]).toContain("The code expires in 10 minutes.");
    expect(parts["text/html"]).toContain(`>${code}</p>`);
    expect(parts["text/html"]).toContain("Hello Nadia,");

    // The code in the mail is the one the shop accepts.
    const verify = await call(shop, "POST", "/customer/verify-email", {
      token: res.body.token,
      body: { emailVerificationCode: code },
    });
    expect(verify.body).toEqual({ status: "Verified", message: "Your email has been verified." });
  });
});

describe("POST /api/v1/auth/forgotPassword (SMTP mailer)", () => {
  it("sends the reset code to a known address only", async () => {
    const customer = await createCustomer(shop, { firstName: "Karim" });
    const before = received.length;
    await call(shop, "POST", "/auth/forgotPassword", { body: { email: "nobody@example.test" } });
    expect(received).toHaveLength(before);
    const res = await call(shop, "POST", "/auth/forgotPassword", { body: { email: customer.email } });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(before + 1);
    const { headers, parts } = parseMessage(received.at(-1)!.raw);
    expect(headers.get("to")).toBe(customer.email);
    const code = headers.get("subject")?.match(/^Your shop password reset code: (\d{6})$/)?.[1];
    expect(code).toBeDefined();
    expect(parts["text/plain"]).toContain(code);
    expect(parts["text/html"]).toContain(code);
    const reset = await call(shop, "PUT", "/auth/passwordResetCode", {
      body: { passwordResetCode: code, newPassword: "new-password-1", confirmNewPassword: "new-password-1" },
    });
    expect(reset.status).toBe(200);
  });
});
