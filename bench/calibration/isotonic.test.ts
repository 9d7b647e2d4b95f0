import { describe, expect, it } from 'vitest';
import { calibrate } from '../../src/core/match-calibration';
import { fitNameCalibration, poolAdjacentViolators } from './isotonic';

describe('poolAdjacentViolators', () => {
  it('pools a block whose share falls below its left neighbour, weighted by size', () => {
    const blocks = poolAdjacentViolators([
      { rawSum: 0.1, rightSum: 0, n: 1 },
      { rawSum: 0.6, rightSum: 2, n: 2 },
      { rawSum: 0.4, rightSum: 0, n: 2 },
      { rawSum: 0.9, rightSum: 1, n: 1 },
    ]);
    expect(blocks.map((b) => b.rightSum / b.n)).toEqual([0, 0.5, 1]);
    expect(blocks.map((b) => b.n)).toEqual([1, 4, 1]);
  });
});

describe('fitNameCalibration', () => {
  it('gives a monotone table from raw 0 to raw 1 that reproduces the observed shares', () => {
    const observations = Array.from({ length: 1000 }, (_, i) => {
      const raw = i / 1000;
      // Right for the top 300 and for every 10th of the middle band: a rising share.
      return { raw, right: raw >= 0.8 || (raw >= 0.6 && i % 10 === 0) };
    });
    const knots = fitNameCalibration(observations, 10);
    // The whole range is fitted: the first block (raw under 0.1, never right) from raw 0.
    expect(knots[0]).toEqual({ raw: 0, probability: 0 });
    expect(knots.at(-1)?.raw).toBe(1);
    for (let i = 1; i < knots.length; i += 1) {
      expect(knots[i]?.raw).toBeGreaterThan(knots[i - 1]?.raw ?? 1);
      expect(knots[i]?.probability).toBeGreaterThanOrEqual(knots[i - 1]?.probability ?? 1);
    }
    expect(calibrate(0.45, knots)).toBeLessThan(0.1);
    expect(calibrate(0.7, knots)).toBeGreaterThan(0);
    expect(calibrate(0.95, knots)).toBeGreaterThan(0.95);
  });

  it('keeps the same name (raw 1) as a bin of its own, and fits weak names too', () => {
    const knots = fitNameCalibration(
      [...Array.from({ length: 50 }, () => ({ raw: 1, right: true })), ...Array.from({ length: 50 }, (_, i) => ({ raw: 0.3, right: i % 5 === 0 }))],
      5,
    );
    expect(knots).toEqual([
      { raw: 0, probability: 0.2 },
      { raw: 0.3, probability: 0.2 },
      { raw: 1, probability: 1 },
    ]);
  });

  it('caps the size of a bin, so that a few weak names among many strong ones keep their own share', () => {
    const observations = [
      ...Array.from({ length: 300 }, () => ({ raw: 0.98, right: true })),
      ...Array.from({ length: 30 }, () => ({ raw: 0.4, right: false })),
    ];
    expect(calibrate(0.4, fitNameCalibration(observations, 5))).toBeGreaterThan(0.5);
    expect(calibrate(0.4, fitNameCalibration(observations, 5, 30))).toBe(0);
  });
});
