import type { ReactNode } from "react";

// The product form's small parts (docs/back-office/products.md#form): its button and fieldset
// styles, hints, the description box, checkboxes and a fieldset's list of errors.

export const buttonClass =
  "rounded-lg border border-gray-300 px-4 py-2 text-sm hover:bg-gray-100 dark:border-gray-700 dark:hover:bg-gray-800";
export const primaryClass =
  "rounded-lg bg-gray-900 px-5 py-2.5 font-semibold text-sm text-white hover:bg-gray-700 disabled:opacity-60 dark:bg-gray-100 dark:text-gray-900 dark:hover:bg-gray-300";
export const fieldsetClass = "flex flex-col gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800";

export function FieldHint({ children }: { children: ReactNode }) {
  return <p className="text-gray-600 text-xs dark:text-gray-400">{children}</p>;
}

export function TextArea({
  label,
  name,
  value,
  error,
  rows,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  error?: string;
  rows: number;
  hint?: ReactNode;
}) {
  const id = `field-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-lg border bg-white px-3 py-2 text-base outline-none focus:ring-2 dark:bg-gray-900 ${
          error ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-700"
        }`}
      />
      {hint}
      {error && (
        <p id={`${id}-error`} className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function Check({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} className="h-4 w-4" />
      {label}
    </label>
  );
}

export const firstError = (errors: Record<string, string>, prefix: string) =>
  Object.entries(errors).find(([field]) => field.startsWith(prefix))?.[1];

export function ListErrors({ errors, prefixes }: { errors: Record<string, string>; prefixes: string[] }) {
  const shown = Object.entries(errors).filter(([field]) =>
    prefixes.some((p) => field === p || field.startsWith(`${p}[`)),
  );
  if (shown.length === 0) return null;
  return (
    <ul className="mt-2 text-red-700 text-sm dark:text-red-400">
      {shown.map(([field, message]) => (
        <li key={field}>
          {field}: {message}
        </li>
      ))}
    </ul>
  );
}
