import { describe, it, expect } from 'vitest';
import { editDistance, jaroWinkler } from './similarity';

describe('jaroWinkler: quick-search scoring (quick-search rule 1)', () => {
  it.each([
    ['MARTHA', 'MARHTA', 0.961],
    ['DWAYNE', 'DUANE', 0.84],
    ['DIXON', 'DICKSONX', 0.813],
    ['JELLYFISH', 'SMELLYFISH', 0.896],
    ['CRATE', 'TRACE', 0.733],
  ])('%s / %s is %d (reference value)', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 3);
  });

  it('is 1 for equal strings and 0 for strings with nothing in common', () => {
    expect(jaroWinkler('acme', 'acme')).toBe(1);
    expect(jaroWinkler('', '')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('is 0 when exactly one string is empty', () => {
    expect(jaroWinkler('', 'acme')).toBe(0);
    expect(jaroWinkler('acme', '')).toBe(0);
  });

  it('is symmetric', () => {
    for (const [a, b] of [
      ['MARTHA', 'MARHTA'],
      ['DIXON', 'DICKSONX'],
      ['acme widgets', 'acme'],
      ['a', 'ab'],
    ] as const) {
      expect(jaroWinkler(a, b)).toBeCloseTo(jaroWinkler(b, a), 12);
    }
  });

  it('rewards a common prefix of up to four characters only, with scale 0.1', () => {
    // 8 matches, one transposition: Jaro = (1 + 1 + 7/8) / 3 for both pairs.
    const jaro = (1 + 1 + 7 / 8) / 3;
    expect(jaroWinkler('XabcdeYZ', 'XabcdeZY')).toBeCloseTo(jaro + 4 * 0.1 * (1 - jaro), 12);
    expect(jaroWinkler('abcdefYZ', 'abcdefZY')).toBeCloseTo(jaro + 4 * 0.1 * (1 - jaro), 12);
    expect(jaroWinkler('abYZcdef', 'abZYcdef')).toBeCloseTo(jaro + 2 * 0.1 * (1 - jaro), 12);
    expect(jaroWinkler('YZabcdef', 'ZYabcdef')).toBeCloseTo(jaro, 12);
  });

  it('stays in [0, 1] and ranks a closer name higher', () => {
    const query = 'acme widgets';
    const close = jaroWinkler(query, 'acme widget');
    const far = jaroWinkler(query, 'zenith mining');
    expect(close).toBeGreaterThan(far);
    for (const score of [close, far]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
  });

  it('gives the same answer when called again after a longer string (scratch buffers are reset)', () => {
    const before = jaroWinkler('DWAYNE', 'DUANE');
    jaroWinkler('a'.repeat(500), 'a'.repeat(499) + 'b');
    expect(jaroWinkler('DWAYNE', 'DUANE')).toBe(before);
  });

  it('handles single-character strings (match window 0)', () => {
    expect(jaroWinkler('a', 'a')).toBe(1);
    expect(jaroWinkler('a', 'b')).toBe(0);
  });
});

describe('editDistance: Damerau-Levenshtein (optimal string alignment) of the typo step', () => {
  it('counts deletions, insertions, substitutions and transpositions of neighbours as one edit each', () => {
    expect(editDistance('wesfarmers', 'wesfarmers')).toBe(0);
    expect(editDistance('wesfarmer', 'wesfarmers')).toBe(1);
    expect(editDistance('wesfarmerss', 'wesfarmers')).toBe(1);
    expect(editDistance('wrsfarmers', 'wesfarmers')).toBe(1);
    expect(editDistance('wefsarmers', 'wesfarmers')).toBe(1);
    expect(editDistance('wrsfarjers', 'wesfarmers')).toBe(2);
    expect(editDistance('conitnetnal', 'continental')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('compares code points, so an accented letter is one character', () => {
    expect(editDistance('telefónica', 'telefonica')).toBe(1);
  });

  it('gives up past the bound, answering bound + 1', () => {
    expect(editDistance('kingfisher', 'kongfishfr', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
    expect(editDistance('kingfisher', 'kongfishfr', 2)).toBe(2);
  });
});
