import {
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  REPORT_PRESET_DAYS,
  type SalesReportQuery,
} from "#contract/sales-reports.ts";
import { invalidField } from "../errors.ts";

// A report's range of days (docs/back-office/dashboard.md#range): UTC calendar days, both ends
// included, so a day is the same for every staff member wherever they are, and the figures of a
// past range never change with the reader's clock.

export interface SalesRange {
  /** The first day, YYYY-MM-DD (UTC). */
  from: string;
  /** The last day, YYYY-MM-DD (UTC), included. */
  to: string;
  days: number;
}

const DAY_MS = 86_400_000;

/** The UTC day of a moment, YYYY-MM-DD. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `n` days after `day` (before, for a negative `n`). */
export const addDays = (day: string, n: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** The moment a day starts, UTC. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

const daysFromTo = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/**
 * The range a query asks for, today (UTC, from `now`) filling in what it leaves out: `to` is
 * today, `from` is DEFAULT_REPORT_DAYS − 1 days before `to`. A range that ends before it starts,
 * or spans more than MAX_REPORT_DAYS, is a 400 naming the field to change.
 */
export function salesRange(query: SalesReportQuery, now: Date): SalesRange {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) {
    throw query.to === undefined
      ? invalidField("from", `from must be ${to} (today) or earlier`)
      : invalidField("to", "to must be the same day as from or later");
  }
  const days = daysFromTo(from, to);
  if (days > MAX_REPORT_DAYS) {
    throw invalidField(
      "from",
      `A range spans at most ${MAX_REPORT_DAYS} days: from must be ${addDays(to, -(MAX_REPORT_DAYS - 1))} or later`,
    );
  }
  return { from, to, days };
}

/** The picker's presets: the last 7, 30 and 90 days, today included. */
export function presetRanges(now: Date): (SalesRange & { label: string })[] {
  const today = utcDay(now);
  return REPORT_PRESET_DAYS.map((days) => ({
    label: `Last ${days} days`,
    from: addDays(today, -(days - 1)),
    to: today,
    days,
  }));
}
