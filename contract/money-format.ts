/**
 * The storefront's price form: `1234,50 USD` (docs/storefront/README.md#prices: two decimals, a comma, the currency label).
 * Takes the amount the API and loaders give (dollars with two decimals) and works in whole cents so
 * floating point never shows through. In contract/ because the pages and core (messages naming an amount) both need it.
 */
export function formatPrice(amount: number, currency = "USD"): string {
  const cents = Math.round(amount * 100);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")} ${currency}`;
}
