import { describe, expect, it } from "vitest";
import { BatchedLookup } from "./batched-lookup.ts";

/** A lookup that records each batch and answers when told to, doubling numbers (13 is never found). */
function recordingLookup() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  let failNext = false;
  const lookup = new BatchedLookup<number, number>((keys) => {
    batches.push(keys);
    const fail = failNext;
    failNext = false;
    return new Promise((resolve, reject) => {
      pending.push(() =>
        fail
          ? reject(new Error("connection lost"))
          : resolve(new Map(keys.filter((k) => k !== 13).map((k) => [k, k * 2]))),
      );
    });
  });
  const answerOne = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { lookup, batches, answerOne, failNextBatch: () => (failNext = true) };
}

describe("BatchedLookup", () => {
  it("sends the first lookup alone at once and the ones asked meanwhile together, each key once", async () => {
    const { lookup, batches, answerOne } = recordingLookup();
    const first = lookup.get(1);
    expect(batches).toEqual([[1]]);
    const more = [lookup.get(2), lookup.get(3), lookup.get(2), lookup.get(13)];
    expect(batches).toHaveLength(1);
    await answerOne();
    expect(await first).toBe(2);
    expect(batches).toEqual([[1], [2, 3, 13]]);
    await answerOne();
    expect(await Promise.all(more)).toEqual([4, 6, 4, undefined]);
    expect(batches).toHaveLength(2);
    // Nothing out any more: the next lookup goes at once, alone.
    const next = lookup.get(5);
    expect(batches).toEqual([[1], [2, 3, 13], [5]]);
    await answerOne();
    expect(await next).toBe(10);
  });

  it("fails only the lookups of a failed batch, and goes on with the next", async () => {
    const { lookup, batches, answerOne, failNextBatch } = recordingLookup();
    failNextBatch();
    const failed = lookup.get(1);
    const after = lookup.get(2);
    const refusal = expect(failed).rejects.toThrow("connection lost");
    await answerOne();
    await refusal;
    expect(batches).toEqual([[1], [2]]);
    await answerOne();
    expect(await after).toBe(4);
  });

  it("sends at most 1000 keys in one batch", async () => {
    const { lookup, batches, answerOne } = recordingLookup();
    const first = lookup.get(0);
    const many = Array.from({ length: 1500 }, (_, i) => lookup.get(i + 1));
    await answerOne();
    await first;
    await answerOne();
    await answerOne();
    expect(await Promise.all(many)).toEqual(
      Array.from({ length: 1500 }, (_, i) => (i + 1 === 13 ? undefined : (i + 1) * 2)),
    );
    expect(batches.map((b) => b.length)).toEqual([1, 1000, 500]);
  });
});
