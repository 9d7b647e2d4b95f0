import { describe, it, expect } from 'vitest';
import {
  IDENTIFIER_TYPES,
  MAX_SYNTHETIC_SEED,
  abnFromAcn,
  formatAbn,
  formatAcn,
  isCompaniesHouseNumber,
  isValidAbn,
  isValidAcn,
  makeAbn,
  makeAcn,
  makeCompaniesHouseNumber,
  normaliseCompaniesHouseNumber,
  normaliseIdentifierValue,
  queryHasDigit,
  recogniseIdentifiers,
} from './identifiers';

describe('IDENTIFIER_TYPES', () => {
  it('lists the registry types and the website', () => {
    expect(IDENTIFIER_TYPES).toEqual(['ABN', 'ACN', 'CH', 'OPENCORPORATES', 'WEBSITE']);
  });
});

describe('normaliseIdentifierValue: tolerant of case, spaces, dashes, dots (quick-search rule 2)', () => {
  it.each([
    ['51 824 753 556', '51824753556'],
    ['51-824-753-556', '51824753556'],
    ['51.824.753.556', '51824753556'],
    [' 51 824–753\u00a0556 ', '51824753556'],
    ['sc123456', 'SC123456'],
    ['Sc-123 456', 'SC123456'],
    ['gb/01234567', 'GB01234567'],
    ['us_de/1234', 'US_DE1234'],
    ['５１８２４７５３５５６', '51824753556'],
  ])('%j -> %j', (value, expected) => {
    expect(normaliseIdentifierValue(value)).toBe(expected);
  });
});

describe('isValidAbn: 11 digits and the modulus-89 check (providers/abr.md 5)', () => {
  it.each(['30 635 412 074', '51 824 753 556', '51824753556', '53 004 085 616'])('accepts %j', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each([
    ['51 824 753 557', 'wrong check'],
    ['31 635 412 074', 'wrong prefix'],
    ['5182475355', 'ten digits'],
    ['518247535560', 'twelve digits'],
    ['5182475355A', 'a letter'],
    ['', 'empty'],
    ['00 000 000 000', 'leading zero'],
  ])('rejects %j (%s)', (abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });
});

describe('isValidAcn: 9 digits and the ASIC check digit (providers/abr.md 5)', () => {
  it.each(['635 412 074', '005 749 986', '000 000 019', '010 499 966', '004085616'])('accepts %j', (acn) => {
    expect(isValidAcn(acn)).toBe(true);
  });

  it.each(['635 412 075', '005 749 987', '00574998', '0057499860', 'ABC749986', ''])('rejects %j', (acn) => {
    expect(isValidAcn(acn)).toBe(false);
  });
});

describe('Companies House numbers', () => {
  it.each(['01234567', '00000001', 'SC123456', 'sc 123 456', 'NI012345', 'OC301234', 'SO300001', 'NC000123', 'LP012345', 'SL001234', 'R0000123'])(
    'accepts %j',
    (value) => {
      expect(isCompaniesHouseNumber(value)).toBe(true);
    },
  );

  it.each(['1234567', '123456', '123456789', 'XY123456', 'SC12345', 'SC1234567', 'SCA23456', 'ABCDEFGH', ''])(
    'rejects %j without padding',
    (value) => {
      expect(isCompaniesHouseNumber(value)).toBe(false);
    },
  );

  it('pads 6- and 7-digit numbers with leading zeros and normalises prefixed ones', () => {
    expect(normaliseCompaniesHouseNumber('123456')).toBe('00123456');
    expect(normaliseCompaniesHouseNumber('1234567')).toBe('01234567');
    expect(normaliseCompaniesHouseNumber('01234567')).toBe('01234567');
    expect(normaliseCompaniesHouseNumber('sc-123456')).toBe('SC123456');
  });

  it('gives undefined for what is not a company number', () => {
    for (const value of ['12345', '123456789', 'SC12345', 'XY123456', 'acme', '']) {
      expect(normaliseCompaniesHouseNumber(value), value).toBeUndefined();
    }
  });
});

describe('formatting', () => {
  it('groups an ABN as 2-3-3-3', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('51-824-753-556')).toBe('51 824 753 556');
  });

  it('groups an ACN as 3-3-3', () => {
    expect(formatAcn('005749986')).toBe('005 749 986');
    expect(formatAcn('005.749.986')).toBe('005 749 986');
  });

  it('returns a value of the wrong length normalised rather than throwing', () => {
    expect(formatAbn('12 345')).toBe('12345');
    expect(formatAcn('abc')).toBe('ABC');
  });
});

