import { describe, expect, it } from 'vitest';
import { basketSectors, basketWeights } from './basket-weights';

const sum = (ws: { weight: number }[]) => ws.reduce((s, w) => s + w.weight, 0);

describe('basketWeights', () => {
  it('gives an empty basket no weights', () => {
    expect(basketWeights([])).toEqual([]);
    expect(basketSectors([])).toEqual([]);
  });

  it('gives a single code mapping to one sector the whole weight', () => {
    expect(basketWeights([{ naicsCode: '111110', aquila1Code: 'X' }])).toEqual([{ aquila1Code: 'X', weight: 1 }]);
  });

  it('counts each code equally and splits a code over its sectors', () => {
    const weights = basketWeights([
      { naicsCode: '111110', aquila1Code: 'X' },
      { naicsCode: '221111', aquila1Code: 'X' },
      { naicsCode: '221111', aquila1Code: 'Y' },
    ]);
    expect(weights).toEqual([
      { aquila1Code: 'X', weight: 0.75 },
      { aquila1Code: 'Y', weight: 0.25 },
    ]);
    expect(sum(weights)).toBeCloseTo(1, 12);
  });

  it('ignores duplicate concordance edges and normalises to 1', () => {
    const weights = basketWeights([
      { naicsCode: 'a', aquila1Code: 'Z' },
      { naicsCode: 'a', aquila1Code: 'Z' },
      { naicsCode: 'b', aquila1Code: 'Y' },
      { naicsCode: 'c', aquila1Code: 'X' },
      { naicsCode: 'c', aquila1Code: 'Y' },
      { naicsCode: 'c', aquila1Code: 'Z' },
    ]);
    expect(weights.map((w) => w.aquila1Code)).toEqual(['X', 'Y', 'Z']);
    expect(sum(weights)).toBeCloseTo(1, 12);
    expect(weights[1]?.weight).toBeCloseTo((1 + 1 / 3) / 3, 12);
    expect(
      basketSectors([
        { naicsCode: 'a', aquila1Code: 'B' },
        { naicsCode: 'b', aquila1Code: 'A' },
        { naicsCode: 'c', aquila1Code: 'B' },
      ]),
    ).toEqual(['A', 'B']);
  });
});
