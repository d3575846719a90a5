import type { CoreContext } from "../context.ts";
import { rateLimited } from "../errors.ts";

export interface LimitRule {
  /** Key prefix in the limiter (shared by all instances through Redis). */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

// Generous for a person, tight for a script: a person mistypes a password a few times; a guesser
// needs millions of tries.
export const AUTH_LIMITS = {
  logInPerIp: {
    name: "login-ip",
    limit: 30,
    windowMs: 15 * MINUTE,
    message: "Too many log-in attempts from this network. Please try again in 15 minutes.",
  },
  logInPerEmail: {
    name: "login-email",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "Too many log-in attempts for this account. Please try again in 15 minutes.",
  },
  signUpPerIp: {
    name: "signup-ip",
    limit: 10,
    windowMs: 60 * MINUTE,
    message: "Too many sign-ups from this network. Please try again in an hour.",
  },
  forgotPasswordPerIp: {
    name: "forgot-ip",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "Too many password reset requests. Please try again in 15 minutes.",
  },
  resetPasswordPerIp: {
    name: "reset-ip",
    limit: 20,
    windowMs: 15 * MINUTE,
    message: "Too many password reset attempts. Please try again in 15 minutes.",
  },
  /** Reset codes sent without the email: nothing ties a wrong code to one account, so all share one budget. */
  resetByCodeOnly: {
    name: "reset-code-only",
    limit: 300,
    windowMs: 15 * MINUTE,
    message: "Too many password reset attempts. Please try again in 15 minutes.",
  },
  codeChecksPerAccount: {
    name: "code-checks",
    limit: 20,
    windowMs: 15 * MINUTE,
    message: "Too many verification attempts. Please try again in 15 minutes.",
  },
} satisfies Record<string, LimitRule>;

/** Counts one hit against `rule` for `key`; over the limit is a 429 with the rule's message. */
export async function enforceLimit(ctx: Pick<CoreContext, "accounts">, rule: LimitRule, key: string) {
  const result = await ctx.accounts.limiter.hit(`${rule.name}:${key}`, rule.limit, rule.windowMs);
  if (!result.allowed) throw rateLimited(rule.message);
}