describe('queryHasDigit: triggers the identifier lookup (quick-search rule 2)', () => {
  it('is true when any digit appears', () => {
    expect(queryHasDigit('51 824')).toBe(true);
    expect(queryHasDigit('7-Eleven')).toBe(true);
    expect(queryHasDigit('Acme 2')).toBe(true);
    expect(queryHasDigit('５')).toBe(true);
  });

  it('is false for names without digits', () => {
    expect(queryHasDigit('Acme Pty Ltd')).toBe(false);
    expect(queryHasDigit('')).toBe(false);
  });
});

describe('recogniseIdentifiers: what a query could be', () => {
  it('recognises a valid ABN in any spacing', () => {
    expect(recogniseIdentifiers('51 824 753 556')).toEqual([{ type: 'ABN', value: '51824753556' }]);
  });

  it('recognises a valid ACN', () => {
    expect(recogniseIdentifiers('005-749-986')).toEqual([{ type: 'ACN', value: '005749986' }]);
  });

  it('recognises Companies House numbers, padding short numeric ones', () => {
    expect(recogniseIdentifiers('sc123456')).toEqual([{ type: 'CH', value: 'SC123456' }]);
    expect(recogniseIdentifiers('123456')).toEqual([{ type: 'CH', value: '00123456' }]);
    expect(recogniseIdentifiers('01234567')).toEqual([{ type: 'CH', value: '01234567' }]);
  });

  it('ignores numbers that fail their check digits', () => {
    expect(recogniseIdentifiers('51 824 753 557')).toEqual([]);
    expect(recogniseIdentifiers('005 749 987')).toEqual([]);
  });

  it('removes a leading label and keeps only the labelled type', () => {
    expect(recogniseIdentifiers('ABN 51 824 753 556')).toEqual([{ type: 'ABN', value: '51824753556' }]);
    expect(recogniseIdentifiers('acn: 005 749 986')).toEqual([{ type: 'ACN', value: '005749986' }]);
    expect(recogniseIdentifiers('Company No. 01234567')).toEqual([{ type: 'CH', value: '01234567' }]);
    expect(recogniseIdentifiers('ABN 005 749 986')).toEqual([]);
  });

  it('finds nothing in ordinary names, even ones starting like a label', () => {
    expect(recogniseIdentifiers('Acme Pty Ltd')).toEqual([]);
    expect(recogniseIdentifiers('Chevron')).toEqual([]);
    expect(recogniseIdentifiers('7-Eleven')).toEqual([]);
    expect(recogniseIdentifiers('')).toEqual([]);
  });
});

describe('synthetic identifiers for generated data and benchmarks', () => {
  it('derives the ABN of an ACN as in providers/abr.md 5 ("30 + 635412074")', () => {
    expect(abnFromAcn('635 412 074')).toBe('30635412074');
    expect(abnFromAcn('004 085 616')).toBe('53004085616');
    expect(() => abnFromAcn('12345')).toThrow(RangeError);
  });

  it('makes valid, deterministic numbers', () => {
    for (let seed = 0; seed < 5_000; seed += 1) {
      const acn = makeAcn(seed);
      const abn = makeAbn(seed);
      const ch = makeCompaniesHouseNumber(seed);
      expect(isValidAcn(acn), acn).toBe(true);
      expect(isValidAbn(abn), abn).toBe(true);
      expect(abn.slice(2)).toBe(acn);
      expect(isCompaniesHouseNumber(ch), ch).toBe(true);
    }
    expect(makeAcn(42)).toBe(makeAcn(42));
    expect(makeAbn(42)).toBe(makeAbn(42));
    expect(makeCompaniesHouseNumber(42)).toBe(makeCompaniesHouseNumber(42));
  });

  it('makes prefixed Companies House numbers for one seed in ten', () => {
    expect(makeCompaniesHouseNumber(9)).toMatch(/^[A-Z]{2}\d{6}$/);
    expect(makeCompaniesHouseNumber(10)).toMatch(/^\d{8}$/);
  });

  it('gives distinct values for distinct seeds up to ten million (a contiguous run and a spread sample)', () => {
    const seeds: number[] = [];
    for (let seed = 0; seed < 200_000; seed += 1) seeds.push(seed);
    // A deterministic spread over the whole promised range, ending at its top.
    for (let i = 0, x = 1; i < 200_000; i += 1) {
      x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
      seeds.push(200_000 + (x % 9_800_001));
    }
    seeds.push(10_000_000);
    const unique = [...new Set(seeds)];
    expect(new Set(unique.map(makeAcn)).size).toBe(unique.length);
    expect(new Set(unique.map(makeAbn)).size).toBe(unique.length);
    expect(new Set(unique.map(makeCompaniesHouseNumber)).size).toBe(unique.length);
  });

  it.each([-1, 1.5, Number.NaN, MAX_SYNTHETIC_SEED])('rejects the seed %s', (seed) => {
    expect(() => makeAcn(seed)).toThrow(RangeError);
    expect(() => makeAbn(seed)).toThrow(RangeError);
    expect(() => makeCompaniesHouseNumber(seed)).toThrow(RangeError);
  });
});
