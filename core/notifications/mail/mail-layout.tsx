import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { MailSender } from "../../accounts/mail-sender.ts";

// The frame of every order mail (docs/decisions/049-order-mail-templates.md): the shop's name on
// top, one heading, the body, and a footer with the contact address when the shop has one. Inline
// styles for the light look (what most clients honour); the dark look is a `prefers-color-scheme`
// block of class overrides, which Apple Mail, Outlook for Mac and iOS apply, and which clients that
// invert colours themselves (Gmail's apps) simply ignore.

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** Colours with a contrast of at least 4.5:1 on their background, light and dark (WCAG AA). */
export const MAIL_COLORS = {
  page: "#f3f4f6",
  card: "#ffffff",
  ink: "#111827",
  muted: "#4b5563",
  line: "#e5e7eb",
  link: "#1d4ed8",
} as const;

const DARK_MODE_CSS = `:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: #030712 !important; }
  .mail-card { background-color: #111827 !important; border-color: #374151 !important; }
  .mail-ink { color: #f9fafb !important; }
  .mail-muted { color: #d1d5db !important; }
  .mail-line { border-color: #374151 !important; }
  .mail-link { color: #93c5fd !important; }
  .mail-button { background-color: #f9fafb !important; color: #111827 !important; }
}`;

const page: CSSProperties = {
  backgroundColor: MAIL_COLORS.page,
  color: MAIL_COLORS.ink,
  fontFamily: FONT,
  margin: 0,
  padding: "24px 8px",
};
const card: CSSProperties = {
  backgroundColor: MAIL_COLORS.card,
  border: `1px solid ${MAIL_COLORS.line}`,
  borderRadius: 8,
  maxWidth: 600,
  padding: "24px 20px",
};
export const textStyle: CSSProperties = {
  color: MAIL_COLORS.ink,
  fontSize: 15,
  lineHeight: "24px",
  margin: "0 0 16px",
};
export const mutedStyle: CSSProperties = {
  ...textStyle,
  color: MAIL_COLORS.muted,
  fontSize: 13,
  lineHeight: "20px",
};
export const linkStyle: CSSProperties = { color: MAIL_COLORS.link, textDecoration: "underline" };

export function MailLayout({
  title,
  sender,
  preview,
  heading,
  children,
}: {
  /** The document's title: the mail's subject (a client showing the mail alone names it so). */
  title: string;
  sender: MailSender;
  /** The line a mail list shows after the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  const { shopName, contactEmail } = sender;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      {/* The page colour on a table of its own: React Email copies Body's style onto a cell that
          the dark-mode class could not reach. */}
      <Body className="mail-page" style={{ backgroundColor: MAIL_COLORS.page, margin: 0, padding: 0 }}>
        <Section className="mail-page" style={page}>
          <Container className="mail-card" style={card}>
            <Text
              className="mail-ink"
              style={{ ...textStyle, fontSize: 18, fontWeight: 700, letterSpacing: 0.2 }}
            >
              {shopName}
            </Text>
            <Heading
              as="h1"
              className="mail-ink"
              style={{ color: MAIL_COLORS.ink, fontSize: 24, lineHeight: "32px", margin: "8px 0 16px" }}
            >
              {heading}
            </Heading>
            {children}
            <Hr className="mail-line" style={{ borderColor: MAIL_COLORS.line, margin: "24px 0 16px" }} />
            {contactEmail && (
              <Text className="mail-muted" style={mutedStyle}>
                Questions? Write to{" "}
                <Link className="mail-link" href={`mailto:${contactEmail}`} style={linkStyle}>
                  {contactEmail}
                </Link>
                .
              </Text>
            )}
            <Text className="mail-muted" style={{ ...mutedStyle, margin: 0 }}>
              {`— ${shopName}`}
            </Text>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}
