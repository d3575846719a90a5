// Lookups by key that go to the database together when many are asked for at once.
//
// A burst of requests each needing a row by key (a rush of shoppers, each request's session) would
// otherwise send one statement per request, each a round trip through the pool, queueing behind
// each other; PGlite runs statements one at a time on the event loop. Here the first lookup goes
// out at once and alone; lookups asked for while it is out wait and then go out as one statement,
// and so on. Every lookup is answered by a statement sent after it was asked for, so it sees
// everything committed before that: the same as a statement of its own.

/** At most this many keys in one statement; more wait for the next. */
const MAX_KEYS = 1000;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export class BatchedLookup<K, V> {
  #waiting = new Map<K, Waiter<V>[]>();
  #out = false;
  readonly #lookUp: (keys: K[]) => Promise<Map<K, V>>;

  /** `lookUp` answers a batch of distinct keys; a key missing from its map is not found. */
  constructor(lookUp: (keys: K[]) => Promise<Map<K, V>>) {
    this.#lookUp = lookUp;
  }

  get(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = this.#waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.#waiting.set(key, [{ resolve, reject }]);
      if (!this.#out) void this.#send();
    });
  }

  async #send(): Promise<void> {
    this.#out = true;
    try {
      while (this.#waiting.size > 0) {
        const batch = new Map<K, Waiter<V>[]>();
        for (const [key, waiters] of this.#waiting) {
          if (batch.size === MAX_KEYS) break;
          batch.set(key, waiters);
        }
        for (const key of batch.keys()) this.#waiting.delete(key);
        try {
          const found = await this.#lookUp([...batch.keys()]);
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        } catch (error) {
          // A failed statement fails the lookups it carried, as their own statements would have.
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        }
      }
    } finally {
      this.#out = false;
    }
  }
}
