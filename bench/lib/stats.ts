/** Latency summary in milliseconds. */
export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Nearest-rank percentiles over raw samples. We keep every sample instead of using autocannon's
 * histogram because autocannon reports p97.5, not the p95 our budgets are written against.
 */
export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => {
    if (sorted.length === 0) return Number.NaN;
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  };
  return { count: sorted.length, p50: rank(50), p95: rank(95), p99: rank(99), max: rank(100) };
}

/** A cycling iterator over a fixed list, shared by every connection so the mix stays even. */
export function rotation<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error("rotation needs at least one item");
  let next = 0;
  return () => {
    const item = items[next]!;
    next = (next + 1) % items.length;
    return item;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The middle value (the mean of the two middle ones for an even count); NaN for no samples. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
