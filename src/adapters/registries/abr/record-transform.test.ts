import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { abnDetailsPayloadSchema, abrApplicationErrorOf, parseJsonpBody, type AbnDetailsPayload } from './schemas';
import { abrRecordUrl, isActiveAbnStatus, toRegistryRecord } from './record-transform';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');

function recorded(file: string): AbnDetailsPayload {
  const payload = parseJsonpBody(readFileSync(path.join(fixtures, file), 'utf8'), abnDetailsPayloadSchema);
  if (!payload) throw new Error(`fixture ${file} does not parse`);
  return payload;
}

describe('toRegistryRecord (AbnDetails / AcnDetails payloads)', () => {
  it('an active company: ABN and ACN, business names, PRV type, the ABN Lookup page', () => {
    expect(toRegistryRecord(recorded('abn-details-30635412074.jsonp'))).toEqual({
      name: 'KOOKABURRA KITCHENS PTY LTD',
      otherNames: ['Kookaburra Kitchens', 'KK Joinery'],
      formerNames: [],
      countryIsoAlpha3: 'AUS',
      identifiers: [
        { type: 'ABN', value: '30635412074' },
        { type: 'ACN', value: '635412074' },
      ],
      active: true,
      registryStatus: { status: 'active', wording: 'Active', date: '2019-08-14' },
      type: 'ProprietaryLimited',
      register: 'abr',
      url: 'https://abr.business.gov.au/ABN/View?abn=30635412074',
    });
  });

  it('AcnDetails answers the same entity object, so the same record', () => {
    expect(toRegistryRecord(recorded('acn-details-635412074.jsonp'))).toEqual(toRegistryRecord(recorded('abn-details-30635412074.jsonp')));
  });

  it('a cancelled ABN is a record that is not active', () => {
    expect(toRegistryRecord(recorded('abn-details-37619872347.jsonp'))).toMatchObject({
      name: 'KOOKABURRA CABINETRY PTY LTD',
      active: false,
      registryStatus: { status: 'inactive', wording: 'Cancelled', date: '2023-06-30' },
      identifiers: [
        { type: 'ABN', value: '37619872347' },
        { type: 'ACN', value: '619872347' },
      ],
      otherNames: [],
    });
  });

  it('PUB and IND types; a sole trader has no ACN; other entity types have no type', () => {
    expect(toRegistryRecord(recorded('abn-details-66558861215.jsonp'))?.type).toBe('PublicLimited');
    const soleTrader = toRegistryRecord(recorded('abn-details-64482913570.jsonp'));
    expect(soleTrader).toMatchObject({ name: 'BROWN, MICHAEL JAMES', type: 'SoleProprietor', identifiers: [{ type: 'ABN', value: '64482913570' }] });
    expect(soleTrader?.otherNames).toEqual(['KOOKABURRA KITCHEN RENOVATIONS']);
    expect(toRegistryRecord(recorded('abn-details-28159343923.jsonp'))).toMatchObject({ type: null, identifiers: [{ type: 'ABN', value: '28159343923' }] });
  });

  it('null for "No record found" (even when Abn echoes the query), for every error body and for an empty Abn', () => {
    expect(toRegistryRecord(recorded('abn-details-no-record.jsonp'))).toBeNull();
    expect(toRegistryRecord(recorded('acn-details-no-record.jsonp'))).toBeNull();
    expect(toRegistryRecord(recorded('abn-details-error-guid.jsonp'))).toBeNull();
    expect(toRegistryRecord(recorded('abn-details-invalid-number.jsonp'))).toBeNull();
    expect(toRegistryRecord({ ...recorded('abn-details-30635412074.jsonp'), Abn: ' ' })).toBeNull();
  });

  it('keeps only identifiers that pass their check digits; no page without a valid ABN', () => {
    const active = recorded('abn-details-30635412074.jsonp');
    expect(toRegistryRecord({ ...active, Acn: '635412075' })?.identifiers).toEqual([{ type: 'ABN', value: '30635412074' }]);
    expect(toRegistryRecord({ ...active, Abn: '30635412075' })).toMatchObject({ identifiers: [{ type: 'ACN', value: '635412074' }], url: null });
    expect(toRegistryRecord({ ...active, Abn: '30 635 412 074', Acn: '635 412 074' })?.identifiers).toEqual([
      { type: 'ABN', value: '30635412074' },
      { type: 'ACN', value: '635412074' },
    ]);
  });

  it('other names: trimmed, blanks, repeats and the entity name itself left out', () => {
    const active = recorded('abn-details-30635412074.jsonp');
    const record = toRegistryRecord({ ...active, BusinessName: [' Kookaburra Kitchens ', '', 'kookaburra kitchens', 'Kookaburra Kitchens Pty Ltd'] });
    expect(record?.otherNames).toEqual(['Kookaburra Kitchens']);
  });
});

describe('status and url', () => {
  it('Active in either vocabulary; Cancelled and empty are not', () => {
    expect(isActiveAbnStatus('Active')).toBe(true);
    expect(isActiveAbnStatus(' active ')).toBe(true);
    expect(isActiveAbnStatus('0000000001')).toBe(true);
    expect(isActiveAbnStatus('Cancelled')).toBe(false);
    expect(isActiveAbnStatus('0000000002')).toBe(false);
    expect(isActiveAbnStatus('')).toBe(false);
  });

  it('the ABN Lookup page of an ABN', () => {
    expect(abrRecordUrl('30635412074')).toBe('https://abr.business.gov.au/ABN/View?abn=30635412074');
  });
});

describe('abrApplicationErrorOf (the documented messages table, providers/abr.md 2.4)', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['No record found', 'no-record'],
    ['Search text is not a valid ABN or ACN', 'invalid-number'],
    ['The GUID entered is not recognised as a Registered Party', 'unknown-guid'],
    ['There was a problem completing your request.', 'request-problem'],
    [' no record found. ', 'no-record'],
    ['No records found for this search, please retry', 'unrecognised'],
    ['Something new', 'unrecognised'],
  ])('%j -> %s', (message, expected) => {
    expect(abrApplicationErrorOf(message)).toBe(expected);
  });

  it('reads the recorded error bodies', () => {
    expect(abrApplicationErrorOf(recorded('abn-details-no-record.jsonp').Message)).toBe('no-record');
    expect(abrApplicationErrorOf(recorded('abn-details-error-guid.jsonp').Message)).toBe('unknown-guid');
    expect(abrApplicationErrorOf(recorded('abn-details-invalid-number.jsonp').Message)).toBe('invalid-number');
    expect(abrApplicationErrorOf(recorded('abn-details-30635412074.jsonp').Message)).toBeUndefined();
  });
});
