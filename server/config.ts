import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", ""], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );

/** Every environment variable the shop reads; `.env.example` documents each one. */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int({ message: "must be a port number" })
    .min(0, { message: "must be a port number from 0 to 65535" })
    .max(65535, { message: "must be a port number from 0 to 65535" })
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SHOP_DATA_DIR: z.string().min(1, { message: "must be a directory path" }).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: "must be a whole number from 2 to 200" })
    .int({ message: "must be a whole number from 2 to 200" })
    .min(2, { message: "must be a whole number from 2 to 200" })
    .max(200, { message: "must be a whole number from 2 to 200" })
    .default(10),
  REDIS_URL: url(["redis:", "rediss:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("shop <no-reply@shop.test>"),
  SMS_PROVIDER: z
    .enum(["builtin", "firebase"], { message: "must be builtin or firebase" })
    .default("builtin"),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_SERVICE_ACCOUNT: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  PAYMENT_PROVIDER: z
    .enum(["builtin", "stripe"], { message: "must be builtin or stripe" })
    .default("builtin"),
  // The prefixes catch a publishable key (pk_…) or a key pasted into the wrong variable.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, {
      message: "must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)",
    })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, { message: "must be a Stripe webhook signing secret (whsec_…)" })
    .optional(),
  /** Another address for Stripe's API: a stand-in for tests and local development. */
  STRIPE_API_BASE: url(["http:", "https:"]).optional(),
  JWT_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  RESERVATION_MINUTES: z.coerce
    .number({ message: "must be a whole number of minutes" })
    .int({ message: "must be a whole number of minutes" })
    .min(1, { message: "must be from 1 to 1440" })
    .max(1440, { message: "must be from 1 to 1440" })
    .default(15),
  ALLOW_BUILTIN_PROVIDERS: flag.default(false),
  /** Requests per minute per client IP on /api/v1; 0 turns the limit off (benchmarks). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: "must be a whole number" }).int().min(0).default(600),
  /**
   * How long a shared cache (nginx's proxy_cache, docs/caching.md) may serve a visitor's page or a
   * public catalogue GET without asking the shop: the s-maxage of those answers. 0 makes them private.
   */
  SHARED_CACHE_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int({ message: "must be a whole number of seconds" })
    .min(0, { message: "must be from 0 to 86400" })
    .max(86_400, { message: "must be from 0 to 86400" })
    .default(60),
  /** How long after that the cache may still serve it while one request revalidates (stale-while-revalidate). */
  SHARED_CACHE_STALE_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int({ message: "must be a whole number of seconds" })
    .min(0, { message: "must be from 0 to 86400" })
    .max(86_400, { message: "must be from 0 to 86400" })
    .default(30),
  /**
   * How long an instance serves a visitor's rendered page from memory instead of rendering it again
   * (docs/caching.md#the-instances-page-cache). Unset: 10 in production, 0 (off) otherwise; never
   * more than SHARED_CACHE_SECONDS.
   */
  PAGE_CACHE_SECONDS: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int({ message: "must be a whole number of seconds" })
    .min(0, { message: "must be from 0 to 3600" })
    .max(3600, { message: "must be from 0 to 3600" })
    .optional(),
  /** The most memory those pages may take, in MiB of their compressed bodies. */
  PAGE_CACHE_MB: z.coerce
    .number({ message: "must be a whole number of MiB" })
    .int({ message: "must be a whole number of MiB" })
    .min(1, { message: "must be from 1 to 4096" })
    .max(4096, { message: "must be from 1 to 4096" })
    .default(64),
  /**
   * How many proxies you run in front of the shop: the client address is the X-Forwarded-For entry
   * the outermost of them saw (`true` = one). `false` (0) reads the socket's peer (docs/operations.md).
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})?$/, { message: "must be true, false or a number of proxies" })
    .default("false")
    .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
  /**
   * The development outbox (/dev/outbox): `local` answers only clients on this machine, `open`
   * anyone who reaches the port. Never served in production (docs/decisions/021-safe-defaults.md).
   */
  DEV_OUTBOX: z.enum(["local", "open"], { message: "must be local or open" }).default("local"),
  /**
   * Product photos in an S3-compatible bucket (several instances share it); unset: files under
   * SHOP_DATA_DIR/media. All five or none (docs/decisions/045-image-store.md).
   */
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where browsers fetch the bucket's objects (its public address or a CDN); unset: the shop serves /media/. */
  S3_PUBLIC_URL: url(["http:", "https:"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.output<typeof configSchema>;

/** Variables whose value a refusal must not echo: it lands in logs. */
const SECRETS = new Set([
  "JWT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
]);

/** The S3 settings that go together: a partial set would store photos nowhere the shop can read. */
export const S3_SETTINGS = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

function missingS3Settings(config: Config): string[] {
  const given = [...S3_SETTINGS, "S3_PUBLIC_URL" as const].find((name) => config[name] !== undefined);
  if (!given) return [];
  return S3_SETTINGS.filter((name) => config[name] === undefined).map(
    (name) => `${name}: is required when ${given} is set (${S3_SETTINGS.join(", ")} go together)`,
  );
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly lines: string[]) {
    super(lines.join("\n"));
  }
}

/** Reads `.env` (if present) under the real environment: variables already set win. */
export function readDotEnv(file = path.resolve(".env")): Record<string, string> {
  if (!existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/);
    if (!match) continue;
    values[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, "$2");
  }
  return values;
}

