import { escapeHtml } from "../html.ts";
import type { MailMessage } from "../ports/mailer.ts";
import type { StaffRole } from "./roles.ts";

/** A short plain message with one link, as text for every client and simple HTML for the rest. */
function linkMail(input: {
  to: string;
  firstName: string;
  shopName: string;
  subject: string;
  intro: string;
  linkLabel: string;
  link: string;
  after: string;
}): MailMessage {
  const { to, firstName, shopName, subject, intro, linkLabel, link, after } = input;
  return {
    to,
    subject,
    text: [`Hello ${firstName},`, "", intro, "", `    ${link}`, "", after, "", `— ${shopName}`].join("\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5">
<p>Hello ${escapeHtml(firstName)},</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="font-weight:700">${escapeHtml(linkLabel)}</a></p>
<p>${escapeHtml(after)}</p>
<p>— ${escapeHtml(shopName)}</p>
</body></html>`,
  };
}

const roleName = (role: StaffRole) => (role === "admin" ? "an administrator" : "a manager");

/** A new staff account's invitation: the one-time link to choose a password (72 hours). */
export function invitationMail(input: {
  to: string;
  firstName: string;
  shopName: string;
  role: StaffRole;
  setPasswordUrl: string;
}): MailMessage {
  return linkMail({
    to: input.to,
    firstName: input.firstName,
    shopName: input.shopName,
    subject: `You are invited to the ${input.shopName} back office`,
    intro: `You have been added to the ${input.shopName} back office as ${roleName(input.role)}. Open this link to choose your password:`,
    linkLabel: "Choose your password",
    link: input.setPasswordUrl,
    after: "The link works once, for 72 hours. If you did not expect this, you can ignore this message.",
  });
}

/** An existing customer made staff: they keep their password and sign in again. */
export function promotionMail(input: {
  to: string;
  firstName: string;
  shopName: string;
  role: StaffRole;
  logInUrl: string;
}): MailMessage {
  return linkMail({
    to: input.to,
    firstName: input.firstName,
    shopName: input.shopName,
    subject: `You now have access to the ${input.shopName} back office`,
    intro: `Your ${input.shopName} account has been made ${roleName(input.role)} of the back office. Sign in with your usual password:`,
    linkLabel: "Sign in to the back office",
    link: input.logInUrl,
    after:
      "You have been signed out everywhere; a staff session lasts 12 hours. If you do not know your password, choose one with “Forgot password” on the log-in page.",
  });
}
