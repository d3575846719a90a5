import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

// A real SMTP server on a loopback port for the mail tests: what a mail server receives from the
// shop's SMTP adapter (server/adapters/smtp-mailer.ts), raw, with its envelope.

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** The URL for createSmtpMailer: plain text on loopback (the server's STARTTLS is self-signed). */
  url: string;
  /**
   * Stops listening at once (a client now meets a refused connection) and lets a session in
   * progress finish, as a mail server going down for maintenance does.
   */
  close(): Promise<void>;
}

/**
 * Listens on `port` (a free one when 0) and appends each message accepted to `received`.
 * `onRcptTo` may refuse a recipient (a permanent 550, say).
 */
export async function startSmtpServer(
  received: ReceivedMail[],
  options: { port?: number; onRcptTo?: SMTPServerOptions["onRcptTo"] } = {},
): Promise<TestSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    // A session in progress at close() has this long to end before it is cut.
    closeTimeout: 10_000,
    onRcptTo: options.onRcptTo,
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
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers and the decoded text and HTML parts of a MIME message (what nodemailer writes). */
export function parseMessage(raw: string) {
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
