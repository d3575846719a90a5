import { Form } from "react-router";
import { ErrorBox, SubmitButton, TextField, useBusy } from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { formatPrice } from "#contract/money-format.ts";
import { REFUND_REASON_MAX, type RefundSheet } from "#contract/refunds.ts";

/** Each line's quantity field is named by its position: `quantity-0`, `quantity-1`… */
export const QUANTITY_FIELD_PREFIX = "quantity-";

/** What a refused refund brings back to the form: the message, the fields at fault, what was typed. */
export interface RefundAnswer {
  message: string;
  fields?: Record<string, string>;
  values: { amount: string; reason: string; quantities: Record<string, string> };
  /** The key the form carries next (docs/back-office/refunds.md#the-refund-page). */
  idempotencyKey: string;
}

const lineLabel = (line: RefundSheet["lines"][number]) =>
  `${line.title}${line.size ? `, size ${line.size}` : ""}, ${line.color}`;

/**
 * The refund form: a quantity for each line still refundable, or an amount, and the reason. A plain
 * post, so it works without JavaScript; its hidden key, made when the page was rendered, makes a
 * double submit one refund.
 */
export function RefundForm({
  sheet,
  idempotencyKey,
  answer,
}: {
  sheet: RefundSheet;
  idempotencyKey: string;
  answer?: RefundAnswer;
}) {
  const busy = useBusy();
  const fields = answer?.fields ?? {};
  const linesError = fields.lines;
  const coupon = sheet.couponPercent
    ? ` less the order's ${sheet.couponPercent} % coupon, rounded down to the cent`
    : "";
  return (
    <Form
      method="post"
      // A new key is a new form: the fields show what the answer brought back.
      key={idempotencyKey}
      className="flex flex-col gap-5 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
      aria-labelledby="refund-form-heading"
    >
      <h2 id="refund-form-heading" className="font-semibold text-lg">
        New refund
      </h2>
      <ErrorBox message={boxMessage(answer, ["amount", "lines", "reason"])} busy={busy} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={linesError ? "refund-lines-hint refund-lines-error" : "refund-lines-hint"}
      >
        <legend className="mb-1 font-medium">By line</legend>
        <p id="refund-lines-hint" className="text-gray-600 text-sm dark:text-gray-400">
          A line gives back its unit price × quantity{coupon}. Tax and shipping are refunded by amount.
        </p>
        <ul className="flex flex-col divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {sheet.lines.map((line) => {
            const left = line.quantity - line.refunded;
            const name = `${QUANTITY_FIELD_PREFIX}${line.position}`;
            const id = `field-${name}`;
            return (
              <li key={line.position} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">{line.title}</p>
                  <p className="text-gray-600 dark:text-gray-400">
                    {line.size ? `Size ${line.size} · ` : ""}
                    {line.color} · {formatPrice(line.unitPrice)} each · {line.quantity} ordered
                    {line.refunded > 0 ? ` · ${line.refunded} refunded` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <label htmlFor={id} className="text-sm">
                    <span className="sr-only">Quantity to refund of {lineLabel(line)}</span>
                    <span aria-hidden="true">Refund</span>
                  </label>
                  <input
                    id={id}
                    name={name}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    step={1}
                    disabled={left === 0}
                    defaultValue={answer?.values.quantities[name] ?? "0"}
                    aria-invalid={linesError ? true : undefined}
                    className="h-11 w-20 rounded-lg border border-gray-300 bg-white px-2 text-right text-base disabled:bg-gray-100 disabled:text-gray-500 dark:border-gray-700 dark:bg-gray-900 dark:disabled:bg-gray-800 dark:disabled:text-gray-400"
                  />
                  <span className="text-gray-600 text-sm dark:text-gray-400">of {left}</span>
                </div>
              </li>
            );
          })}
        </ul>
        {linesError ? (
          <p id="refund-lines-error" className="text-red-700 text-sm dark:text-red-400">
            {linesError}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Or an amount (USD)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        defaultValue={answer?.values.amount}
        error={fields.amount}
        hint={
          <p className="text-gray-600 text-sm dark:text-gray-400">
            Up to {formatPrice(sheet.refundable)}, typed with a point (12.50). Leave it empty to refund by
            line.
          </p>
        }
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="field-reason" className="font-medium text-sm">
          Reason
        </label>
        <textarea
          id="field-reason"
          name="reason"
          rows={3}
          required
          maxLength={REFUND_REASON_MAX}
          defaultValue={answer?.values.reason}
          aria-invalid={fields.reason ? true : undefined}
          aria-describedby={fields.reason ? "field-reason-hint field-reason-error" : "field-reason-hint"}
          className={`rounded-lg border bg-white px-3 py-2 text-base dark:bg-gray-900 ${
            fields.reason ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-700"
          }`}
        />
        <p id="field-reason-hint" className="text-gray-600 text-sm dark:text-gray-400">
          Kept with the order for the shop's records; the customer is not shown it.
        </p>
        {fields.reason ? (
          <p id="field-reason-error" className="text-red-700 text-sm dark:text-red-400">
            {fields.reason}
          </p>
        ) : null}
      </div>
      <div>
        <SubmitButton busy={busy} label="Refund" busyLabel="Refunding…" />
      </div>
    </Form>
  );
}
