import { MinusIcon, PlusIcon } from "./icons.tsx";

/** docs/storefront/product.md#stock-and-quantity: minus only above 1, plus only below the available stock. */
export function QuantitySelector({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const button =
    "grid size-10 place-items-center rounded-full transition hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:hover:bg-gray-800";
  return (
    <div className="inline-flex items-center gap-1 rounded-full border border-gray-300 p-0.5 dark:border-gray-700">
      <button
        type="button"
        className={button}
        onClick={() => onChange(value - 1)}
        disabled={value <= 1}
        aria-label="Decrease quantity"
      >
        <MinusIcon width={18} height={18} />
      </button>
      <output className="w-8 text-center font-semibold" aria-live="polite" aria-label="Quantity">
        {value}
      </output>
      <button
        type="button"
        className={button}
        onClick={() => onChange(value + 1)}
        disabled={value >= max}
        aria-label="Increase quantity"
      >
        <PlusIcon width={18} height={18} />
      </button>
    </div>
  );
}
