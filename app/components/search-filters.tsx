import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import {
  effectiveMaxPrice,
  priceProblem,
  type SearchState,
  searchUrl,
  toggleBrand,
  toggleRating,
} from "#app/lib/search-url.ts";
import { Thumb } from "./fallback-image.tsx";
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
  invalid: boolean;
  describedBy: string;
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
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        className={`h-10 w-full min-w-0 rounded-lg border bg-white px-3 text-sm dark:bg-gray-900 ${props.invalid ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-700"}`}
      />
    </label>
  );
}

/**
 * The fields follow the URL's own `minPrice`/`maxPrice` texts (back/forward, a reset link, a shared
 * link), except that a field with focus is never overwritten by a navigation it caused: typing on
 * while the page loads would otherwise lose keystrokes (docs/storefront/search.md#odd-input).
 */
function usePriceFields() {
  const [params] = useSearchParams();
  const urlMin = params.get("minPrice")?.trim() ?? "";
  const urlMax = params.get("maxPrice")?.trim() ?? "";
  const [min, setMin] = useState(urlMin);
  const [max, setMax] = useState(urlMax);
  const form = useRef<HTMLFormElement>(null);
  /** The `min|max` this filter last navigated to, until the URL shows it. */
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    const ours = sent.current === `${urlMin}|${urlMax}`;
    sent.current = undefined;
    if (ours && form.current?.contains(document.activeElement)) return;
    setMin(urlMin);
    setMax(urlMax);
  }, [urlMin, urlMax]);
  return { urlMin, urlMax, min, max, setMin, setMax, form, sent };
}

/**
 * Min/max price. With JavaScript the URL follows 500 ms after typing stops; without it, the form
 * submits the same parameters with its Apply button. Prices out of range or in the wrong order are
 * not applied; a message next to the fields says so (docs/decisions/032-odd-input-answers.md).
 */
function PriceFilter({ state }: { state: SearchState }) {
  const navigate = useNavigate();
  const { urlMin, urlMax, min, max, setMin, setMax, form, sent } = usePriceFields();
  const messageId = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The timer reads the page's current state and URL, not those of the render that started it.
  const latest = useRef({ state, urlMin, urlMax });
  latest.current = { state, urlMin, urlMax };
  useEffect(() => () => clearTimeout(timer.current), []);

  // Prices that came in the URL are shown as they are; typed ones are not applied while wrong.
  const problem = priceProblem(min, max, min === urlMin && max === urlMax);
  // On phones the filters are folded away: a link with wrong prices unfolds them, so the message
  // saying what the results ignore is seen (docs/storefront/search.md#odd-input).
  const linkProblem = Boolean(problem) && min === urlMin && max === urlMax;
  useEffect(() => {
    const details = form.current?.closest("details");
    if (linkProblem && details) details.open = true;
  }, [linkProblem, form]);

  const schedule = (nextMin: string, nextMax: string) => {
    clearTimeout(timer.current);
    if (priceProblem(nextMin, nextMax, false)) return;
    timer.current = setTimeout(() => {
      const now = latest.current;
      const minPrice = parsePrice(nextMin);
      const maxPrice = effectiveMaxPrice({ minPrice, maxPrice: parsePrice(nextMax) });
      if (minPrice === parsePrice(now.urlMin) && maxPrice === parsePrice(now.urlMax)) return;
      sent.current = `${minPrice ?? ""}|${maxPrice ?? ""}`;
      navigate(searchUrl(now.state, { minPrice, maxPrice }), { preventScrollReset: true });
    }, PRICE_FILTER_DEBOUNCE_MS);
  };

  return (
    <FilterGroup title="Price (USD)">
      <Form
        ref={form}
        method="get"
        action={state.term ? `/search/${encodeURIComponent(state.term)}` : "/search/"}
      >
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
            invalid={problem?.fields.includes("minimum") ?? false}
            describedBy={messageId}
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
            invalid={problem?.fields.includes("maximum") ?? false}
            describedBy={messageId}
            onChange={(value) => {
              setMax(value);
              schedule(min, value);
            }}
          />
        </div>
        {/* Always rendered, so a screen reader announces the message when it appears. */}
        <p
          id={messageId}
          aria-live="polite"
          className="mt-2 text-red-700 text-sm empty:hidden dark:text-red-400"
        >
          {problem?.text}
        </p>
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
                <Thumb src={item.image} size={24} className="-ml-2 size-6 rounded-full object-cover" />
              )}
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
