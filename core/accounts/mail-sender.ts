import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import type { CoreContext } from "../context.ts";

/** Who a mail or text is from, as the shop's settings name it now. */
export interface MailSender {
  /** `shop_settings.store_name`. */
  shopName: string;
  /** `shop_settings.contact_email`: where customers may write; empty for none. */
  contactEmail: string;
}

/**
 * The store name and contact address an admin set (docs/back-office/coupons-and-settings.md), read
 * when a message is sent: mail is rare, so one small read per message keeps every instance current
 * without a cache. The context's name stands in only for a shop without its settings row.
 */
export async function mailSender(
  // `db` may be a transaction: order mail is written inside the change's (core/notifications).
  ctx: { db: Executor } & Pick<CoreContext, "accounts">,
): Promise<MailSender> {
  const [row] = await queryRows<{ store_name: string; contact_email: string }>(
    ctx.db,
    sql`SELECT store_name, contact_email FROM shop_settings WHERE id = 1`,
  );
  return {
    shopName: row?.store_name || ctx.accounts.shopName,
    contactEmail: row?.contact_email ?? "",
  };
}
