import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
}

describe("configuration", () => {
  it("has working defaults for a local demo shop", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SHOP_DATA_DIR: "./data",
      RESERVATION_MINUTES: 15,
      PAYMENT_PROVIDER: "builtin",
      SMS_PROVIDER: "builtin",
      CORS_ORIGINS: [],
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reads lists and flags", () => {
    const config = loadConfig({ CORS_ORIGINS: "https://a.example, https://b.example", TRUST_PROXY: "true" });
    expect(config.CORS_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
    expect(config.TRUST_PROXY).toBe(1);
  });

  it("reads TRUST_PROXY as a number of proxies, and is safe without it", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({}).DEV_OUTBOX).toBe("local");
    expect(loadConfig({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(problems({ TRUST_PROXY: "yes", DEV_OUTBOX: "public" })).toEqual([
      'TRUST_PROXY: must be true, false or a number of proxies (got "yes")',
      'DEV_OUTBOX: must be local or open (got "public")',
    ]);
  });

  it("names each wrong variable on one line with what it got", () => {
    expect(problems({ PORT: "99999", DATABASE_URL: "mysql://x", RESERVATION_MINUTES: "soon" })).toEqual([
      'PORT: must be a port number from 0 to 65535 (got "99999")',
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql:// (got "mysql://x")',
      'RESERVATION_MINUTES: must be a whole number of minutes (got "soon")',
    ]);
  });

  it("refuses production with built-in providers unless allowed", () => {
    const lines = problems({ NODE_ENV: "production", JWT_SECRET: "x".repeat(32) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ALLOW_BUILTIN_PROVIDERS: production would use the built-in PAYMENT_PROVIDER, SMTP_URL, SMS_PROVIDER/,
    );
    expect(
      problems({ NODE_ENV: "production", JWT_SECRET: "x".repeat(32), ALLOW_BUILTIN_PROVIDERS: "true" }),
    ).toEqual([]);
    expect(problems({ NODE_ENV: "production", ALLOW_BUILTIN_PROVIDERS: "true" })).toEqual([
      "JWT_SECRET: is required in production (32 characters or more)",
    ]);
  });

  it("requires the keys of the real providers it is told to use", () => {
    expect(problems({ PAYMENT_PROVIDER: "stripe" })).toEqual([
      "STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe",
      "STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=stripe",
    ]);
    expect(problems({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" })).toEqual([
      "STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=stripe",
    ]);
    expect(problems({ PAYMENT_PROVIDER: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toEqual([
      "STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe",
    ]);
    expect(problems({ SMS_PROVIDER: "firebase" })).toEqual([
      "FIREBASE_PROJECT_ID: is required when SMS_PROVIDER=firebase",
      "FIREBASE_API_KEY: is required when SMS_PROVIDER=firebase",
    ]);
    expect(
      problems({ SMS_PROVIDER: "firebase", FIREBASE_PROJECT_ID: "shop", FIREBASE_API_KEY: "key" }),
    ).toEqual([]);
  });

  it("reads the Stripe settings", () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect(config).toMatchObject({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect(problems({ PAYMENT_PROVIDER: "paypal" })).toEqual([
      'PAYMENT_PROVIDER: must be builtin or stripe (got "paypal")',
    ]);
    expect(problems({ STRIPE_API_BASE: "127.0.0.1:12111" })).toEqual([
      'STRIPE_API_BASE: must be a URL starting with http:// or https:// (got "127.0.0.1:12111")',
    ]);
  });

  it("refuses keys of the wrong kind without echoing them", () => {
    expect(
      problems({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "pk_live_public",
        STRIPE_WEBHOOK_SECRET: "sk_live_x",
      }),
    ).toEqual([
      "STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)",
      "STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret (whsec_…)",
    ]);
    expect(problems({ JWT_SECRET: "short-secret" })).toEqual(["JWT_SECRET: must be at least 32 characters"]);
  });

  it("refuses production with the built-in payment provider alone", () => {
    const real = {
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(32),
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      SMS_PROVIDER: "firebase",
      FIREBASE_PROJECT_ID: "shop",
      FIREBASE_API_KEY: "key",
    };
    const lines = problems(real);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ALLOW_BUILTIN_PROVIDERS: production would use the built-in PAYMENT_PROVIDER;/);
    expect(
      problems({
        ...real,
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
      }),
    ).toEqual([]);
  });

  it("takes the S3 settings all together or not at all, never echoing the keys", () => {
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "shop-media",
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "key-id",
      S3_SECRET_ACCESS_KEY: "secret-key",
    };
    expect(problems(s3)).toEqual([]);
    expect(problems({ ...s3, S3_PUBLIC_URL: "https://media.example.com" })).toEqual([]);
    const { S3_BUCKET: _, ...withoutBucket } = s3;
    expect(problems(withoutBucket)).toEqual([
      "S3_BUCKET: is required when S3_ENDPOINT is set (S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY go together)",
    ]);
    expect(problems({ S3_PUBLIC_URL: "https://media.example.com" })).toHaveLength(5);
    expect(problems({ ...s3, S3_PUBLIC_URL: "media.example.com" })).toEqual([
      'S3_PUBLIC_URL: must be a URL starting with http:// or https:// (got "media.example.com")',
    ]);
    expect(problems({ ...s3, S3_SECRET_ACCESS_KEY: "" }).join("\n")).not.toContain("secret-key");
  });
});
