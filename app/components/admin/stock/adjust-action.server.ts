import { formFailure, invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { CALL_FAILED } from "#app/lib/toast.ts";
import { stockAdjustmentBody } from "#contract/admin-stock.ts";
import type { CoreContext } from "#core/context.ts";
import { adjustStock } from "#core/inventory/adjustments.ts";
import type { Staff } from "#core/staff/roles.ts";

/**
 * The stock page's form has one number, `amount`, for all three reasons (a page without script
 * cannot rename a field as the reason changes): it is the API's `quantity` for a restock or damage
 * and its `setTo` for a count. The body is checked by the API's own schema, and a problem with
 * `quantity` or `setTo` is said under `amount`.
 */
function asApiFields(form: FormData): FormData {
  const body = new FormData();
  for (const name of ["size", "reason", "note"]) {
    const value = form.get(name);
    if (typeof value === "string") body.set(name, value);
  }
  const amount = form.get("amount");
  if (typeof amount === "string") body.set(form.get("reason") === "count" ? "setTo" : "quantity", amount);
  return body;
}

const amountField = (field: string) => (field === "quantity" || field === "setTo" ? "amount" : field);

/** The schema's messages name the API's fields; the page names its one number as its label does. */
const amountMessage = (message: string) =>
  message
    .replace(/^setTo is required.*/, "Enter the number counted.")
    .replace(/^quantity is required.*/, "Enter the quantity.")
    .replace(/^setTo /, "The number counted ")
    .replace(/^quantity /, "The quantity ");

function renamed(fields: Record<string, string> | undefined) {
  if (!fields) return undefined;
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const name = amountField(field);
    out[name] ??= name === "amount" ? amountMessage(message) : message;
  }
  return out;
}

/** Runs the stock page's adjustment for the signed-in staff member; the answer the page shows. */
export async function adjustFromForm(core: CoreContext, staff: Staff, productId: string, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 1000) : "";
  };
  const failed = {
    ok: false as const,
    values: { size: text("size"), reason: text("reason"), amount: text("amount"), note: text("note") },
  };
  const parsed = readForm(asApiFields(form), stockAdjustmentBody);
  if (!parsed.ok) {
    const fields = renamed(parsed.failure.fields);
    return invalidForm({ message: amountMessage(parsed.failure.message), fields }, failed);
  }
  try {
    const result = await adjustStock(core, staff, productId, parsed.data);
    const what = result.size === null ? "On hand" : `Size ${result.size}: on hand`;
    const change = result.entry.delta > 0 ? `+${result.entry.delta}` : String(result.entry.delta);
    return {
      ok: true as const,
      entryId: result.entry.id,
      message: `${what} is now ${result.onHand} (${result.entry.reason} ${change}); ${result.available} available to shoppers.`,
    };
  } catch (error) {
    const answer = formFailure(error, CALL_FAILED, failed);
    answer.data.fields = renamed(answer.data.fields);
    return answer;
  }
}
