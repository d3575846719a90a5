import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import type { AccountsContext } from "../context.ts";
import { keyFor } from "./keys.ts";
import { createSessionToken, signToken, verifyToken } from "./tokens.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const SECONDS = Math.floor(NOW.getTime() / 1000);
const ctx = {
  accounts: { secret: "unit-test-secret-unit-test-secret-0123" } as AccountsContext,
  now: () => NOW,
};
const later = (seconds: number) => ({ ...ctx, now: () => new Date(NOW.getTime() + seconds * 1000) });

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token signed with HMAC-SHA256 under the session key, whatever its header and claims say. */
function handMade(header: unknown, claims: unknown, key = keyFor(ctx, "session")) {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${createHmac("sha256", key).update(signingInput).digest("base64url")}`;
}

const goodClaims = { sub: "c1", aud: "shop:session", ver: 0, iat: SECONDS, exp: SECONDS + 60 };

describe("verifyToken", () => {
  it("accepts a session token minted by jose and returns its claims", async () => {
    const token = await createSessionToken(ctx, { id: "customer-1", tokenVersion: 3 });
    const verified = verifyToken(ctx, "session", token);
    expect(verified).toMatchObject({ ok: true, claims: { sub: "customer-1", ver: 3, aud: "shop:session" } });
  });

  it("accepts a hand-made HS256 token with the right audience, also in an audience list", () => {
    expect(verifyToken(ctx, "session", handMade({ alg: "HS256", typ: "JWT" }, goodClaims)).ok).toBe(true);
    const listed = { ...goodClaims, aud: ["elsewhere", "shop:session"] };
    expect(verifyToken(ctx, "session", handMade({ alg: "HS256" }, listed)).ok).toBe(true);
  });

  it("says expired from the second the expiry is reached, not before", async () => {
    const token = await signToken(ctx, "session", "c1", { ver: 0 }, 60);
    expect(verifyToken(later(59), "session", token).ok).toBe(true);
    expect(verifyToken(later(60), "session", token)).toEqual({ ok: false, problem: "expired" });
  });

  it("refuses every other way a token can be wrong as invalid", async () => {
    const good = handMade({ alg: "HS256" }, goodClaims);
    const [header, payload, signature] = good.split(".") as [string, string, string];
    const bad: Record<string, string> = {
      empty: "",
      "two parts": `${header}.${payload}`,
      "four parts": `${good}.x`,
      "padding in the signature": `${good}=`,
      "a character outside base64url": `${header}.${payload}.${signature.slice(0, -1)}+`,
      "a changed payload": `${header}.${b64({ ...goodClaims, sub: "c2" })}.${signature}`,
      "a shortened signature": `${header}.${payload}.${signature.slice(0, -2)}`,
      "alg: none": `${b64({ alg: "none" })}.${payload}.`,
      "HS512 in the header": handMade({ alg: "HS512" }, goodClaims),
      "a critical extension": handMade({ alg: "HS256", crit: ["exp"] }, goodClaims),
      "an unencoded payload": handMade({ alg: "HS256", b64: false }, goodClaims),
      "a header that is not an object": handMade("HS256", goodClaims),
      "claims that are an array": handMade({ alg: "HS256" }, [goodClaims]),
      "another secret": handMade(
        { alg: "HS256" },
        goodClaims,
        keyFor({ accounts: { secret: "x".repeat(40) } as AccountsContext }, "session"),
      ),
      "another use's key": handMade({ alg: "HS256" }, goodClaims, keyFor(ctx, "phone-id-token")),
      "another audience": handMade({ alg: "HS256" }, { ...goodClaims, aud: "shop:phone-id-token" }),
      "no audience": handMade({ alg: "HS256" }, { ...goodClaims, aud: undefined }),
      "no subject": handMade({ alg: "HS256" }, { ...goodClaims, sub: undefined }),
      "a numeric subject": handMade({ alg: "HS256" }, { ...goodClaims, sub: 7 }),
      "no expiry": handMade({ alg: "HS256" }, { ...goodClaims, exp: undefined }),
      "an expiry as text": handMade({ alg: "HS256" }, { ...goodClaims, exp: String(SECONDS + 60) }),
      "an issue time as text": handMade({ alg: "HS256" }, { ...goodClaims, iat: "now" }),
      "not valid before a later time": handMade({ alg: "HS256" }, { ...goodClaims, nbf: SECONDS + 10 }),
      "signed by jose under another use's key": await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject("c1")
        .setAudience("shop:session")
        .setExpirationTime(SECONDS + 60)
        .sign(keyFor(ctx, "phone-verification")),
    };
    for (const [name, token] of Object.entries(bad)) {
      expect(verifyToken(ctx, "session", token), name).toEqual({ ok: false, problem: "invalid" });
    }
  });
});
