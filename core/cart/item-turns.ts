// Adds to the cart take turns per item within one process (docs/decisions/018-a-rush-on-the-last-units.md).
//
// Holding stock needs the item's stock row lock, and a transaction waiting for that lock keeps a
// pooled connection while it waits. In a rush of hundreds of buyers on the last units of one size,
// every connection of the pool would wait on that one row and every other request of the shop
// would queue behind them, each buyer getting their refusal only after their own turn at the lock.
// So within a process the adds of one item wait for each other here, where waiting costs nothing,
// and one at a time go to the database, where the row lock still decides between processes.
//
// Every count of an item's stock taken under its lock is noted with the moment (a tick of this
// process) just before the count was asked for. When a buyer's turn comes and a count taken after
// their request arrived saw fewer units than they want, they are refused from that count without
// going to the database: the stock really was short while their request was in flight, which is
// exactly what a count of their own would have found had their turn come at that moment.

import { perDatabase } from "../per-database.ts";
import type { StockItemRef } from "./items.ts";

/** What one count under the item's lock saw: units nobody held, asked for just after tick `at`. */
export interface StockCount {
  item: StockItemRef;
  available: number;
  at: number;
}

export interface Turn {
  /** The newest count of the item asked for after this request arrived, if any. */
  readonly countSinceArrival: StockCount | undefined;
  /** Notes a count this turn took, for the buyers waiting behind it. */
  noteCount(count: StockCount): void;
}

interface ItemLine {
  /** Settles when the last turn taken so far has ended. */
  tail: Promise<void>;
  /** Turns taken and not ended (the running one included); at 0 the line is dropped. */
  turns: number;
  newest?: StockCount;
}

export class ItemTurns {
  #clock = 0;
  readonly #lines = new Map<string, ItemLine>();

  /** A moment in this process; every later tick is greater. */
  tick(): number {
    this.#clock += 1;
    return this.#clock;
  }

  /** Items with turns waiting or running (for tests: lines must not outlive their turns). */
  get busyItems(): number {
    return this.#lines.size;
  }

  /**
   * Runs `work` once every turn taken earlier on the same item (`key`) has ended, whether it
   * succeeded or threw. `arrived` is the tick the request took when it arrived.
   */
  async take<T>(key: string, arrived: number, work: (turn: Turn) => Promise<T>): Promise<T> {
    let line = this.#lines.get(key);
    if (!line) {
      line = { tail: Promise.resolve(), turns: 0 };
      this.#lines.set(key, line);
    }
    const own = line;
    own.turns += 1;
    const previous = own.tail;
    let end!: () => void;
    own.tail = new Promise<void>((resolve) => {
      end = resolve;
    });
    try {
      await previous;
      const newest = own.newest;
      return await work({
        countSinceArrival: newest && newest.at > arrived ? newest : undefined,
        noteCount: (count) => {
          if (!own.newest || count.at > own.newest.at) own.newest = count;
        },
      });
    } finally {
      end();
      own.turns -= 1;
      if (own.turns === 0 && this.#lines.get(key) === own) this.#lines.delete(key);
    }
  }
}

/** The turns of a database handle's adds: one set per server instance. */
export const itemTurns = perDatabase(() => new ItemTurns());
