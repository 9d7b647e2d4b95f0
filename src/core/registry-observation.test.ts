import { describe, expect, it } from 'vitest';
import { firstReadChanges, registryChanges, type RegistryObservation } from './registry-observation';
import { registryStatusOf } from './registry-status';

const seen: RegistryObservation = {
  legalName: 'FERNHOLLOW ANALYTICS LIMITED',
  businessNames: ['Fernhollow'],
  registryStatus: registryStatusOf('active', 'Active', null),
  leiRegistrationStatus: 'ISSUED',
  directParent: { name: 'FERNHOLLOW GROUP PLC', lei: '984500FERNHOLDGRP028' },
  ultimateParent: { name: 'FERNHOLLOW GROUP PLC', lei: '984500FERNHOLDGRP028' },
};

describe('registryChanges: a change is recorded when the register differs from what was last seen', () => {
  it('a re-read that finds nothing new has no changes (case and spacing of names aside)', () => {
    expect(registryChanges(seen, { ...seen, legalName: 'Fernhollow  Analytics Limited', businessNames: ['FERNHOLLOW'] })).toEqual([]);
  });

  it('status: dissolved', () => {
    const dissolved = registryStatusOf('inactive', 'Dissolved', '2026-07-01');
    expect(registryChanges(seen, { ...seen, registryStatus: dissolved })).toEqual([
      { kind: 'status', field: 'registryStatus', before: seen.registryStatus, after: dissolved },
    ]);
  });

  it('legal name: renamed', () => {
    expect(registryChanges(seen, { ...seen, legalName: 'FERNHOLLOW INSIGHTS LIMITED' })).toEqual([
      { kind: 'legal_name', field: 'legalName', before: 'FERNHOLLOW ANALYTICS LIMITED', after: 'FERNHOLLOW INSIGHTS LIMITED' },
    ]);
  });

  it('business names: one change per name added or removed', () => {
    expect(registryChanges(seen, { ...seen, businessNames: ['Fernhollow Labs'] })).toEqual([
      { kind: 'business_names', field: 'businessNames', before: null, after: 'Fernhollow Labs' },
      { kind: 'business_names', field: 'businessNames', before: 'Fernhollow', after: null },
    ]);
  });

  it('LEI registration status: lapsed', () => {
    expect(registryChanges(seen, { ...seen, leiRegistrationStatus: 'LAPSED' })).toEqual([
      { kind: 'lei_registration_status', field: 'leiRegistrationStatus', before: 'ISSUED', after: 'LAPSED' },
    ]);
  });

  it('parent: compared by LEI, the direct and the ultimate one apart', () => {
    const other = { name: 'HARBOURLINE LOGISTICS, INC.', lei: '984500HARBOURLINE019' };
    expect(registryChanges(seen, { ...seen, directParent: other })).toEqual([
      { kind: 'parent', field: 'directParent', before: seen.directParent, after: other },
    ]);
    expect(registryChanges(seen, { ...seen, ultimateParent: null })).toEqual([
      { kind: 'parent', field: 'ultimateParent', before: seen.ultimateParent, after: null },
    ]);
  });
});

describe('firstReadChanges: the first read is the baseline, except a known stored status it contradicts', () => {
  it('a stored active status the register says is inactive is a change', () => {
    const stored = registryStatusOf('active', 'Active', null);
    const now = { ...seen, registryStatus: registryStatusOf('inactive', 'Dissolved', '2026-07-01') };
    expect(firstReadChanges(stored, now)).toEqual([{ kind: 'status', field: 'registryStatus', before: stored, after: now.registryStatus }]);
  });

  it('an unknown stored status, or an agreeing one, is no change', () => {
    expect(firstReadChanges(registryStatusOf('unknown'), seen)).toEqual([]);
    expect(firstReadChanges(registryStatusOf('active', 'Registered', null), seen)).toEqual([]);
  });
});
