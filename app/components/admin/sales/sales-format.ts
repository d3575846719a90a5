import { formatPrice } from "#contract/money-format.ts";

// How the dashboard writes its figures: money as the shop writes prices (`1234,50 USD`), days in
// plain English from the UTC day itself, so the server's render and the browser's agree.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Cents as the shop writes a price. */
export const money = (cents: number) => formatPrice(cents / 100);

/** A count with thousands separators. */
export const figure = (n: number) => n.toLocaleString("en-US");

/** `2026-03-02` → `Mar 2`. */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
}

/** `2026-03-02` → `Mar 2, 2026`. */
export const longDay = (day: string) => `${shortDay(day)}, ${day.slice(0, 4)}`;

/** The chart's height, kept by its placeholder too so nothing moves when it arrives. */
export const CHART_HEIGHT = 288;
