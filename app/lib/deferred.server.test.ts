import { describe, expect, it } from "vitest";
import { withinOrStream } from "./deferred.server.ts";

describe("withinOrStream", () => {
  it("gives the value when it arrives in time", async () => {
    expect((await withinOrStream(Promise.resolve([1, 2]), 50)).data).toEqual([1, 2]);
  });

  it("gives the promise itself when the value is late, so the section streams", async () => {
    let resolveLate: (value: string) => void = () => {};
    const late = new Promise<string>((resolve) => {
      resolveLate = resolve;
    });
    // Were the loader to wait for the late value, this would never return.
    const result = (await withinOrStream(late, 10)).data;
    expect(result).toBe(late);
    resolveLate("late");
    expect(await result).toBe("late");
  });

  it("gives a failure back as the promise, for the section's own error state", async () => {
    const failing = Promise.reject(new Error("database down"));
    const result = (await withinOrStream(failing, 50)).data;
    expect(result).toBe(failing);
    await expect(result).rejects.toThrow("database down");
  });
});
