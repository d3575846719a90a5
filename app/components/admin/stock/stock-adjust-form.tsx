import { Form } from "react-router";
import {
  ErrorBox,
  NoticeBox,
  SelectField,
  SubmitButton,
  TextField,
  useBusy,
} from "#app/components/form-controls.tsx";
import { boxMessage } from "#app/lib/form-message.ts";
import { MAX_STOCK, MAX_STOCK_NOTE, type SizeStock } from "#contract/admin-stock.ts";

export interface AdjustAnswer {
  ok: boolean;
  message?: string;
  fields?: Record<string, string>;
  /** The ledger line written (a success): the form starts afresh for the next adjustment. */
  entryId?: number;
  /** What a refused form held, shown again (a page without script has only this). */
  values?: { size: string; reason: string; amount: string; note: string };
}

const REASONS = [
  { value: "restock", label: "Restock", hint: "adds the quantity" },
  { value: "count", label: "Count", hint: "sets on hand to the number counted" },
  { value: "damage", label: "Damage", hint: "removes the quantity" },
] as const;

/**
 * One form for every size (a size select, none for a product without sizes): the reason, one
 * number (added, counted or removed, as the reason says) and a note. A plain post to the page's
 * action, so it works without JavaScript; problems are said under their field.
 */
export function StockAdjustForm({ sizes, answer }: { sizes: SizeStock[]; answer?: AdjustAnswer }) {
  const busy = useBusy();
  const failure = answer && !answer.ok ? answer : undefined;
  const fields = failure?.fields ?? {};
  const sized = sizes.some((s) => s.size !== null);
  const shown = ["size", "reason", "amount", "note"];
  return (
    <Form
      method="post"
      // A fresh form after each saved adjustment; the values stay after a refusal, to be fixed.
      key={answer?.ok ? `saved-${answer.entryId}` : "form"}
      className="flex max-w-xl flex-col gap-4 rounded-lg border border-gray-200 p-4 dark:border-gray-800"
      aria-labelledby="adjust-heading"
    >
      <h2 id="adjust-heading" className="font-semibold text-lg">
        Adjust stock
      </h2>
      {answer?.ok ? <NoticeBox message={answer.message} /> : null}
      <ErrorBox message={boxMessage(failure, shown)} busy={busy} />
      {sized ? (
        <SelectField
          label="Size"
          id="field-size"
          name="size"
          error={fields.size}
          defaultValue={failure?.values?.size ?? sizes[0]?.size ?? ""}
        >
          {sizes.map((s) => (
            <option key={s.size} value={s.size ?? ""}>
              {s.size} — {s.onHand} on hand
            </option>
          ))}
        </SelectField>
      ) : null}
      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={fields.reason ? true : undefined}
        aria-describedby={fields.reason ? "field-reason-error" : undefined}
      >
        <legend className="mb-1 font-medium text-sm">Reason</legend>
        {REASONS.map((reason, i) => (
          <label key={reason.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="reason"
              value={reason.value}
              defaultChecked={failure?.values?.reason ? failure.values.reason === reason.value : i === 0}
              className="h-5 w-5 accent-gray-900 dark:accent-gray-100"
            />
            <span>
              <span className="font-medium">{reason.label}</span>{" "}
              <span className="text-gray-600 dark:text-gray-400">— {reason.hint}</span>
            </span>
          </label>
        ))}
        {fields.reason ? (
          <p id="field-reason-error" className="text-red-700 text-sm dark:text-red-400">
            {fields.reason}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Quantity (or the number counted)"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        defaultValue={failure?.values?.amount}
        hint={
          <p className="text-gray-600 text-sm dark:text-gray-400">
            A whole number, at most {MAX_STOCK.toLocaleString("en-US")}.
          </p>
        }
        error={fields.amount}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="field-note" className="font-medium text-sm">
          Note <span className="font-normal text-gray-600 dark:text-gray-400">(optional)</span>
        </label>
        <textarea
          id="field-note"
          name="note"
          rows={2}
          maxLength={MAX_STOCK_NOTE}
          defaultValue={failure?.values?.note}
          aria-invalid={fields.note ? true : undefined}
          aria-describedby={fields.note ? "field-note-error" : undefined}
          className={`rounded-lg border bg-white px-3 py-2 text-base dark:bg-gray-900 ${
            fields.note ? "border-red-600 dark:border-red-400" : "border-gray-300 dark:border-gray-700"
          }`}
        />
        {fields.note ? (
          <p id="field-note-error" className="text-red-700 text-sm dark:text-red-400">
            {fields.note}
          </p>
        ) : null}
      </div>
      <div>
        <SubmitButton busy={busy} label="Save adjustment" busyLabel="Saving…" />
      </div>
    </Form>
  );
}
