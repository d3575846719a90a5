import type { AuditEntryView } from "#core/audit/audit-query.ts";

// A record's history as the back office shows it (a product's History tab, a coupon's page, the
// audit log's rows): who, when, what, and the fields that changed, before → after
// (docs/back-office/staff.md#audit-log).

export interface FieldChange {
  field: string;
  /** Undefined when the field was not there (a creation, or a field added). */
  before?: unknown;
  after?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The top-level fields that differ between `before` and `after`, in the order the record lists
 * them. A creation (no before) lists every field of after; a removal every field of before; a
 * value that is not an object is one change named "value".
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if ((b !== undefined && !isRecord(b)) || (a !== undefined && !isRecord(a))) {
    return same(b, a) ? [] : [{ field: "value", before: b, after: a }];
  }
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .filter((field) => !same(b?.[field], a?.[field]))
    .map((field) => ({ field, before: b?.[field], after: a?.[field] }));
}

const VALUE_MAX = 160;

/** A value as one short line: text as it is, anything else as JSON, cut at 160 characters. */
export function shownValue(value: unknown): string {
  if (value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** `2026-11-25 14:03 UTC`: the same on the server and in every browser, so hydration agrees. */
export function shownTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The fields an entry changed, as a small table: field, before, after. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = changedFields(before, after);
  if (changes.length === 0)
    return <p className="text-gray-600 text-sm dark:text-gray-400">No field changed.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-gray-600 dark:text-gray-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Before
            </th>
            <th scope="col" className="py-1 font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="align-top">
              <th scope="row" className="py-1 pr-3 font-mono font-normal text-xs">
                {change.field}
              </th>
              <td className="break-all py-1 pr-3 text-red-800 dark:text-red-300">
                <span className="sr-only">before: </span>
                {shownValue(change.before)}
              </td>
              <td className="break-all py-1 text-emerald-800 dark:text-emerald-300">
                <span className="sr-only">after: </span>
                {shownValue(change.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A record's entries, newest first, each with who, when, the action and what changed. */
export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-lg border border-gray-200 p-6 text-center text-gray-600 dark:border-gray-800 dark:text-gray-400">
        No changes recorded yet.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-gray-200 p-3 dark:border-gray-800">
          <p className="mb-2 flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-mono font-semibold">{entry.action}</span>
            <span className="text-gray-700 dark:text-gray-300">by {entry.actorEmail}</span>
            <time dateTime={entry.at} className="text-gray-600 dark:text-gray-400">
              {shownTime(entry.at)}
            </time>
          </p>
          <AuditChanges before={entry.before} after={entry.after} />
        </li>
      ))}
    </ol>
  );
}
