/**
 * mulberry32: a small, fast, well-distributed deterministic generator of numbers in [0, 1). The one seeded
 * generator of the code base: the synthetic organisations, the sandbox fakes' latency jitter, the benchmarks'
 * draws and the request fuzz all use it, so a seed means the same sequence everywhere.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
