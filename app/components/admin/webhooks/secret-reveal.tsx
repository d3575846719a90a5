import { useEffect, useState } from "react";

/**
 * A signing secret shown this once (after creating an endpoint or rotating its secret): a read-only
 * field whose text selects on focus, so it copies with the keyboard without JavaScript, and a Copy
 * button once the page has hydrated (the clipboard needs script).
 */
export function SecretReveal({ secret, title }: { secret: string; title: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section
      aria-labelledby="secret-title"
      className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 id="secret-title" className="font-semibold text-lg">
        {title}
      </h2>
      <p className="mt-1 text-sm">
        Copy it now and keep it with your receiver: it is shown only this once. Your receiver checks each
        delivery&apos;s <code className="font-mono">x-shop-signature</code> header with it.
      </p>
      <label htmlFor="webhook-secret" className="mt-3 block font-medium text-sm">
        Signing secret
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="webhook-secret"
          data-testid="webhook-secret"
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-lg border border-gray-300 bg-white px-3 font-mono text-sm dark:border-gray-700 dark:bg-gray-900"
        />
        {hydrated && (
          <button
            type="button"
            className="button-ghost h-11"
            onClick={() =>
              navigator.clipboard.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? "Copied" : "Copy"}
          </button>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? "The secret is on the clipboard." : ""}
      </p>
    </section>
  );
}
