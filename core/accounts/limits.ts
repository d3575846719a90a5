import type { CoreContext } from "../context.ts";
import { DomainError, rateLimited } from "../errors.ts";
import { isRateLimiterUnavailable } from "../ports/rate-limiter.ts";

export interface LimitRule {
  /** Key prefix in the limiter (shared by all instances through Redis). */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  /**
   * Shown when the limiter's shared store does not answer: the action is refused rather than left
   * unlimited (docs/decisions/022-redis-outage.md).
   */
  unavailableMessage: string;
}

const MINUTE = 60_000;

const SIGN_IN_UNAVAILABLE = "Sign-in is briefly unavailable. Please try again in a minute.";
const SIGN_UP_UNAVAILABLE = "Creating an account is briefly unavailable. Please try again in a minute.";
const RESET_UNAVAILABLE = "Password reset is briefly unavailable. Please try again in a minute.";
const CODE_CHECK_UNAVAILABLE = "Verification is briefly unavailable. Please try again in a minute.";

// Generous for a person, tight for a script: a person mistypes a password a few times; a guesser
// needs millions of tries.
export const AUTH_LIMITS = {
  logInPerIp: {
    name: "login-ip",
    limit: 30,
    windowMs: 15 * MINUTE,
    message: "Too many log-in attempts from this network. Please try again in 15 minutes.",
    unavailableMessage: SIGN_IN_UNAVAILABLE,
  },
  /**
   * Attempts from a browser where this account has logged in before (its device cookie): counted on
   * their own, so strangers' wrong passwords, which count against the account below, never lock
   * its owner out (docs/decisions/024-log-in-limits.md).
   */
  logInPerDevice: {
    name: "login-device",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "Too many log-in attempts for this account. Please try again in 15 minutes.",
    unavailableMessage: SIGN_IN_UNAVAILABLE,
  },
  /** Attempts from anywhere else, for one account: what a guesser gets, wherever they try from. */
  logInPerEmail: {
    name: "login-email",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "Too many log-in attempts for this account. Please try again in 15 minutes.",
    unavailableMessage: SIGN_IN_UNAVAILABLE,
  },
  signUpPerIp: {
    name: "signup-ip",
    limit: 10,
    windowMs: 60 * MINUTE,
    message: "Too many sign-ups from this network. Please try again in an hour.",
    unavailableMessage: SIGN_UP_UNAVAILABLE,
  },
  forgotPasswordPerIp: {
    name: "forgot-ip",
    limit: 10,
    windowMs: 15 * MINUTE,
    message: "Too many password reset requests. Please try again in 15 minutes.",
    unavailableMessage: RESET_UNAVAILABLE,
  },
  resetPasswordPerIp: {
    name: "reset-ip",
    limit: 20,
    windowMs: 15 * MINUTE,
    message: "Too many password reset attempts. Please try again in 15 minutes.",
    unavailableMessage: RESET_UNAVAILABLE,
  },
  /** Reset codes sent without the email: nothing ties a wrong code to one account, so all share one budget. */
  resetByCodeOnly: {
    name: "reset-code-only",
    limit: 300,
    windowMs: 15 * MINUTE,
    message: "Too many password reset attempts. Please try again in 15 minutes.",
    unavailableMessage: RESET_UNAVAILABLE,
  },
  codeChecksPerAccount: {
    name: "code-checks",
    limit: 20,
    windowMs: 15 * MINUTE,
    message: "Too many verification attempts. Please try again in 15 minutes.",
    unavailableMessage: CODE_CHECK_UNAVAILABLE,
  },
} satisfies Record<string, LimitRule>;

/**
 * Counts one hit against `rule` for `key`; over the limit is a 429 with the rule's message. A limiter
 * whose store does not answer is a 503 with the rule's `unavailableMessage`: these limits fail
 * closed, as a guesser must not get unlimited tries while the store is down; counting in this process
 * instead would multiply the budget by the number of instances and reset it on every outage
 * (docs/decisions/022-redis-outage.md).
 */
export async function enforceLimit(ctx: Pick<CoreContext, "accounts">, rule: LimitRule, key: string) {
  const result = await ctx.accounts.limiter
    .hit(`${rule.name}:${key}`, rule.limit, rule.windowMs)
    .catch((error: unknown) => {
      throw isRateLimiterUnavailable(error) ? new DomainError("unavailable", rule.unavailableMessage) : error;
    });
  if (!result.allowed) throw rateLimited(rule.message);
}
