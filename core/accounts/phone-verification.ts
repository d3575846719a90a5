import { sql } from "drizzle-orm";
import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js/max";
import { PHONE_ALREADY_SAVED, PHONE_ERROR_MESSAGES, type PhoneErrorCode } from "#contract/accounts.ts";
import { queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError } from "../errors.ts";
import { type PhoneIdTokenVerifier, PhoneVerificationError } from "../ports/phone-verification.ts";
import { CODE_TTL_MINUTES, checkCode, sendCode } from "./codes.ts";
import { AUTH_LIMITS, enforceLimit } from "./limits.ts";
import { phoneCodeText } from "./mail.ts";
import { mailSender } from "./mail-sender.ts";
import { signToken, verifyToken } from "./tokens.ts";

// The built-in identity provider: the server texts a code and, for the right one, signs an ID token
// that POST /customer/phone-numbers accepts, as Firebase's would be. Failures carry the spec's codes.

const ID_TOKEN_SECONDS = 10 * 60;

function fail(code: PhoneErrorCode, kind: "invalid" | "rate_limited" = "invalid"): DomainError {
  return new DomainError(kind, PHONE_ERROR_MESSAGES[code], undefined, code);
}

/**
 * `+212 6 12-34-56-78` → `+212612345678`, or undefined when it is not a possible phone number. A
 * number without its `+` prefix is read in `country` (ISO code, e.g. `MA`) when one is given.
 */
export function normalizePhoneNumber(input: string, country?: string): string | undefined {
  const region = country?.toUpperCase();
  const parsed = parsePhoneNumberFromString(
    input.trim(),
    region && isSupportedCountry(region) ? (region as CountryCode) : undefined,
  );
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * Texts a 6-digit code to the number (international, or national in `country`); the verification
 * id names this attempt.
 */
export async function sendPhoneCode(
  ctx: CoreContext,
  customerId: string,
  phoneNumber: string,
  country?: string,
) {
  if (!phoneNumber.trim()) throw fail("missing-phone-number");
  const number = normalizePhoneNumber(phoneNumber, country);
  if (!number) throw fail("invalid-phone-number");
  // A number already saved needs no SMS: say so before sending one.
  const [saved] = await queryRows(
    ctx.db,
    sql`SELECT 1 FROM customer_phone_numbers WHERE customer_id = ${customerId} AND phone_number = ${number}`,
  );
  if (saved) throw conflict(PHONE_ALREADY_SAVED, "phoneNumber");
  const sent = await sendCode(ctx, { customerId, purpose: "verify_phone", target: number }, async (code) =>
    ctx.accounts.sms.send({ to: number, text: phoneCodeText((await mailSender(ctx)).shopName, code) }),
  );
  if (!sent.issued && sent.reason === "hourly_limit") throw fail("too-many-requests", "rate_limited");
  const verificationId = await signToken(
    ctx,
    "phone-verification",
    customerId,
    { phone_number: number },
    CODE_TTL_MINUTES * 60,
  );
  return {
    status: "Success" as const,
    message: `A verification code has been sent to ${number}.`,
    verificationId,
    phoneNumber: number,
  };
}

/** The right code for this verification id gives a short-lived ID token for the number. */
export async function confirmPhoneCode(
  ctx: CoreContext,
  customerId: string,
  input: { verificationId: string; code: string },
) {
  if (!input.code) throw fail("missing-verification-code");
  const attempt = verifyToken(ctx, "phone-verification", input.verificationId);
  // The id lives exactly as long as the code it was issued with: once it is past, so is the code.
  if (!attempt.ok) throw fail(attempt.problem === "expired" ? "code-expired" : "invalid-verification-id");
  if (attempt.claims.sub !== customerId || typeof attempt.claims.phone_number !== "string") {
    throw fail("invalid-verification-id");
  }
  const number = attempt.claims.phone_number;
  await enforceLimit(ctx, AUTH_LIMITS.codeChecksPerAccount, customerId).catch(() => {
    throw fail("too-many-requests", "rate_limited");
  });
  const result = await checkCode(ctx, {
    customerId,
    purpose: "verify_phone",
    code: input.code,
    target: number,
  });
  if (result === "wrong") throw fail("invalid-verification-code");
  if (result === "expired" || result === "missing") throw fail("code-expired");
  if (result === "exhausted") throw fail("too-many-requests", "rate_limited");
  const idToken = await signToken(
    ctx,
    "phone-id-token",
    customerId,
    { phone_number: number },
    ID_TOKEN_SECONDS,
  );
  return {
    status: "Success" as const,
    message: "Phone number verified successfully",
    idToken,
    phoneNumber: number,
  };
}

/** The built-in provider's side of the port: checks the ID token that confirmPhoneCode signed. */
export function createBuiltinPhoneVerifier(
  ctx: () => Pick<CoreContext, "accounts" | "now">,
): PhoneIdTokenVerifier {
  return {
    provider: "builtin",
    async verifyIdToken(idToken, customerId) {
      const checked = verifyToken(ctx(), "phone-id-token", idToken);
      if (!checked.ok)
        throw new PhoneVerificationError(
          checked.problem === "expired" ? "session-expired" : "internal-error",
          "The phone verification is invalid or has expired.",
        );
      if (checked.claims.sub !== customerId || typeof checked.claims.phone_number !== "string") {
        throw new PhoneVerificationError(
          "invalid-verification-id",
          "The phone verification belongs to another account.",
        );
      }
      return { phoneNumber: checked.claims.phone_number };
    },
  };
}

export interface PhoneCountry {
  code: CountryCode;
  name: string;
  callingCode: string;
}

let countries: readonly PhoneCountry[] | undefined;

/** Every country the phone input offers, by English name, with its calling code (built once). */
export function phoneCountries(): readonly PhoneCountry[] {
  if (!countries) {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    countries = getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, callingCode: getCountryCallingCode(code) }))
      .sort((a, b) => a.name.localeCompare(b.name, "en"));
  }
  return countries;
}
