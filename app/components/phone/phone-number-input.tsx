import type { PhoneCountry } from "#core/accounts/phone-verification.ts";

/** The international phone input: a country (Morocco by default) and the number. */
export function PhoneNumberInput({
  countries,
  country,
  onCountry,
  error,
}: {
  countries: readonly PhoneCountry[];
  country: string;
  onCountry: (code: string) => void;
  error?: string;
}) {
  const callingCode = countries.find((c) => c.code === country)?.callingCode ?? "";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="field-phoneNumber" className="font-medium text-sm">
        Phone Number
      </label>
      {/* On phones the country takes its own row: beside the number it would be cut. */}
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="field-country" className="sr-only">
          Country
        </label>
        {/* Side by side, sized to its longest option, so the country and its code are never cut. */}
        <select
          id="field-country"
          name="country"
          value={country}
          onChange={(e) => onCountry(e.currentTarget.value)}
          className="h-11 w-full shrink-0 rounded-lg border border-gray-300 bg-white pr-7 pl-3 text-sm sm:w-auto sm:max-w-[55%] dark:border-gray-700 dark:bg-gray-900"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} (+{c.callingCode})
            </option>
          ))}
        </select>
        {/* The calling code sits in the box beside the digits, never under them, whatever its length. */}
        <div
          className={`flex h-11 min-w-0 flex-none items-center sm:flex-1 rounded-lg border bg-white focus-within:ring-2 dark:bg-gray-900 ${error ? "border-red-600 dark:border-red-400" : "border-gray-300 focus-within:border-brand focus-within:ring-brand/30 dark:border-gray-700"}`}
        >
          <span
            aria-hidden="true"
            data-testid="calling-code"
            className="shrink-0 pr-1.5 pl-3 text-gray-600 dark:text-gray-400"
          >
            +{callingCode}
          </span>
          <input
            id="field-phoneNumber"
            name="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "field-phoneNumber-error" : undefined}
            className="h-full min-w-0 flex-1 rounded-r-lg bg-transparent pr-3 pl-2 text-base outline-none"
          />
        </div>
      </div>
      {error && (
        <p id="field-phoneNumber-error" className="text-red-700 text-sm dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** `+212` and `0612 34 56 78` → `+212612345678`; a number typed with its own `+` is kept. */
export function internationalNumber(callingCode: string, typed: string): string {
  const trimmed = typed.trim();
  if (trimmed.startsWith("+")) return `+${trimmed.replace(/\D/g, "")}`;
  return `+${callingCode}${trimmed.replace(/\D/g, "").replace(/^0+/, "")}`;
}
