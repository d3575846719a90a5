import { escapeHtml } from "../html.ts";
import type { MailMessage } from "../ports/mailer.ts";
import { CODE_TTL_MINUTES } from "./codes.ts";
import type { MailSender } from "./mail-sender.ts";

/** A short message with the code set apart: plain text for every client, simple HTML for the rest. */
function codeMail(input: {
  to: string;
  firstName: string;
  sender: MailSender;
  subject: string;
  intro: string;
  code: string;
}): MailMessage {
  const { to, firstName, sender, subject, intro, code } = input;
  const { shopName, contactEmail } = sender;
  const expiry = `The code expires in ${CODE_TTL_MINUTES} minutes.`;
  const ignore = "If you did not ask for it, you can ignore this message.";
  const contact = contactEmail ? `Questions? Write to ${contactEmail}.` : "";
  return {
    to,
    subject,
    text: [`Hello ${firstName},`, "", intro, "", `    ${code}`, "", expiry, ignore, "", `— ${shopName}`]
      .concat(contact ? [contact] : [])
      .join("\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:24px 0">${code}</p>
<p>${expiry}<br>${ignore}</p>
<p>— ${escapeHtml(shopName)}</p>${contact ? `\n<p>${escapeHtml(contact)}</p>` : ""}
</body></html>`,
  };
}

export function verificationMail(
  to: string,
  firstName: string,
  sender: MailSender,
  code: string,
): MailMessage {
  const { shopName } = sender;
  return codeMail({
    to,
    firstName,
    sender,
    code,
    subject: `Your ${shopName} verification code: ${code}`,
    intro: `Use this code to verify your email address at ${shopName}:`,
  });
}

export function passwordResetMail(
  to: string,
  firstName: string,
  sender: MailSender,
  code: string,
): MailMessage {
  const { shopName } = sender;
  return codeMail({
    to,
    firstName,
    sender,
    code,
    subject: `Your ${shopName} password reset code: ${code}`,
    intro: `Someone (hopefully you) asked to reset the password of your ${shopName} account. Use this code to choose a new one:`,
  });
}

export function phoneCodeText(shopName: string, code: string): string {
  return `${code} is your ${shopName} verification code. It expires in ${CODE_TTL_MINUTES} minutes.`;
}