/**
 * Validates the environment. A wrong value stops the server with one line per variable:
 * `PORT: must be a port number from 0 to 65535 (got "99999")`.
 */
export function loadConfig(
  env: Record<string, string | undefined> = { ...readDotEnv(), ...process.env },
): Config {
  const known = Object.keys(configSchema.shape);
  const input = Object.fromEntries(
    known.map((k) => [k, env[k] === "" && k !== "CORS_ORIGINS" ? undefined : env[k]]),
  );
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const got = env[name];
      const shown =
        got === undefined || SECRETS.has(name) ? "" : ` (got ${JSON.stringify(got.slice(0, 60))})`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError([...new Set(lines)]);
  }
  const config = parsed.data;
  const problems: string[] = [];
  if (config.PAYMENT_PROVIDER === "stripe" && !config.STRIPE_SECRET_KEY) {
    problems.push("STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe");
  }
  // Without it no payment would ever be confirmed: every Stripe order would lapse unpaid.
  if (config.PAYMENT_PROVIDER === "stripe" && !config.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=stripe");
  }
  if (config.SMS_PROVIDER === "firebase" && !config.FIREBASE_PROJECT_ID) {
    problems.push("FIREBASE_PROJECT_ID: is required when SMS_PROVIDER=firebase");
  }
  // The add-phone page cannot start the Firebase client SDK without it (any value for the emulator).
  if (config.SMS_PROVIDER === "firebase" && !config.FIREBASE_API_KEY) {
    problems.push("FIREBASE_API_KEY: is required when SMS_PROVIDER=firebase");
  }
  problems.push(...missingS3Settings(config));
  if (config.NODE_ENV === "production") {
    if (!config.JWT_SECRET) problems.push("JWT_SECRET: is required in production (32 characters or more)");
    const builtins = [
      config.PAYMENT_PROVIDER === "builtin" && "PAYMENT_PROVIDER",
      !config.SMTP_URL && "SMTP_URL",
      config.SMS_PROVIDER === "builtin" && "SMS_PROVIDER",
    ].filter(Boolean);
    if (builtins.length > 0 && !config.ALLOW_BUILTIN_PROVIDERS) {
      problems.push(
        `ALLOW_BUILTIN_PROVIDERS: production would use the built-in ${builtins.join(", ")}; configure real providers or set ALLOW_BUILTIN_PROVIDERS=true for a demo shop`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** For command-line entry points: the configuration, or one line per wrong variable and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.lines) console.error(`configuration error: ${line}`);
      process.exit(1);
    }
    throw error;
  }
}
