import { describe, expect, it } from "vitest";
import { ItemTurns } from "./item-turns.ts";
import type { StockItemRef } from "./items.ts";

const item: StockItemRef = { productId: "p1", sizeId: "s1", title: "Shirt", size: "M" };

/** A promise and the function that settles it, to hold a turn open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("ItemTurns", () => {
  it("runs the turns of one item one at a time, in the order they were taken, even when one throws", async () => {
    const turns = new ItemTurns();
    const log: string[] = [];
    const first = gate();
    const a = turns.take("x", turns.tick(), async () => {
      log.push("a starts");
      await first.opened;
      log.push("a ends");
      throw new Error("a failed");
    });
    const b = turns.take("x", turns.tick(), async () => {
      log.push("b runs");
      return "b";
    });
    const c = turns.take("x", turns.tick(), async () => {
      log.push("c runs");
      return "c";
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(log).toEqual(["a starts"]);
    first.open();
    await expect(a).rejects.toThrow("a failed");
    expect(await b).toBe("b");
    expect(await c).toBe("c");
    expect(log).toEqual(["a starts", "a ends", "b runs", "c runs"]);
    expect(turns.busyItems).toBe(0);
  });

  it("lets turns of different items run at the same time", async () => {
    const turns = new ItemTurns();
    const held = gate();
    const x = turns.take("x", turns.tick(), () => held.opened.then(() => "x"));
    const y = await turns.take("y", turns.tick(), async () => "y");
    expect(y).toBe("y");
    expect(turns.busyItems).toBe(1);
    held.open();
    expect(await x).toBe("x");
    expect(turns.busyItems).toBe(0);
  });

  it("shows a turn only the newest count asked for after its request arrived", async () => {
    const turns = new ItemTurns();
    const arrivedEarly = turns.tick();
    const counting = gate();
    let askedAt = 0;
    const first = turns.take("x", turns.tick(), async (turn) => {
      askedAt = turns.tick();
      await counting.opened;
      turn.noteCount({ item, available: 3, at: askedAt });
      turn.noteCount({ item, available: 9, at: askedAt - 1 }); // older than the one noted: ignored
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Arrives after the count above was asked for: that count may have missed what came since.
    const arrivedLate = turns.tick();
    const early = turns.take("x", arrivedEarly, async (turn) => turn.countSinceArrival);
    const late = turns.take("x", arrivedLate, async (turn) => turn.countSinceArrival);
    counting.open();
    await first;
    expect(askedAt).toBeGreaterThan(arrivedEarly);
    expect(await early).toEqual({ item, available: 3, at: askedAt });
    expect(await late).toBeUndefined();
  });

  it("forgets an item's counts once no turn of it is waiting", async () => {
    const turns = new ItemTurns();
    const arrived = turns.tick();
    await turns.take("x", turns.tick(), async (turn) =>
      turn.noteCount({ item, available: 0, at: turns.tick() }),
    );
    expect(await turns.take("x", arrived, async (turn) => turn.countSinceArrival)).toBeUndefined();
  });
});
