import { describe, expect, it } from 'vitest';
import fernhollowFixture from './__fixtures__/lei-record-9845001FERNHOLLOW064.json';
import parentFixture from './__fixtures__/direct-parent-9845001FERNHOLLOW064.json';
import dissolvedFixture from './__fixtures__/lei-record-984500LAPSEDTRADE018.json';
import transliteratedFixture from './__fixtures__/lei-record-984500KIRINOHASHJ045.json';
import lapsedFixture from './__fixtures__/lei-record-984500MERIDIANRID048.json';
import { gleifRecordEnvelopeSchema, type GleifLookup } from './schemas';
import { reportsParent, toLeiEntity, toRegistryCandidate, toRegistryRecord } from './transform';

const recordOf = (payload: unknown) => gleifRecordEnvelopeSchema.parse(payload).data;
const alone = (payload: unknown): GleifLookup => ({ record: recordOf(payload), directParent: null, ultimateParent: null });
const fernhollow: GleifLookup = { record: recordOf(fernhollowFixture), directParent: recordOf(parentFixture), ultimateParent: recordOf(parentFixture) };

describe('toLeiEntity', () => {
  it('reads the legal name, other names, both statuses and the parents', () => {
    expect(toLeiEntity(fernhollow)).toEqual({
      lei: '9845001FERNHOLLOW064',
      legalName: 'FERNHOLLOW ANALYTICS LIMITED',
      otherNames: ['Fernhollow'],
      previousLegalNames: ['FERNHOLLOW DATA LIMITED'],
      transliteratedNames: [],
      countryIsoAlpha3: 'GBR',
      entityStatus: 'ACTIVE',
      registrationStatus: 'ISSUED',
      registryStatus: { status: 'active', wording: 'Active', date: null },
      directParent: { lei: '984500FERNHOLDGRP028', name: 'FERNHOLLOW GROUP PLC' },
      ultimateParent: { lei: '984500FERNHOLDGRP028', name: 'FERNHOLLOW GROUP PLC' },
      url: 'https://api.gleif.org/api/v1/lei-records/9845001FERNHOLLOW064',
    });
  });

  it('an inactive entity is inactive in the words of its expiration reason, dated', () => {
    const entity = toLeiEntity(alone(dissolvedFixture));
    expect(entity.registryStatus).toEqual({ status: 'inactive', wording: 'Dissolved', date: '2015-06-01' });
    expect(entity.registrationStatus).toBe('RETIRED');
  });

  it('a lapsed LEI of an active entity: the entity stays active, the registration says LAPSED', () => {
    const entity = toLeiEntity(alone(lapsedFixture));
    expect(entity.registryStatus.status).toBe('active');
    expect(entity.registrationStatus).toBe('LAPSED');
  });

  it('keeps the transliterated names apart from the other names, and a Japanese legal name as written', () => {
    const entity = toLeiEntity(alone(transliteratedFixture));
    expect(entity.legalName).toBe('桐の葉商事株式会社');
    expect(entity.otherNames).toEqual(['Kirinoha Trading Co., Ltd.']);
    expect(entity.transliteratedNames).toEqual(['KIRINOHA SHOJI KABUSHIKI KAISHA']);
    expect(entity.countryIsoAlpha3).toBe('JPN');
  });
});

describe('reportsParent', () => {
  it('a lei-record link is a parent; a reporting exception is none', () => {
    expect(reportsParent(fernhollow.record, 'direct-parent')).toBe(true);
    expect(reportsParent(recordOf(dissolvedFixture), 'direct-parent')).toBe(false);
    expect(reportsParent(recordOf(dissolvedFixture), 'ultimate-parent')).toBe(false);
  });
});

describe('toRegistryRecord and toRegistryCandidate', () => {
  it('a UK entity registered at Companies House carries its LEI and CH number', () => {
    expect(toRegistryRecord(fernhollow)).toEqual({
      name: 'FERNHOLLOW ANALYTICS LIMITED',
      otherNames: ['FERNHOLLOW DATA LIMITED', 'Fernhollow'],
      countryIsoAlpha3: 'GBR',
      identifiers: [
        { type: 'LEI', value: '9845001FERNHOLLOW064' },
        { type: 'CH', value: '09876543' },
      ],
      active: true,
      registryStatus: { status: 'active', wording: 'Active', date: null },
      type: null,
      register: 'gleif',
      url: 'https://api.gleif.org/api/v1/lei-records/9845001FERNHOLLOW064',
      parentName: 'FERNHOLLOW GROUP PLC',
    });
  });

  it('the candidate names its direct parent and carries the register status', () => {
    const candidate = toRegistryCandidate(fernhollow);
    expect(candidate?.parentEntityName).toBe('FERNHOLLOW GROUP PLC');
    expect(candidate?.description).toBe('LEI 9845001FERNHOLLOW064 (issued)');
    expect(toRegistryCandidate(alone(dissolvedFixture))?.registryStatus?.status).toBe('inactive');
  });
});
