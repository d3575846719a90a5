import { data } from "react-router";
import { invalidForm, readForm } from "#app/lib/form-action.server.ts";
import { pageLog } from "#app/lib/log.server.ts";
import {
  addPhoneNumberBody,
  confirmPhoneCodeBody,
  DEFAULT_PHONE_COUNTRY,
  PHONE_ADD_FAILED,
  PHONE_ALREADY_SAVED,
  phoneErrorMessage,
} from "#contract/accounts.ts";
import { addPhoneNumber } from "#core/accounts/phone-numbers.ts";
import { confirmPhoneCode, sendPhoneCode } from "#core/accounts/phone-verification.ts";
import type { CoreContext } from "#core/context.ts";
import { DomainError } from "#core/errors.ts";
import { numberForm, type Step } from "./phone-steps.ts";

/** Identity codes that are about the code the shopper typed (docs/storefront/accounts.md#phone-errors). */
const CODE_FIELD_PROBLEMS = new Set(["invalid-verification-code", "missing-verification-code"]);

/** The spec's message for a failure: identity codes by the table of docs/storefront/accounts.md#phone-errors, a saved number, else the generic one. */
function phoneFailure(error: unknown): string {
  if (error instanceof DomainError) {
    if (error.kind === "conflict") return PHONE_ALREADY_SAVED;
    if (error.code) return phoneErrorMessage(error.code);
    if (error.kind === "invalid") return error.message;
  }
  if (!(error instanceof DomainError)) pageLog.warn({ err: error }, "adding a phone number failed");
  return PHONE_ADD_FAILED;
}

/** Save the number the ID token vouches for; a failure keeps the token so a retry reuses it (docs/storefront/accounts.md#add-phone-number). */
async function save(core: CoreContext, customerId: string, idToken: string, phoneNumber: string) {
  try {
    await addPhoneNumber(core, customerId, idToken);
    return { step: "done", phoneNumber } satisfies Step;
  } catch (error) {
    const message = phoneFailure(error);
    if (error instanceof DomainError && error.kind === "conflict")
      return data({ step: "number", message } satisfies Step, { status: 409 });
    return invalidForm({ message }, { step: "retry" as const, idToken, phoneNumber });
  }
}

/** One step of the add-phone page (its route's action): send a code, confirm it, or save a number. */
export async function runPhoneStep(core: CoreContext, customerId: string, form: FormData) {
  const intent = form.get("intent");
  if (intent === "confirm") {
    const codeStep = {
      step: "code",
      verificationId: String(form.get("verificationId") ?? ""),
      phoneNumber: String(form.get("phoneNumber") ?? ""),
    } as const;
    const parsed = readForm(form, confirmPhoneCodeBody);
    if (!parsed.ok) return invalidForm(parsed.failure, codeStep);
    let idToken: string;
    try {
      ({ idToken } = await confirmPhoneCode(core, customerId, parsed.data));
    } catch (error) {
      // A wrong or missing code is the code field's problem, said under it; the rest (an expired
      // code, too many tries) is the form's (docs/storefront/README.md#forms).
      const message = phoneFailure(error);
      const aboutCode = error instanceof DomainError && CODE_FIELD_PROBLEMS.has(error.code ?? "");
      return invalidForm(aboutCode ? { message, fields: { code: message } } : { message }, codeStep);
    }
    return save(core, customerId, idToken, codeStep.phoneNumber);
  }
  if (intent === "add") {
    const parsed = readForm(form, addPhoneNumberBody);
    if (!parsed.ok) return invalidForm({ message: PHONE_ADD_FAILED }, { step: "number" as const });
    return save(core, customerId, parsed.data.idToken, String(form.get("phoneNumber") ?? ""));
  }
  const parsed = readForm(form, numberForm);
  if (!parsed.ok) return invalidForm(parsed.failure, { step: "number" as const });
  try {
    const sent = await sendPhoneCode(
      core,
      customerId,
      parsed.data.phoneNumber,
      String(form.get("country") ?? DEFAULT_PHONE_COUNTRY),
    );
    return {
      step: "code",
      verificationId: sent.verificationId,
      phoneNumber: sent.phoneNumber,
      notice: sent.message,
    } satisfies Step;
  } catch (error) {
    const message = phoneFailure(error);
    return invalidForm({ message, fields: { phoneNumber: message } }, { step: "number" as const });
  }
}
