import { StarIcon } from "./icons.tsx";

/** Five stars filled to the average, with the count beside them. */
export function Rating({ average, count, size = 16 }: { average: number; count?: number; size?: number }) {
  const label = `Rated ${average.toFixed(1)} out of 5${count === undefined ? "" : ` by ${count} customers`}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span className="inline-flex text-amber-500">
        {[0, 1, 2, 3, 4].map((i) => (
          <StarIcon key={i} fill={Math.max(0, Math.min(1, average - i))} width={size} height={size} />
        ))}
      </span>
      {count !== undefined && <span className="text-gray-600 text-xs dark:text-gray-400">({count})</span>}
    </span>
  );
}
