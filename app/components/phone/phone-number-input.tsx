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
      <div className="flex gap-2">
        <label htmlFor="field-country" className="sr-only">
          Country
        </label>
        <select
          id="field-country"
          name="country"
          value={country}
          onChange={(e) => onCountry(e.currentTarget.value)}
          className="h-11 w-32 shrink-0 rounded-lg border border-gray-300 bg-white px-2 text-sm dark:border-gray-700 dark:bg-gray-900"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} (+{c.callingCode})
            </option>
          ))}
        </select>
        <div className="relative flex-1">
          <span
            aria-hidden="true"
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 text-gray-500 dark:text-gray-400"
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
            style={{ paddingLeft: `${1.25 + callingCode.length * 0.6}rem` }}
            className={`h-11 w-full rounded-lg border bg-white pr-3 text-base outline-none focus:ring-2 dark:bg-gray-900 ${error ? "border-red-600 dark:border-red-400" : "border-gray-300 focus:border-brand focus:ring-brand/30 dark:border-gray-700"}`}
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
