import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";

export interface RenderedMail {
  html: string;
  /** The same message as plain text: every client shows one or the other. */
  text: string;
}

/**
 * A mail component as HTML and as plain text, the text read from the HTML (React Email's
 * html-to-text rules: the preview line and images left out, a link written as its label and
 * address), so both parts always say the same. React escapes every value, so a product title or a
 * name can never add markup to the HTML.
 */
const TEXT_SELECTORS = [
  { selector: "h1", options: { uppercase: false } },
  // An order line: its title, details and price each on a line of their own.
  { selector: "td.mail-item > p", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  // A total: "Tax: 5,60 USD" on one line, the totals one under the other.
  { selector: "table.mail-total", format: "block", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  { selector: "td.mail-label", format: "inline" },
  { selector: "td.mail-label > p", format: "inlineSurround", options: { suffix: ": " } },
  { selector: "td.mail-amount", format: "inline" },
  { selector: "td.mail-amount > p", format: "inline" },
];

export async function renderMail(element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  const text = toPlainText(html, { selectors: TEXT_SELECTORS })
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { html, text };
}
