import type { PerWidth } from "#app/lib/breakpoints.ts";
import { ProductCard, type ProductCardData, ProductCardSkeleton } from "./product-card.tsx";

// Literal class names (Tailwind only generates what it can read in the source).
const SHOW = ["block", "sm:block", "md:block", "lg:block", "xl:block", "2xl:block"] as const;
const HIDE = ["hidden", "sm:hidden", "md:hidden", "lg:hidden", "xl:hidden", "2xl:hidden"] as const;

/**
 * Grids whose size depends on the width (docs/storefront/README.md#breakpoints) get the largest count and hide the rest per
 * breakpoint with CSS: the server needs no idea of the screen, and nothing shifts.
 */
export function visibilityClass(index: number, limits: PerWidth | undefined): string {
  if (!limits) return "";
  const classes: string[] = [];
  let shown: boolean | undefined;
  limits.forEach((limit, range) => {
    const visible = index < limit;
    if (visible !== shown) classes.push(visible ? SHOW[range]! : HIDE[range]!);
    shown = visible;
  });
  return classes.filter((c) => c !== "block").join(" ");
}

/** Columns per width range: 2 on phones, 3 from 640, 4 from 1024, 5 from 1280 (or 1536). */
const COLUMNS = {
  wide: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5",
  search: "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-5",
} as const;

export function ProductGrid({
  products,
  limits,
  columns = "wide",
  label,
  headingLevel,
}: {
  products: ProductCardData[];
  limits?: PerWidth;
  columns?: keyof typeof COLUMNS;
  label?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className={`grid gap-3 sm:gap-4 ${COLUMNS[columns]}`} aria-label={label}>
      {products.map((p, i) => (
        <li key={p._id} className={visibilityClass(i, limits)}>
          <ProductCard
            product={p}
            headingLevel={headingLevel}
            sizes="(min-width: 1280px) 240px, (min-width: 640px) 30vw, 50vw"
          />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({
  count,
  limits,
  columns = "wide",
}: {
  count: number;
  limits?: PerWidth;
  columns?: keyof typeof COLUMNS;
}) {
  return (
    <ul className={`grid gap-3 sm:gap-4 ${COLUMNS[columns]}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={visibilityClass(i, limits)}>
          <ProductCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
