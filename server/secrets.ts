import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "./config.ts";

/**
 * JWT_SECRET, or in development a secret generated once and kept in the data directory, so sessions
 * survive a restart. Production refuses to start without JWT_SECRET (config.ts).
 */
export function resolveJwtSecret(config: Pick<Config, "JWT_SECRET" | "SHOP_DATA_DIR">): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.SHOP_DATA_DIR, "jwt-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(config.SHOP_DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
