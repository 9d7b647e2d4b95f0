import { describe, it, expect } from 'vitest';
import {
  IDENTIFIER_TYPES,
  MAX_SYNTHETIC_SEED,
  abnFromAcn,
  formatAbn,
  formatAcn,
  formatIdentifier,
  gs1CheckDigit,
  isStorableIdentifier,
  isValidGs1,
  isValidLei,
  isValidNzbn,
  identifierLookupValues,
  mistypedIdentifierMessage,
  mistypedIdentifiers,
  oneEditNeighbours,
  isCompaniesHouseNumber,
  isValidAbn,
  isValidAcn,
  makeAbn,
  makeAcn,
  makeCompaniesHouseNumber,
  normaliseCompaniesHouseNumber,
  normaliseIdentifierValue,
  queryHasDigit,
  readIdentifiers,
  recogniseIdentifiers,
} from './identifiers';

describe('IDENTIFIER_TYPES', () => {
  it('lists the registry types and the website', () => {
    expect(IDENTIFIER_TYPES).toEqual(['ABN', 'ACN', 'CH', 'OPENCORPORATES', 'WEBSITE', 'LEI', 'NZBN']);
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

  it.each(['1234567', '123456', '123456789', 'XY123456', 'SC12345', 'SC1234567', 'SCA23456', 'ABCDEFGH', ''])('rejects %j without padding', (value) => {
    expect(isCompaniesHouseNumber(value)).toBe(false);
  });

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

describe('isValidLei: ISO 17442, 18 letters or digits and two MOD 97-10 check digits', () => {
  // Published LEIs (GLEIF): Bloomberg Finance L.P., Deutsche Bank AG, Apple Inc.
  it.each(['5493001KJTIIGC8Y1R12', '7LTWFZYICNSX8D621K86', 'HWUPKR0MPOU8FGXBT394', '5493 001K JTII GC8Y 1R12', '5493001kjtiigc8y1r12'])('accepts %j', (lei) => {
    expect(isValidLei(lei)).toBe(true);
  });

  it.each([
    ['5493001KJTIIGC8Y1R17', 'wrong check digits'],
    ['HWUPKR0MPOU8FGXBT349', 'check digits transposed'],
    ['5493001KJTIIGC8Y1R1', '19 characters'],
    ['5493001KJTIIGC8Y1R123', '21 characters'],
    ['5493001KJTIIGC8Y1RA2', 'a letter among the check digits'],
    ['', 'empty'],
  ])('rejects %j (%s)', (lei) => {
    expect(isValidLei(lei)).toBe(false);
  });
});

describe('GS1 check digit (GTIN-13, GLN) and NZBN', () => {
  it("computes GS1's published example: 400638133393 has check digit 1", () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(isValidGs1('4006381333931')).toBe(true);
    expect(isValidGs1('4006381333932')).toBe(false);
  });

  it.each(['9429041525746', '9429000106078', '9429 0410 80719', '94-2904-1525746'])('accepts the NZBN %j', (nzbn) => {
    expect(isValidNzbn(nzbn)).toBe(true);
  });

  it.each([
    ['9429041525747', 'wrong check digit'],
    ['9429041525764', 'last two digits transposed'],
    ['4006381333931', 'a valid GTIN-13 outside GS1 New Zealand prefix 94'],
    ['942904152574', '12 digits'],
  ])('rejects %j (%s)', (nzbn) => {
    expect(isValidNzbn(nzbn)).toBe(false);
  });

  it('stores LEI and NZBN only when their check digits pass', () => {
    expect(isStorableIdentifier({ type: 'LEI', value: '5493001KJTIIGC8Y1R12' })).toBe(true);
    expect(isStorableIdentifier({ type: 'LEI', value: '5493001KJTIIGC8Y1R13' })).toBe(false);
    expect(isStorableIdentifier({ type: 'NZBN', value: '9429041525746' })).toBe(true);
    expect(isStorableIdentifier({ type: 'NZBN', value: '9429041525747' })).toBe(false);
  });
});

describe('recogniseIdentifiers: LEI, NZBN and the ways people write labels', () => {
  it('recognises LEI and NZBN with and without a label', () => {
    expect(recogniseIdentifiers('5493001KJTIIGC8Y1R12')).toEqual([{ type: 'LEI', value: '5493001KJTIIGC8Y1R12' }]);
    expect(recogniseIdentifiers('LEI: 5493001kjtiigc8y1r12')).toEqual([{ type: 'LEI', value: '5493001KJTIIGC8Y1R12' }]);
    expect(recogniseIdentifiers('9429041525746')).toEqual([{ type: 'NZBN', value: '9429041525746' }]);
    expect(recogniseIdentifiers('NZBN 9429 0415 25746')).toEqual([{ type: 'NZBN', value: '9429041525746' }]);
  });

  it('reads dotted and dashed labels', () => {
    expect(recogniseIdentifiers('A.B.N. 51 824 753 556')).toEqual([{ type: 'ABN', value: '51824753556' }]);
    expect(recogniseIdentifiers('ABN-51.824.753.556')).toEqual([{ type: 'ABN', value: '51824753556' }]);
    expect(recogniseIdentifiers('ABN51824753556')).toEqual([{ type: 'ABN', value: '51824753556' }]);
  });

  it('does not read names starting like the new labels as labels', () => {
    expect(recogniseIdentifiers('Leighton Holdings')).toEqual([]);
    expect(recogniseIdentifiers('Abner 2')).toEqual([]);
  });
});

describe('mistypedIdentifiers: a query written like an identifier whose check digit fails', () => {
  it.each([
    ['51 824 753 557', [{ type: 'ABN', value: '51824753557' }]],
    ['ABN 51 824 753 557', [{ type: 'ABN', value: '51824753557' }]],
    ['005 749 987', [{ type: 'ACN', value: '005749987' }]],
    ['5493001KJTIIGC8Y1R17', [{ type: 'LEI', value: '5493001KJTIIGC8Y1R17' }]],
    ['9429041525747', [{ type: 'NZBN', value: '9429041525747' }]],
  ])('%j', (query, expected) => {
    expect(mistypedIdentifiers(query)).toEqual(expected);
  });

  it('is empty for valid identifiers, Companies House numbers (no check digit) and names', () => {
    for (const query of ['51 824 753 556', '005 749 986', '01234567', 'SC123456', '5493001KJTIIGC8Y1R12', 'Acme Pty Ltd', '7-Eleven', '']) {
      expect(mistypedIdentifiers(query)).toEqual([]);
    }
  });

  it('does not take a name with a number for an LEI', () => {
    expect(mistypedIdentifiers('Some Company Name 12')).toEqual([]);
    expect(mistypedIdentifiers('LEI 5493 001K JTII GC8Y 1R17')).toEqual([{ type: 'LEI', value: '5493001KJTIIGC8Y1R17' }]);
  });

  it('follows the label', () => {
    expect(mistypedIdentifiers('ACN 51 824 753 557')).toEqual([]);
  });
});

describe('readIdentifiers: identifiers as people type them (issue 20, section 2)', () => {
  it.each([
    ['ABN 57 095 403 820', 'ABN', '57095403820'],
    ['ABN: 57095403820', 'ABN', '57095403820'],
    ['abn 57-095-403-820', 'ABN', '57095403820'],
    ['A.B.N. 57 095 403 820', 'ABN', '57095403820'],
    ['A. B. N.: 57 095 403 820', 'ABN', '57095403820'],
    ['ABN No. 57 095 403 820', 'ABN', '57095403820'],
    ['ACN 609 840 486', 'ACN', '609840486'],
    ['A.C.N. 609 840 486', 'ACN', '609840486'],
    ['a.c.n: 609840486', 'ACN', '609840486'],
    ['ARBN 609 840 486', 'ACN', '609840486'],
    ['A.R.B.N. 609 840 486', 'ACN', '609840486'],
    ['CRN 02452736', 'CH', '02452736'],
    ['C.R.N.: 2452736', 'CH', '02452736'],
    ['Company No. 02452736', 'CH', '02452736'],
    ['Company Number: 02452736', 'CH', '02452736'],
    ['company no 609 840 486', 'ACN', '609840486'],
    ['Company Registration No. SC612345', 'CH', 'SC612345'],
    ['Companies House 04398218', 'CH', '04398218'],
    ['CRN NO123456', 'CH', 'NO123456'],
    ['Company No. NO123456', 'CH', 'NO123456'],
    ['LEI: 3912005XU1KV6HW70B19', 'LEI', '3912005XU1KV6HW70B19'],
    ['lei 3912005xu1kv6hw70b19', 'LEI', '3912005XU1KV6HW70B19'],
    ['LEI code 3912 005X U1KV 6HW7 0B19', 'LEI', '3912005XU1KV6HW70B19'],
    ['NZBN: 9429041525746', 'NZBN', '9429041525746'],
  ])('%j names the %s %s, and nothing else', (query, type, value) => {
    expect(readIdentifiers(query)).toEqual({ identifiers: [{ type, value }], mistyped: [], rest: '' });
  });

  it.each([
    ['4398218', '04398218'],
    ['439821', '00439821'],
    ['04398218', '04398218'],
    ['SC612345', 'SC612345'],
    ['sc 612345', 'SC612345'],
    ['NI-612345', 'NI612345'],
    ['OC312345', 'OC312345'],
    ['SC12345', 'SC012345'],
    ['oc 1234', 'OC001234'],
    ['LP 012345', 'LP012345'],
  ])('reads the Companies House number %j as %s (zeros dropped, prefixes kept)', (query, value) => {
    expect(recogniseIdentifiers(query)).toEqual([{ type: 'CH', value }]);
  });

  it('reads an identifier inside a longer query, and the name around it', () => {
    expect(readIdentifiers('Telstra ABN 33 051 775 556')).toEqual({ identifiers: [{ type: 'ABN', value: '33051775556' }], mistyped: [], rest: 'Telstra' });
    expect(readIdentifiers('Telstra Corporation Limited (ABN 33 051 775 556)').rest).toBe('Telstra Corporation Limited');
    expect(readIdentifiers('ABN 33 051 775 556 Telstra').rest).toBe('Telstra');
    expect(readIdentifiers('Telstra, A.C.N. 051 775 556').identifiers).toEqual([{ type: 'ACN', value: '051775556' }]);
    expect(readIdentifiers('Telstra 33 051 775 556').identifiers).toEqual([{ type: 'ABN', value: '33051775556' }]);
    expect(readIdentifiers('Fernhollow Holdings SC612345')).toEqual({
      identifiers: [{ type: 'CH', value: 'SC612345' }],
      mistyped: [],
      rest: 'Fernhollow Holdings',
    });
    expect(readIdentifiers('Fernhollow Analytics CRN 9876543').identifiers).toEqual([{ type: 'CH', value: '09876543' }]);
    expect(readIdentifiers('Bloomberg LEI 5493001KJTIIGC8Y1R12').identifiers).toEqual([{ type: 'LEI', value: '5493001KJTIIGC8Y1R12' }]);
  });

  it('reads a labelled number inside a longer query whose check digit fails as mistyped', () => {
    expect(readIdentifiers('Telstra ABN 33 051 775 557')).toEqual({ identifiers: [], mistyped: [{ type: 'ABN', value: '33051775557' }], rest: 'Telstra' });
  });

  it('reads no identifier in names with numbers, nor an unlabelled number without a check digit inside a name', () => {
    for (const query of [
      '7-Eleven',
      'Brigade 44',
      '3M',
      'Route 66 Diner',
      'ABN AMRO Bank',
      'Leighton Holdings',
      'Abner 2',
      'Chevron',
      'Coles',
      'Acme 02452736',
      'Acme 2024',
    ]) {
      expect(readIdentifiers(query), query).toEqual({ identifiers: [], mistyped: [], rest: query });
    }
  });

  it('does not read a labelled number of the wrong type as another type', () => {
    expect(readIdentifiers('Acme ABN 005 749 986').identifiers).toEqual([]);
    expect(readIdentifiers('ACN 51 824 753 556').identifiers).toEqual([]);
  });
});

describe('identifierLookupValues: what the identifier lookup of a query tries', () => {
  it('tries the identifiers named, and a bare number also as typed', () => {
    expect(identifierLookupValues('ABN 57 095 403 820')).toEqual(['57095403820']);
    expect(identifierLookupValues('4398218')).toEqual(['04398218', '4398218']);
    expect(identifierLookupValues('Telstra ABN 33 051 775 556')).toEqual(['33051775556']);
    expect(identifierLookupValues('us_de 7012345')).toEqual(['US_DE7012345']);
    expect(identifierLookupValues('51 824 753 557')).toEqual(['51824753557']);
  });

  it('tries nothing for a query without a digit, nor a labelled or embedded number that fails its check', () => {
    expect(identifierLookupValues('Acme Pty Ltd')).toEqual([]);
    expect(identifierLookupValues('ABN 51 824 753 557')).toEqual([]);
    expect(identifierLookupValues('Telstra ABN 33 051 775 557')).toEqual([]);
  });
});

describe('mistypedIdentifierMessage', () => {
  it('says the number is not valid and why', () => {
    expect(mistypedIdentifierMessage({ type: 'ABN', value: '73434904927' })).toBe('73 434 904 927 is not a valid ABN: its check digit fails');
    expect(mistypedIdentifierMessage({ type: 'ACN', value: '609840487' })).toBe('609 840 487 is not a valid ACN: its check digit fails');
    expect(mistypedIdentifierMessage({ type: 'LEI', value: '9845001FERNHOLLOW042' })).toBe('9845001FERNHOLLOW042 is not a valid LEI: its check digits fail');
  });
});

describe('oneEditNeighbours: the valid values one substitution or adjacent transposition away', () => {
  it("suggests the ATO's example ABN for its mistyped last digit", () => {
    expect(oneEditNeighbours('ABN', '51824753557')).toContain('51824753556');
  });

  it('suggests the ABN whose two digits were swapped', () => {
    expect(oneEditNeighbours('ABN', '15824753556')).toContain('51824753556');
  });

  it('suggests the ACN, the LEI and the NZBN a digit away', () => {
    expect(oneEditNeighbours('ACN', '005749987')).toContain('005749986');
    expect(oneEditNeighbours('LEI', '5493001KJTIIGC8Y1R17')).toContain('5493001KJTIIGC8Y1R12');
    expect(oneEditNeighbours('LEI', '5493001KJTIIGC8Y1R21')).toContain('5493001KJTIIGC8Y1R12');
    expect(oneEditNeighbours('NZBN', '9429041525747')).toContain('9429041525746');
  });

  it('gives only valid values, each once, never the value itself, transpositions first', () => {
    for (const [type, value] of [
      ['ABN', '51824753557'],
      ['ACN', '005749987'],
      ['NZBN', '9429041525747'],
      ['LEI', '5493001KJTIIGC8Y1R17'],
    ] as const) {
      const found = oneEditNeighbours(type, value);
      expect(found.length).toBeGreaterThan(0);
      expect(new Set(found).size).toBe(found.length);
      expect(found).not.toContain(value);
      for (const neighbour of found) {
        expect(neighbour).toHaveLength(value.length);
        expect(recogniseIdentifiers(neighbour).some((r) => r.type === type)).toBe(true);
      }
    }
    expect(oneEditNeighbours('ABN', '15824753556')[0]).toBe('51824753556');
  });
});

describe('formatIdentifier', () => {
  it('groups ABN and ACN, writes the rest normalised', () => {
    expect(formatIdentifier('ABN', '51824753556')).toBe('51 824 753 556');
    expect(formatIdentifier('ACN', '005749986')).toBe('005 749 986');
    expect(formatIdentifier('LEI', '5493001kjtiigc8y1r12')).toBe('5493001KJTIIGC8Y1R12');
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
