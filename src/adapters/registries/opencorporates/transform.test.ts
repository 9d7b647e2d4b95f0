import { describe, expect, it } from 'vitest';
import companyFixture from './__fixtures__/company-gb-09876543.json';
import emptyFixture from './__fixtures__/search-empty.json';
import fernhollowFixture from './__fixtures__/search-gb-fernhollow.json';
import mixedFixture from './__fixtures__/search-global-mixed.json';
import { ocCompanyEnvelopeSchema, ocSearchEnvelopeSchema } from './schemas';
import {
  companyCacheKey,
  companyRegistryStatus,
  countryCodeParameter,
  countryFromJurisdiction,
  describeCompany,
  organisationTypeOf,
  searchCacheKey,
  toRegistryCandidate,
  toRegistryCandidates,
} from './transform';

const companiesOf = (payload: unknown) => ocSearchEnvelopeSchema.parse(payload).results.companies.map((item) => item.company);

describe('countryCodeParameter', () => {
  it.each([
    ['GB', 'gb'],
    ['gb', 'gb'],
    ['GBR', 'gb'],
    ['gbr', 'gb'],
    ['UK', 'gb'],
    ['USA', 'us'],
    ['us', 'us'],
    ['CAN', 'ca'],
    ['are', 'ae'],
    [' nzl ', 'nz'],
  ])('%s -> %s', (input, expected) => {
    expect(countryCodeParameter(input)).toBe(expected);
  });

  it.each(['GLO', 'XXX', 'XK', 'ZZ', '', 'Britain', 'U'])('%s is unmappable', (input) => {
    expect(countryCodeParameter(input)).toBeUndefined();
  });
});

describe('countryFromJurisdiction', () => {
  it.each([
    ['gb', 'GBR'],
    ['us_de', 'USA'],
    ['us_ca', 'USA'],
    ['ca', 'CAN'],
    ['ca_on', 'CAN'],
    ['ae_du', 'ARE'],
    ['gb_eaw', 'GBR'],
    ['pr', 'PRI'],
    ['je', 'JEY'],
    ['hk', 'HKG'],
    ['DE', 'DEU'],
  ])('%s -> %s', (code, expected) => {
    expect(countryFromJurisdiction(code)).toBe(expected);
  });

  it.each(['eu', 'xk', 'an', 'uk', '', 'gbr', '_de'])('%s is dropped', (code) => {
    expect(countryFromJurisdiction(code)).toBeUndefined();
  });
});

describe('organisationTypeOf', () => {
  it('maps only unambiguous company types', () => {
    expect(organisationTypeOf('Private Limited Company')).toBe('ProprietaryLimited');
    expect(organisationTypeOf('LTD - Private Company Limited by Shares')).toBe('ProprietaryLimited');
    expect(organisationTypeOf('Public Limited Company')).toBe('PublicLimited');
    expect(organisationTypeOf('Limited Liability Company')).toBeNull();
    expect(organisationTypeOf('NZ Limited Company')).toBeNull();
    expect(organisationTypeOf('Private company limited by guarantee without share capital')).toBeNull();
    expect(organisationTypeOf(null)).toBeNull();
  });
});

describe('toRegistryCandidates on a recorded GB search', () => {
  const candidates = toRegistryCandidates(companiesOf(fernhollowFixture));

  it('maps every field of an active British company', () => {
    expect(candidates[0]).toEqual({
      name: 'FERNHOLLOW ANALYTICS LIMITED',
      countryIsoAlpha3: 'GBR',
      identifiers: [
        { type: 'CH', value: '09876543' },
        { type: 'OPENCORPORATES', value: 'gb/09876543' },
      ],
      description: 'Private Limited Company, Active, incorporated 2015-11-03',
      website: null,
      websiteValidated: false,
      nameKind: 'entity',
      matchedBusinessName: null,
      parentEntityName: null,
      type: 'ProprietaryLimited',
      score: null,
      registryStatus: { status: 'active', wording: 'Active', date: null },
      formerNames: ['FERNHOLLOW DATA LIMITED'],
    });
  });

  it('keeps a dissolved company and says so in its description and its registry status', () => {
    expect(candidates[1]?.name).toBe('FERNHOLLOW HOLDINGS LTD');
    expect(candidates[1]?.registryStatus).toEqual({ status: 'inactive', wording: 'Dissolved', date: '2022-03-01' });
    expect(candidates[1]?.description).toBe('Private Limited Company, Dissolved (dissolved 2022-03-01), incorporated 2018-09-12');
    expect(candidates[1]?.identifiers).toEqual([
      { type: 'CH', value: 'SC612345' },
      { type: 'OPENCORPORATES', value: 'gb/SC612345' },
    ]);
  });
});

