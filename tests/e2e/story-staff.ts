import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../core/accounts/passwords.ts";
import type { Database } from "../../db/client.ts";
import { stableId } from "../../db/ids.ts";

/**
 * Staff accounts of the stories' own, so a story that turns on two-step verification or spends a
 * set-password link never changes an account another story (or the demo) logs in with
 * (admin-two-factor.spec.ts).
 */
export const STORY_STAFF = {
  twoFactorAdmin: { email: "two-factor-admin@shop.test", password: "two-factor-12345", role: "admin" },
  /** Looked at by the accessibility scans of /admin/account, which start setting up on it. */
  accountPageManager: {
    email: "account-page-manager@shop.test",
    password: "account-page-12345",
    role: "manager",
  },
  /** Invited and not yet in: no password anyone knows, a set-password link of version 0. */
  invitedManager: { email: "invited-manager@shop.test", password: null, role: "manager" },
} as const;

export const storyStaffId = (email: string) => stableId("customer", email);

export async function seedStoryStaff(db: Database) {
  const now = new Date().toISOString();
  for (const staff of Object.values(STORY_STAFF)) {
    const hash = await hashPassword(staff.password ?? randomBytes(32).toString("base64url"));
    await db.execute(sql`INSERT INTO customers (id, first_name, last_name, email, password_hash, role, email_verified_at)
      VALUES (${storyStaffId(staff.email)}, 'Story', 'Staff', ${staff.email}, ${hash}, ${staff.role}, ${now}::timestamptz)
      ON CONFLICT DO NOTHING`);
  }
}
