// The addresses order messages link to. Absolute, on the shop's public address (ctx.publicUrl:
// PUBLIC_URL), since a message is written in the change's transaction with no request at hand.

const base = (publicUrl: string) => publicUrl.replace(/\/+$/, "");

/** The customer's page of the order (the storefront's /customer/orders/:orderId). */
export function customerOrderUrl(publicUrl: string, orderId: string): string {
  return `${base(publicUrl)}/customer/orders/${encodeURIComponent(orderId)}`;
}

/** The staff's page of the order in the back office. */
export function backOfficeOrderUrl(publicUrl: string, orderId: string): string {
  return `${base(publicUrl)}/admin/orders/${encodeURIComponent(orderId)}`;
}

/**
 * A tracking address as staff typed it, as a link only when it is a web address: a message never
 * links a `javascript:` or `data:` URL, whatever was saved.
 */
export function trackingLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
