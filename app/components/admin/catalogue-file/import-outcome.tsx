import type { ImportActionData } from "#contract/admin-catalogue-file.ts";

const figure = (n: number) => n.toLocaleString("en-US");

/**
 * What an import did: its counts, or why nothing was imported, each problem naming its record
 * (`products[12] (slug)`, or `line 14 (slug)` in a CSV file) and field.
 */
export function ImportOutcome({ outcome }: { outcome: ImportActionData }) {
  if (outcome.ok) {
    const r = outcome.result;
    return (
      <div
        role="status"
        className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      >
        <p className="font-semibold">Imported {outcome.fileName}.</p>
        <p>
          {figure(r.products)} products ({figure(r.sizes)} sizes), {figure(r.categories)} categories,{" "}
          {figure(r.subcategories)} subcategories, {figure(r.underSubcategories)} under-subcategories and{" "}
          {figure(r.brands)} brands.
        </p>
      </div>
    );
  }
  return (
    <div
      id="import-problems"
      role="alert"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800 text-sm dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-semibold">
        {outcome.fileName ? `${outcome.fileName}: ` : ""}
        {outcome.message}
      </p>
      {outcome.problems.length > 1 ||
      (outcome.problems[0] && outcome.problems[0].message !== outcome.message) ? (
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
          {outcome.problems.map((problem) => (
            <li key={`${problem.field}|${problem.message}`} className="break-words">
              <span className="font-mono font-semibold">{problem.field}</span>
              {": "}
              {problem.message.startsWith(`${problem.field}: `)
                ? problem.message.slice(problem.field.length + 2)
                : problem.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
