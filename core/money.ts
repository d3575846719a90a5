/** Money is integer cents everywhere in core; the API shows dollars with two decimals. */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Dollars (as a client sends them in a filter) → cents, rounded to the nearest cent. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}
