/**
 * Fitting the name calibration (core/match-calibration.ts) on observations "raw name similarity, right or
 * not": equal-count bins over the raw similarity (raw 1, the same name, is a bin of its own), then isotonic
 * regression (pool-adjacent-violators) of the bins' right share, weighted by their size. The knots are the
 * pooled blocks' mean raw and right share, plus raw 0 at probability 0 and raw 1 at the last block's share.
 */
import type { CalibrationKnot } from '../../src/core/match-calibration';

export interface Observation {
  raw: number;
  right: boolean;
}

interface Block {
  rawSum: number;
  rightSum: number;
  n: number;
}

const mean = (b: Block) => b.rightSum / b.n;

/** Pool-adjacent-violators: blocks in raw order whose right shares never decrease. */
export function poolAdjacentViolators(bins: readonly Block[]): Block[] {
  const pooled: Block[] = [];
  for (const bin of bins) {
    let current = { ...bin };
    for (let last = pooled.at(-1); last !== undefined && mean(last) >= mean(current); last = pooled.at(-1)) {
      pooled.pop();
      current = { rawSum: last.rawSum + current.rawSum, rightSum: last.rightSum + current.rightSum, n: last.n + current.n };
    }
    pooled.push(current);
  }
  return pooled;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * The knots of the isotonic fit of `observations` over about `binCount` equal-count bins (of at most `maxBinSize`) below raw 1 (raw 1, the same
 * name, is a bin of its own), over the whole raw range: every candidate the lookup shows gets an honest score, those
 * of little similarity included (decision 0022: the relevance floor reads the name evidence, not the score). The
 * first knot is at raw 0 with the first block's share, the last at raw 1 with the last block's.
 */
export function fitNameCalibration(observations: readonly Observation[], binCount = 20, maxBinSize = Infinity): CalibrationKnot[] {
  const sorted = [...observations].sort((a, b) => a.raw - b.raw);
  const same = sorted.filter((o) => o.raw >= 1);
  const below = sorted.filter((o) => o.raw < 1);
  const size = Math.max(1, Math.min(maxBinSize, Math.ceil(below.length / binCount)));
  const bins: Block[] = [];
  for (let i = 0; i < below.length; i += size) {
    const slice = below.slice(i, i + size);
    bins.push({ rawSum: slice.reduce((s, o) => s + o.raw, 0), rightSum: slice.filter((o) => o.right).length, n: slice.length });
  }
  if (same.length > 0) bins.push({ rawSum: same.length, rightSum: same.filter((o) => o.right).length, n: same.length });
  const blocks = poolAdjacentViolators(bins);
  const knots: CalibrationKnot[] = [];
  for (const block of blocks) {
    const raw = round3(block.rawSum / block.n);
    const probability = round3(mean(block));
    const last = knots.at(-1);
    if (last !== undefined && raw <= last.raw) knots[knots.length - 1] = { raw: last.raw, probability: Math.max(last.probability, probability) };
    else knots.push({ raw, probability });
  }
  const first = knots[0];
  if (first === undefined)
    return [
      { raw: 0, probability: 0 },
      { raw: 1, probability: 0 },
    ];
  if (first.raw > 0) knots.unshift({ raw: 0, probability: first.probability });
  const last = knots.at(-1);
  if (last !== undefined && last.raw < 1) knots.push({ raw: 1, probability: last.probability });
  return knots;
}
