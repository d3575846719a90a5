import QRCode from "qrcode";

/**
 * A QR code of `text` as an SVG data URI, for an `<img>` (the Content-Security-Policy allows `data:`
 * images): the staff's authenticator key (otpauth://…) scanned from the screen instead of typed.
 * Drawn on the server, so the account page ships no QR code library. Dark modules on white with a
 * quiet zone of four modules, as scanners expect, whatever the page's theme.
 */
export async function qrCodeDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
    color: { dark: "#000000", light: "#ffffff" },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
