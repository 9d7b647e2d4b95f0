import { describe, expect, it } from 'vitest';
import { isClassified } from './classification';

describe('isClassified', () => {
  it('classifies an organisation from its first Aquila1 classification on', () => {
    expect(isClassified(1)).toBe(true);
    expect(isClassified(4)).toBe(true);
  });

  it('does not classify an organisation without an Aquila1 classification, whatever its NAICS tags (a NAICS tag alone does not classify)', () => {
    // NAICS tags are not an input: an organisation tagged with NAICS codes whose concordance yields no sector has 0 here.
    expect(isClassified(0)).toBe(false);
  });
});
