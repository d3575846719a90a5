import { sql } from "drizzle-orm";
import type { AddressBody, AddressEntry } from "#contract/accounts.ts";
import { queryRows } from "#db/client.ts";
import { newId } from "#db/ids.ts";
import type { CoreContext } from "../context.ts";
import { invalid, notFound } from "../errors.ts";

export const MAX_ADDRESSES = 10;

export async function listAddresses(ctx: CoreContext, customerId: string): Promise<AddressEntry[]> {
  return queryRows<AddressEntry>(
    ctx.db,
    sql`SELECT id AS "_id", country, state, city, street, postal_code AS "postalCode"
        FROM customer_addresses WHERE customer_id = ${customerId} ORDER BY created_at, id`,
  );
}

/**
 * Saves an address; the same address again (ignoring case and spacing) is the one already saved,
 * so checking out twice to one place does not fill the list with copies.
 */
export async function saveAddress(
  ctx: CoreContext,
  customerId: string,
  address: AddressBody,
): Promise<AddressEntry> {
  const same = sql`lower(country) = lower(${address.country}) AND lower(state) = lower(${address.state})
    AND lower(city) = lower(${address.city}) AND lower(street) = lower(${address.street}) AND postal_code = ${address.postalCode}`;
  return ctx.db.transaction(async (tx) => {
    // Check-then-insert under the customer's row lock: two requests at once can neither both add the
    // same address nor both take the last free place.
    await tx.execute(sql`SELECT 1 FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE`);
    const [existing] = await queryRows<AddressEntry>(
      tx,
      sql`SELECT id AS "_id", country, state, city, street, postal_code AS "postalCode"
          FROM customer_addresses WHERE customer_id = ${customerId} AND ${same}`,
    );
    if (existing) return existing;
    const id = newId();
    const inserted = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO customer_addresses (id, customer_id, country, state, city, street, postal_code, created_at)
          SELECT ${id}, ${customerId}, ${address.country}, ${address.state}, ${address.city}, ${address.street},
                 ${address.postalCode}, ${ctx.now().toISOString()}::timestamptz
          WHERE (SELECT count(*) FROM customer_addresses WHERE customer_id = ${customerId}) < ${MAX_ADDRESSES}
          RETURNING id`,
    );
    if (inserted.length === 0) throw invalid(`You can save at most ${MAX_ADDRESSES} addresses.`);
    return { _id: id, ...address };
  });
}

export async function addAddress(ctx: CoreContext, customerId: string, address: AddressBody) {
  const saved = await saveAddress(ctx, customerId, address);
  return {
    status: "Success" as const,
    message: "Address saved.",
    address: saved,
    data: await listAddresses(ctx, customerId),
  };
}

export async function deleteAddress(ctx: CoreContext, customerId: string, addressId: string) {
  const deleted = await queryRows(
    ctx.db,
    sql`DELETE FROM customer_addresses WHERE id = ${addressId} AND customer_id = ${customerId} RETURNING id`,
  );
  if (deleted.length === 0) throw notFound(`No address for this ID: ${addressId}`);
  return {
    status: "Success" as const,
    message: "Address removed.",
    data: await listAddresses(ctx, customerId),
  };
}
