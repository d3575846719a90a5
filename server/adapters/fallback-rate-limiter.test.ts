import { describe, expect, it } from "vitest";
import { type RateLimiter, RateLimiterUnavailableError } from "#core/ports/rate-limiter.ts";
import { withInProcessFallback } from "./fallback-rate-limiter.ts";
import { createMemoryRateLimiter } from "./memory-rate-limiter.ts";

/** A shared store that answers or not, as the test says. */
function flakyStore() {
  const store = createMemoryRateLimiter();
  const state = { down: false, failure: new RateLimiterUnavailableError() as Error };
  const limiter: RateLimiter = {
    async hit(key, limit, windowMs) {
      if (state.down) throw state.failure;
      return store.hit(key, limit, windowMs);
    },
    health: async () => ({ store: "redis", available: !state.down }),
  };
  return { limiter, state };
}

describe("withInProcessFallback", () => {
  it("counts in the shared store while it answers and in this process while it does not", async () => {
    const { limiter, state } = flakyStore();
    const api = withInProcessFallback(limiter);
    expect(await api.hit("api:a", 2, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
    state.down = true;
    // A fresh count of its own: still a limit, not none.
    expect(await api.hit("api:a", 2, 60_000)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await api.hit("api:a", 2, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect((await api.hit("api:a", 2, 60_000)).allowed).toBe(false);
    expect(await api.health?.()).toEqual({ store: "redis", available: false });
    state.down = false;
    // Back in the shared store, where one hit was counted before the outage.
    expect(await api.hit("api:a", 2, 60_000)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await api.health?.()).toEqual({ store: "redis", available: true });
  });

  it("passes on any other failure", async () => {
    const { limiter, state } = flakyStore();
    state.down = true;
    state.failure = new Error("a bug, not an outage");
    await expect(withInProcessFallback(limiter).hit("api:a", 2, 60_000)).rejects.toThrow("a bug");
  });
});
