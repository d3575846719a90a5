import { sql } from "drizzle-orm";
import { z } from "zod";
import type { CoreContext } from "#core/context.ts";
import { STAFF_ROLES } from "#core/staff/roles.ts";
import { addStaffFromCommandLine } from "#core/staff/staff-accounts.ts";
import { queryRows } from "#db/client.ts";
import { loadConfigOrExit } from "#server/config.ts";
import { openShopDatabaseOrExit } from "#server/index.ts";
import { resolveJwtSecret } from "#server/secrets.ts";

// npm run staff -- add <email> --role admin|manager
// npm run staff -- list
// Creates the first admin (nobody can invite them), promotes or demotes an account, or lists staff
// (docs/back-office/README.md#first-admin). A new account prints a one-time set-password link.
const USAGE = "usage: npm run staff -- add <email> --role admin|manager\n       npm run staff -- list";

const [command, ...rest] = process.argv.slice(2);
const config = loadConfigOrExit();

if (command === "add") {
  const email = rest.find((arg) => !arg.startsWith("--"));
  const roleIndex = rest.indexOf("--role");
  const role = roleIndex >= 0 ? rest[roleIndex + 1] : undefined;
  const parsed = z
    .object({
      email: z.email("That is not an email address."),
      role: z.enum(STAFF_ROLES, "The role is admin or manager."),
    })
    .safeParse({ email, role });
  if (!parsed.success) {
    console.error(`${parsed.error.issues.map((issue) => issue.message).join("\n")}\n${USAGE}`);
    process.exit(2);
  }
  const handle = await openShopDatabaseOrExit(config);
  try {
    const ctx = {
      db: handle.db,
      now: () => new Date(),
      accounts: { secret: resolveJwtSecret(config) },
    } as unknown as CoreContext;
    const result = await addStaffFromCommandLine(ctx, parsed.data);
    if (result.created) {
      const base = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
      console.log(`created ${result.email} as ${result.role}.`);
      console.log("Open this link within 72 hours to choose a password (it works once):");
      console.log(`${base}/auth/set-password?token=${result.setPasswordToken}`);
    } else {
      console.log(
        `${result.email}: ${result.previousRole} → ${result.role}. Their sessions have ended; they sign in again.`,
      );
    }
  } finally {
    await handle.close();
  }
} else if (command === "list") {
  const handle = await openShopDatabaseOrExit(config);
  try {
    const rows = await queryRows<{ email: string; role: string; totp: boolean }>(
      handle.db,
      sql`SELECT email, role, totp_enabled_at IS NOT NULL AS totp FROM customers WHERE role <> 'customer' ORDER BY role, email`,
    );
    for (const row of rows)
      console.log(`${row.role.padEnd(8)} ${row.email}${row.totp ? " (two-factor on)" : ""}`);
    if (rows.length === 0) console.log("no staff yet: npm run staff -- add <email> --role admin");
  } finally {
    await handle.close();
  }
} else {
  console.error(USAGE);
  process.exit(2);
}
