import { describe, expect, it } from 'vitest';
import activeFixture from './__fixtures__/company-gb-09876543.json';
import dissolvedFixture from './__fixtures__/company-gb-SC612345.json';
import { isActiveCompany, toRegistryRecord } from './record-transform';
import { ocCompanyEnvelopeSchema, type OcCompany } from './schemas';
import { toRegistryCandidate } from './transform';

const companyOf = (payload: unknown): OcCompany => ocCompanyEnvelopeSchema.parse(payload).results.company;
const active = companyOf(activeFixture);
const dissolved = companyOf(dissolvedFixture);

describe('toRegistryRecord (company by id)', () => {
  it('an active UK company: CH and aggregator ids, previous names, the aggregator page', () => {
    expect(toRegistryRecord(active)).toEqual({
      name: 'FERNHOLLOW ANALYTICS LIMITED',
      otherNames: ['FERNHOLLOW DATA LIMITED'],
      formerNames: ['FERNHOLLOW DATA LIMITED'],
      countryIsoAlpha3: 'GBR',
      identifiers: [
        { type: 'CH', value: '09876543' },
        { type: 'OPENCORPORATES', value: 'gb/09876543' },
      ],
      active: true,
      registryStatus: { status: 'active', wording: 'Active', date: null },
      type: 'ProprietaryLimited',
      register: 'opencorporates',
      url: 'https://opencorporates.com/companies/gb/09876543',
    });
  });

  it('a dissolved UK company (inactive true) is a record that is not active', () => {
    expect(toRegistryRecord(dissolved)).toEqual({
      name: 'FERNHOLLOW HOLDINGS LTD',
      otherNames: ['FERNHOLLOW CONSULTING LTD'],
      formerNames: ['FERNHOLLOW CONSULTING LTD'],
      countryIsoAlpha3: 'GBR',
      identifiers: [
        { type: 'CH', value: 'SC612345' },
        { type: 'OPENCORPORATES', value: 'gb/SC612345' },
      ],
      active: false,
      registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2022-03-01' },
      type: 'ProprietaryLimited',
      register: 'opencorporates',
      url: 'https://opencorporates.com/companies/gb/SC612345',
    });
  });

  it('name, country, identifiers and type agree with the search transform', () => {
    for (const company of [active, dissolved]) {
      const candidate = toRegistryCandidate(company);
      expect(toRegistryRecord(company)).toMatchObject({
        name: candidate?.name,
        countryIsoAlpha3: candidate?.countryIsoAlpha3,
        identifiers: candidate?.identifiers,
        type: candidate?.type,
      });
    }
  });

  it('outside gb: the aggregator id only', () => {
    const german = { ...active, jurisdiction_code: 'de', company_number: 'K1101R_HRB150148', company_type: 'Gesellschaft mit beschränkter Haftung' };
    expect(toRegistryRecord(german)).toMatchObject({
      countryIsoAlpha3: 'DEU',
      identifiers: [{ type: 'OPENCORPORATES', value: 'de/K1101R_HRB150148' }],
      type: null,
    });
  });

  it('null for an unmappable jurisdiction or an empty name', () => {
    expect(toRegistryRecord({ ...active, jurisdiction_code: 'xk' })).toBeNull();
    expect(toRegistryRecord({ ...active, name: '  ' })).toBeNull();
  });

  it('url: opencorporates_url, else registry_url, else null; never a non-http link', () => {
    expect(toRegistryRecord({ ...active, opencorporates_url: null })?.url).toBe('https://find-and-update.company-information.service.gov.uk/company/09876543');
    expect(toRegistryRecord({ ...dissolved, opencorporates_url: null })?.url).toBeNull();
    expect(toRegistryRecord({ ...active, opencorporates_url: 'javascript:alert(1)', registry_url: 'not a url' })?.url).toBeNull();
  });

  it('other names: previous names without repeats or the current name', () => {
    const renamed = {
      ...active,
      previous_names: [
        { company_name: 'FERNHOLLOW DATA LIMITED' },
        { company_name: 'fernhollow  data limited' },
        { company_name: 'FERNHOLLOW ANALYTICS LIMITED' },
        { company_name: ' ' },
      ],
    };
    expect(toRegistryRecord(renamed)?.otherNames).toEqual(['FERNHOLLOW DATA LIMITED']);
    expect(toRegistryRecord(renamed)?.formerNames).toEqual(['FERNHOLLOW DATA LIMITED']);
    expect(toRegistryRecord({ ...active, previous_names: null })?.otherNames).toEqual([]);
  });
});

describe('isActiveCompany', () => {
  it('inactive decides when it is a boolean, whatever the status word', () => {
    expect(isActiveCompany({ inactive: false, current_status: 'Liquidation' })).toBe(true);
    expect(isActiveCompany({ inactive: true, current_status: 'Active' })).toBe(false);
  });

  it('with inactive null or absent, only current_status Active is active', () => {
    expect(isActiveCompany({ inactive: null, current_status: 'Active' })).toBe(true);
    expect(isActiveCompany({ current_status: ' active ' })).toBe(true);
    expect(isActiveCompany({ inactive: null, current_status: 'Dissolved' })).toBe(false);
    expect(isActiveCompany({ inactive: null, current_status: 'Registered' })).toBe(false);
    expect(isActiveCompany({ inactive: null, current_status: null })).toBe(false);
  });
});
