/** Money is integer cents everywhere in core; the API shows dollars with two decimals. */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars (as a client sends them in a filter) → cents, rounded to the nearest cent. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

/** The storefront's display form: `1234,50 USD` (SPEC §1: two decimals, comma, currency label). */
export function formatPrice(cents: number, currency = "USD"): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${whole},${fraction} ${currency}`;
}
