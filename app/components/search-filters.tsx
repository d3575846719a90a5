import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import {
  effectiveMaxPrice,
  type SearchState,
  searchUrl,
  toggleBrand,
  toggleRating,
} from "#app/lib/search-url.ts";
import { FallbackImage } from "./fallback-image.tsx";
import { Stars } from "./icons.tsx";

/** docs/storefront/search.md#price-filter: the price filter applies 500 ms after typing stops. */
export const PRICE_FILTER_DEBOUNCE_MS = 500;
const RATINGS = [5, 4, 3, 2, 1] as const;

interface Named {
  _id: string;
  name: string;
}

function FilterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-gray-200 border-b pb-5 dark:border-gray-800">
      <legend className="mb-3 font-semibold text-sm uppercase tracking-wide">{title}</legend>
      {children}
    </fieldset>
  );
}

function parsePrice(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function PriceInput(props: {
  label: string;
  name: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="min-w-0 flex-1">
      <span className="sr-only">{props.label}</span>
      <input
        name={props.name}
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="h-10 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-sm dark:border-gray-700 dark:bg-gray-900"
      />
    </label>
  );
}

/**
 * Min/max price. With JavaScript the URL follows 500 ms after typing stops; without it, the form
 * submits the same parameters with its Apply button.
 */
function PriceFilter({ state }: { state: SearchState }) {
  const navigate = useNavigate();
  const [min, setMin] = useState(state.minPrice?.toString() ?? "");
  const [max, setMax] = useState(state.maxPrice?.toString() ?? "");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The URL is the truth: back/forward or a reset link updates the fields.
  useEffect(() => {
    setMin(state.minPrice?.toString() ?? "");
    setMax(state.maxPrice?.toString() ?? "");
  }, [state.minPrice, state.maxPrice]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (nextMin: string, nextMax: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const minPrice = parsePrice(nextMin);
      const maxPrice = effectiveMaxPrice({ minPrice, maxPrice: parsePrice(nextMax) });
      if (minPrice === state.minPrice && maxPrice === state.maxPrice) return;
      navigate(searchUrl(state, { minPrice, maxPrice }), { preventScrollReset: true });
    }, PRICE_FILTER_DEBOUNCE_MS);
  };

  return (
    <FilterGroup title="Price (USD)">
      <Form method="get" action={state.term ? `/search/${encodeURIComponent(state.term)}` : "/search/"}>
        {/* Without JavaScript the other filters travel along as hidden fields; the page resets. */}
        <input type="hidden" name="page" value="1" />
        {state.minRating ? <input type="hidden" name="minRating" value={state.minRating} /> : null}
        {state.category && <input type="hidden" name="category" value={state.category} />}
        {state.subcategory && <input type="hidden" name="subcategory" value={state.subcategory} />}
        {state.undersubcategory && (
          <input type="hidden" name="undersubcategory" value={state.undersubcategory} />
        )}
        {state.brand && <input type="hidden" name="brand" value={state.brand} />}
        <div className="flex items-center gap-2">
          <PriceInput
            label="Minimum price"
            name="minPrice"
            placeholder="Min"
            value={min}
            onChange={(value) => {
              setMin(value);
              schedule(value, max);
            }}
          />
          <span aria-hidden="true" className="text-gray-500">
            –
          </span>
          <PriceInput
            label="Maximum price"
            name="maxPrice"
            placeholder="Max"
            value={max}
            onChange={(value) => {
              setMax(value);
              schedule(min, value);
            }}
          />
        </div>
        <button
          type="submit"
          className="button-ghost mt-2 h-9 w-full border border-gray-300 dark:border-gray-700"
        >
          Apply
        </button>
      </Form>
    </FilterGroup>
  );
}

function RatingFilter({ state }: { state: SearchState }) {
  return (
    <FilterGroup title="Minimum rating">
      <ul className="space-y-1">
        {RATINGS.map((stars) => {
          const active = state.minRating === stars;
          return (
            <li key={stars}>
              <Link
                to={toggleRating(state, stars)}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                aria-label={
                  active ? `${stars} stars and up, chosen: choose again to clear` : `${stars} stars and up`
                }
                className={`flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm transition hover:bg-gray-100 dark:hover:bg-gray-800 ${active ? "bg-indigo-50 font-semibold text-brand ring-1 ring-brand dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-400" : ""}`}
              >
                <Stars value={stars} />
                {stars < 5 && <span>&amp; up</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </FilterGroup>
  );
}

function BrandFilter({ state, brands }: { state: SearchState; brands: Named[] }) {
  return (
    <FilterGroup title="Brand">
      <ul className="flex max-h-72 flex-wrap gap-2 overflow-y-auto lg:flex-col lg:flex-nowrap lg:gap-0.5">
        {brands.map((b) => {
          const active = state.brand === b._id;
          return (
            <li key={b._id}>
              <Link
                to={toggleBrand(state, b._id)}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={`block rounded-lg px-2 py-1 text-sm transition hover:bg-gray-100 dark:hover:bg-gray-800 ${active ? "bg-indigo-50 font-semibold text-brand ring-1 ring-brand dark:bg-indigo-950 dark:text-indigo-300 dark:ring-indigo-400" : ""}`}
              >
                {b.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </FilterGroup>
  );
}

export function SearchFilters({ state, brands }: { state: SearchState; brands: Named[] }) {
  const active = Boolean(
    state.minRating || state.minPrice !== undefined || state.maxPrice !== undefined || state.brand,
  );
  return (
    <div className="space-y-5">
      <PriceFilter state={state} />
      <RatingFilter state={state} />
      <BrandFilter state={state} brands={brands} />
      {active && (
        <Link
          to={searchUrl(state, { minRating: 0, minPrice: undefined, maxPrice: undefined, brand: undefined })}
          className="inline-block text-brand text-sm underline underline-offset-4 dark:text-indigo-300"
        >
          Clear price, rating and brand
        </Link>
      )}
    </div>
  );
}

/** A row of choices (categories and the SUB / UNDER SUB CATEGORIES strips). */
export function ChoiceStrip({
  title,
  items,
  selected,
  href,
  headingId,
}: {
  title: string;
  items: (Named & { image?: string })[];
  selected?: string;
  href: (id: string) => string;
  headingId: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-5">
      <h2
        id={headingId}
        className="mb-2 font-semibold text-gray-600 text-xs uppercase tracking-wider dark:text-gray-400"
      >
        {title}
      </h2>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin]">
        {items.map((item) => (
          <li key={item._id} className="shrink-0">
            <Link
              to={href(item._id)}
              preventScrollReset
              className="chip"
              aria-current={selected === item._id ? "true" : undefined}
            >
              {item.image && (
                <FallbackImage
                  src={item.image}
                  alt=""
                  width={24}
                  height={24}
                  sizes="24px"
                  className="-ml-2 size-6 rounded-full object-cover"
                />
              )}
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
