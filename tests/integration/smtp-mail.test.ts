import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "#server/adapters/smtp-mailer.ts";
import { call, createCustomer } from "../support/accounts.ts";
import { createTestShop, type TestShop } from "../support/app.ts";

// The real mail adapter against a real SMTP server on a free local port: what a mail server receives
// when a customer signs up or forgets their password.

interface Received {
  envelope: { from: string; to: string[] };
  raw: string;
}

const FROM = "shop <no-reply@shop.test>";
const received: Received[] = [];
let server: SMTPServer;
let shop: TestShop;
let mailer: ReturnType<typeof createSmtpMailer>;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
          },
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  // The server offers STARTTLS with a self-signed certificate; ignoreTLS keeps this local test in plain text.
  mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: FROM });
  shop = await createTestShop({ accounts: { mailer } });
});

afterAll(async () => {
  await mailer?.close?.();
  await shop?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Headers and the decoded text and HTML parts of a MIME message (what nodemailer writes). */
function parseMessage(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n");
  const headers = new Map<string, string>();
  for (const line of head!.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/)?.[1];
  const parts: Record<string, string> = {};
  for (const part of boundary ? body.split(`--${boundary}`) : []) {
    const [partHead, ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const type = partHead?.match(/content-type:\s*([^;\s]+)/i)?.[1]?.toLowerCase();
    if (!type) continue;
    const encoding = partHead!.match(/content-transfer-encoding:\s*(\S+)/i)?.[1]?.toLowerCase();
    parts[type] = decode(partBody.join("\r\n\r\n").replace(/\r?\n$/, ""), encoding);
  }
  return { headers, parts };
}

function decode(text: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(text.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/gi, "%25");
    return decodeURIComponent(bytes);
  }
  return text;
}

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