describe('toRegistryCandidates on a recorded Global search', () => {
  const companies = companiesOf(mixedFixture);
  const candidates = toRegistryCandidates(companies);

  it('takes each country from the jurisdiction and drops unmappable jurisdictions (xk, eu)', () => {
    expect(candidates.map((c) => [c.countryIsoAlpha3, c.identifiers.at(-1)?.value])).toEqual([
      ['USA', 'us_de/5123456'],
      ['CAN', 'ca_on/1000123'],
      ['ARE', 'ae_du/1122334'],
      ['GBR', 'gb/SC095237'],
      // inactive companies come after active ones
      ['GBR', 'gb/445790'],
    ]);
  });

  it('collapses a company listed twice', () => {
    expect(candidates.filter((c) => c.identifiers.some((i) => i.value === 'us_de/5123456'))).toHaveLength(1);
  });

  it('emits a CH identifier only for British companies, padded to 8 characters', () => {
    const dissolved = candidates.find((c) => c.identifiers.some((i) => i.value === 'gb/445790'));
    expect(dissolved?.identifiers).toEqual([
      { type: 'CH', value: '00445790' },
      { type: 'OPENCORPORATES', value: 'gb/445790' },
    ]);
    expect(dissolved?.name).toBe('HARBOURLINE LOGISTICS LIMITED');
    expect(candidates.filter((c) => c.countryIsoAlpha3 !== 'GBR').flatMap((c) => c.identifiers.map((i) => i.type))).not.toContain('CH');
  });

  it('describes light records with whatever they carry', () => {
    expect(candidates.find((c) => c.countryIsoAlpha3 === 'CAN')?.description).toBe('Ontario Business Corporation, incorporated 1996-06-01');
    expect(candidates.find((c) => c.countryIsoAlpha3 === 'ARE')?.description).toBe(
      'Limited Liability Company, Active, branch of an out-of-jurisdiction company',
    );
    expect(candidates.find((c) => c.identifiers.some((i) => i.value === 'gb/445790'))?.description).toBe('Dissolved (dissolved 2019-05-30)');
    expect(candidates.find((c) => c.countryIsoAlpha3 === 'GBR' && c.type === 'PublicLimited')?.name).toBe('HARBOURLINE PLC');
  });
});

describe('payload validation', () => {
  it('parses an empty search', () => {
    expect(companiesOf(emptyFixture)).toEqual([]);
  });

  it('parses a full company-by-id record and maps it like a search item', () => {
    const company = ocCompanyEnvelopeSchema.parse(companyFixture).results.company;
    expect(toRegistryCandidate(company)?.identifiers).toEqual([
      { type: 'CH', value: '09876543' },
      { type: 'OPENCORPORATES', value: 'gb/09876543' },
    ]);
  });

  it('rejects another API version and items without a company number', () => {
    expect(ocSearchEnvelopeSchema.safeParse({ ...emptyFixture, api_version: '0.3' }).success).toBe(false);
    expect(
      ocSearchEnvelopeSchema.safeParse({ api_version: '0.4', results: { companies: [{ company: { name: 'X', jurisdiction_code: 'gb' } }] } }).success,
    ).toBe(false);
  });

  it('describes a company with nothing but a name as an empty line', () => {
    expect(describeCompany({ name: 'X', company_number: '1', jurisdiction_code: 'nz' })).toBe('');
  });
});

describe('cache keys', () => {
  it('never depend on case or spacing of the name, and carry the account and the country or all', () => {
    expect(searchCacheKey('gb', '  Fernhollow   ANALYTICS ', 'acct-1')).toBe('oc:search:acct-1:gb:fernhollow analytics');
    expect(searchCacheKey(undefined, 'Fernhollow', 'acct-1')).toBe('oc:search:acct-1:all:fernhollow');
    expect(searchCacheKey('gb', 'Fernhollow', 'acct-2')).not.toBe(searchCacheKey('gb', 'Fernhollow', 'acct-1'));
    expect(companyCacheKey('GB', ' 09876543 ')).toBe('oc:company:gb/09876543');
  });
});

describe('companyRegistryStatus', () => {
  it('buckets by `inactive`, keeps the register word and the dissolution date (the later end of a range)', () => {
    expect(companyRegistryStatus({ inactive: true, current_status: 'Struck Off', dissolution_date: '2009-08-22:2012-01-08' })).toEqual({
      status: 'inactive',
      wording: 'Struck Off',
      date: '2012-01-08',
    });
    expect(companyRegistryStatus({ inactive: false, current_status: 'Liquidation', dissolution_date: null })).toEqual({
      status: 'active',
      wording: 'Liquidation',
      date: null,
    });
  });

  it('without `inactive`: a dissolution date means inactive ("Dissolved" when no word), else the word is read', () => {
    expect(companyRegistryStatus({ inactive: null, current_status: null, dissolution_date: '2020-11-17' })).toEqual({
      status: 'inactive',
      wording: 'Dissolved',
      date: '2020-11-17',
    });
    expect(companyRegistryStatus({ inactive: null, current_status: 'Deregistered', dissolution_date: null }).status).toBe('inactive');
    expect(companyRegistryStatus({ inactive: null, current_status: 'Registered', dissolution_date: null }).status).toBe('active');
    expect(companyRegistryStatus({ current_status: null, dissolution_date: null })).toEqual({ status: 'unknown', wording: null, date: null });
  });
});
