import { describe, expect, it } from 'vitest';
import { canMerge, decideSameKey, disambiguatedKey, identicalIdentifierSets, sameCompanyRow, type EmittedRow } from './stream-dedup';

const KEY = 'AUS|acme pty ltd';
const abn = (value: string) => ({ type: 'ABN', value });
const acn = (value: string) => ({ type: 'ACN', value });
const registryRow = (identifiers: EmittedRow['identifiers'], key = KEY): EmittedRow => ({ key, identifiers, fromRegistry: true });
const agentRow = (identifiers: EmittedRow['identifiers'], key = KEY): EmittedRow => ({ key, identifiers, fromRegistry: false });

describe('identifier sets (rule 7)', () => {
  it('are identical regardless of order, spacing and case', () => {
    expect(identicalIdentifierSets([abn('51 824 753 556'), acn('004085616')], [{ type: 'acn', value: '004 085 616' }, abn('51824753556')])).toBe(true);
  });
  it('differ on a shared type with another value, and on disjoint types', () => {
    expect(identicalIdentifierSets([abn('51824753556')], [abn('53004085616')])).toBe(false);
    expect(identicalIdentifierSets([abn('51824753556')], [acn('004085616')])).toBe(false);
  });
  it('merge when one side has none', () => {
    expect(canMerge([], [abn('1')])).toBe(true);
    expect(canMerge([abn('1')], [])).toBe(true);
    expect(canMerge([abn('1')], [acn('2')])).toBe(false);
  });
});

describe('disambiguatedKey', () => {
  it('prefers ACN, then ABN, then CH, then the aggregator id, then the first identifier', () => {
    expect(disambiguatedKey(KEY, [abn('51 824 753 556'), acn('004 085 616')])).toBe(`${KEY}|ACN:004085616`);
    expect(disambiguatedKey(KEY, [{ type: 'WEBSITE', value: 'acme.com' }, abn('51 824 753 556')])).toBe(`${KEY}|ABN:51824753556`);
    expect(
      disambiguatedKey('GBR|acme ltd', [
        { type: 'OPENCORPORATES', value: 'gb/01' },
        { type: 'CH', value: '01234567' },
      ]),
    ).toBe('GBR|acme ltd|CH:01234567');
    expect(
      disambiguatedKey('GBR|acme ltd', [
        { type: 'WEBSITE', value: 'acme.co.uk' },
        { type: 'OPENCORPORATES', value: 'gb/01' },
      ]),
    ).toBe('GBR|acme ltd|OPENCORPORATES:GB01');
    expect(
      disambiguatedKey('NZL|acme ltd', [
        { type: 'NZBN', value: '9429' },
        { type: 'WEBSITE', value: 'acme.nz' },
      ]),
    ).toBe('NZL|acme ltd|NZBN:9429');
  });
});

describe('decideSameKey', () => {
  it('emits the base key when nothing shares it', () => {
    expect(decideSameKey([], { baseKey: KEY, identifiers: [abn('1')] })).toEqual({ action: 'emit', key: KEY });
  });

  it('folds an identifier-less candidate onto an existing registry row, even when an agent row came first', () => {
    const rows = [agentRow([], KEY), registryRow([abn('51824753556')], `${KEY}|ABN:51824753556`)];
    const decision = decideSameKey(rows, { baseKey: KEY, identifiers: [] });
    expect(decision).toMatchObject({ action: 'merge', into: rows[1], added: [] });
  });

  it('merges identical identifier sets without adding anything', () => {
    const rows = [registryRow([abn('51824753556')])];
    expect(decideSameKey(rows, { baseKey: KEY, identifiers: [abn('51 824 753 556')] })).toMatchObject({ action: 'merge', added: [] });
  });

  it('merges registry identifiers onto an identifier-less row and reports what they add', () => {
    const rows = [agentRow([])];
    expect(decideSameKey(rows, { baseKey: KEY, identifiers: [abn('51824753556'), acn('004085616')] })).toEqual({
      action: 'merge',
      into: rows[0],
      identifiers: [abn('51824753556'), acn('004085616')],
      added: [abn('51824753556'), acn('004085616')],
    });
  });

  it('keeps a shared type with a different value separate, the later key disambiguated', () => {
    const rows = [registryRow([abn('51824753556'), acn('824753556')])];
    expect(decideSameKey(rows, { baseKey: KEY, identifiers: [abn('53004085616'), acn('004085616')] })).toEqual({
      action: 'emit',
      key: `${KEY}|ACN:004085616`,
    });
  });

  it('keeps disjoint identifier types separate', () => {
    const rows = [registryRow([abn('51824753556')])];
    expect(decideSameKey(rows, { baseKey: KEY, identifiers: [{ type: 'CH', value: '01234567' }] })).toEqual({
      action: 'emit',
      key: `${KEY}|CH:01234567`,
    });
  });

  it('numbers a disambiguated key that is already taken', () => {
    const rows = [registryRow([abn('1'), acn('9')]), registryRow([abn('2'), acn('9')], `${KEY}|ACN:9`)];
    expect(decideSameKey(rows, { baseKey: KEY, identifiers: [abn('3'), acn('9')] })).toEqual({ action: 'emit', key: `${KEY}|ACN:9#2` });
  });
});

describe('sameCompanyRow (one company, one row)', () => {
  const row = (key: string, identifiers: EmittedRow['identifiers']): EmittedRow => ({ key, identifiers, fromRegistry: true });
  const shown = [
    row('AUS|a', [
      { type: 'ABN', value: '73434904926' },
      { type: 'ACN', value: '434904926' },
    ]),
    row('GBR|b', [{ type: 'CH', value: '04398218' }]),
  ];

  it("finds the row whose registry identifiers include all of the candidate's, whatever its key and formatting", () => {
    expect(sameCompanyRow(shown, [{ type: 'ABN', value: '73 434 904 926' }])).toBe(shown[0]);
  });

  it('finds the row whose registry identifiers are all carried by the candidate (the candidate has more)', () => {
    expect(
      sameCompanyRow(shown, [
        { type: 'CH', value: '04398218' },
        { type: 'OPENCORPORATES', value: 'gb/04398218' },
      ]),
    ).toBe(shown[1]);
  });

  it('ignores websites and other non-registry identifiers on either side', () => {
    expect(sameCompanyRow(shown, [{ type: 'WEBSITE', value: 'example.com' }])).toBeUndefined();
    expect(sameCompanyRow([row('AUS|w', [{ type: 'WEBSITE', value: 'example.com' }])], [{ type: 'WEBSITE', value: 'example.com' }])).toBeUndefined();
  });

  it('does not merge when a shared type carries another value, or when the sets only overlap', () => {
    expect(sameCompanyRow(shown, [{ type: 'ABN', value: '51824753556' }])).toBeUndefined();
    expect(
      sameCompanyRow(shown, [
        { type: 'ABN', value: '73434904926' },
        { type: 'ACN', value: '004085616' },
      ]),
    ).toBeUndefined();
  });

  it('treats an LEI as a registry identifier', () => {
    const lei = [row('GLO|l', [{ type: 'LEI', value: '3912005XU1KV6HW70B19' }])];
    expect(
      sameCompanyRow(lei, [
        { type: 'LEI', value: '3912005xu1kv6hw70b19' },
        { type: 'CH', value: '1' },
      ]),
    ).toBe(lei[0]);
  });
});
