import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { cleanNaicsTitle, naicsCodeSchema, naicsLevelOfCode, parseNaicsCodeOrThrow } from './naics';

describe('NAICS codes', () => {
  it('accepts exactly six digits', () => {
    expect(parseNaicsCodeOrThrow('111110')).toBe('111110');
    for (const bad of ['11111', '1111100', '11111a', ' 111110', '', 111110, null]) {
      expect(() => parseNaicsCodeOrThrow(bad)).toThrow(ValidationError);
    }
    expect(naicsCodeSchema.safeParse('54151').success).toBe(false);
  });

  it('maps code lengths to levels, six digits being the leaf level 5', () => {
    expect(naicsLevelOfCode('11')).toBe(1);
    expect(naicsLevelOfCode('31-33')).toBe(1);
    expect(naicsLevelOfCode('111')).toBe(2);
    expect(naicsLevelOfCode('1111')).toBe(3);
    expect(naicsLevelOfCode('11111')).toBe(4);
    expect(naicsLevelOfCode('111110')).toBe(5);
    expect(naicsLevelOfCode('1')).toBeUndefined();
  });

  it('cleans the published titles', () => {
    expect(cleanNaicsTitle('Crop ProductionT ')).toBe('Crop Production');
    expect(cleanNaicsTitle('Other Services (except Public Administration)T')).toBe('Other Services (except Public Administration)');
    expect(cleanNaicsTitle('Bare Printed Circuit Board Manufacturing  ')).toBe('Bare Printed Circuit Board Manufacturing');
    expect(cleanNaicsTitle('Soybean Farming')).toBe('Soybean Farming');
  });
});
