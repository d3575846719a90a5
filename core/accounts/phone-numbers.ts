import { sql } from "drizzle-orm";
import { PHONE_ADD_FAILED, PHONE_ALREADY_SAVED, type PhoneNumberEntry } from "#contract/accounts.ts";
import { queryRows } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { newId } from "#db/ids.ts";
import type { CoreContext } from "../context.ts";
import { conflict, DomainError, invalid, notFound } from "../errors.ts";
import { PhoneVerificationError } from "../ports/phone-verification.ts";
import { normalizePhoneNumber } from "./phone-verification.ts";

export const MAX_PHONE_NUMBERS = 10;

export async function listPhoneNumbers(ctx: CoreContext, customerId: string): Promise<PhoneNumberEntry[]> {
  return queryRows<PhoneNumberEntry>(
    ctx.db,
    sql`SELECT id AS "_id", phone_number AS "phoneNumber" FROM customer_phone_numbers
        WHERE customer_id = ${customerId} ORDER BY created_at, id`,
  );
}

/**
 * Saves the phone number the identity provider vouched for to the customer's list. A number
 * already saved is a 409 with the spec's text; any other failure is its generic text.
 */
export async function addPhoneNumber(ctx: CoreContext, customerId: string, idToken: string) {
  let phoneNumber: string | undefined;
  try {
    ({ phoneNumber } = await ctx.accounts.phoneVerifier.verifyIdToken(idToken, customerId));
  } catch (error) {
    if (error instanceof PhoneVerificationError)
      throw new DomainError("invalid", PHONE_ADD_FAILED, undefined, error.code);
    throw error;
  }
  const number = normalizePhoneNumber(phoneNumber) ?? phoneNumber;
  const id = newId();
  try {
    await ctx.db.transaction(async (tx) => {
      // Count-then-insert under the customer's row lock, so numbers added at once cannot pass the cap.
      await tx.execute(sql`SELECT 1 FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE`);
      const inserted = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO customer_phone_numbers (id, customer_id, phone_number, verified_at, created_at)
            SELECT ${id}, ${customerId}, ${number}, ${ctx.now().toISOString()}::timestamptz, ${ctx.now().toISOString()}::timestamptz
            WHERE (SELECT count(*) FROM customer_phone_numbers WHERE customer_id = ${customerId}) < ${MAX_PHONE_NUMBERS}
            RETURNING id`,
      );
      if (inserted.length === 0) throw invalid(`You can save at most ${MAX_PHONE_NUMBERS} phone numbers.`);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PHONE_ALREADY_SAVED, "phoneNumber");
    throw error;
  }
  return {
    status: "Success" as const,
    message: "Phone number verified successfully",
    data: await listPhoneNumbers(ctx, customerId),
  };
}

export async function deletePhoneNumber(ctx: CoreContext, customerId: string, phoneId: string) {
  const deleted = await queryRows(
    ctx.db,
    sql`DELETE FROM customer_phone_numbers WHERE id = ${phoneId} AND customer_id = ${customerId} RETURNING id`,
  );
  // Another customer's id answers exactly like an unknown one.
  if (deleted.length === 0) throw notFound(`No phone number for this ID: ${phoneId}`);
  return {
    status: "Success" as const,
    message: "Phone number removed.",
    data: await listPhoneNumbers(ctx, customerId),
  };
}
