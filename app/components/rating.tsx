import { Stars } from "./icons.tsx";

/** Five stars filled to the average, with the count beside them. */
export function Rating({ average, count, size = 16 }: { average: number; count?: number; size?: number }) {
  const label = `Rated ${average.toFixed(1)} out of 5${count === undefined ? "" : ` by ${count} ${count === 1 ? "customer" : "customers"}`}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <Stars value={average} size={size} />
      {count !== undefined && <span className="text-gray-600 text-xs dark:text-gray-400">({count})</span>}
    </span>
  );
}
