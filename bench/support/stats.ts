/** Small statistics helpers shared by the benchmarks: nearest-rank percentiles and rounding. */

/** Nearest-rank percentile of an ascending list (NaN for an empty list). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export interface LatencySummary {
  n: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function summariseLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return {
    n: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
    meanMs: round(mean),
  };
}

/** Share of `hits` among `n`, as a fraction with three decimals (NaN when n is 0). */
export function ratio(hits: number, n: number): number {
  return n === 0 ? Number.NaN : round(hits / n, 3);
}

/** The benchmark's own choices (query picks, typos) are drawn with the project's seeded generator. */
export { seededRandom } from '../../src/core/seeded-random';
