import { describe, expect, it } from 'vitest';
import forSaleFixture from './__fixtures__/company-for-sale.json';
import fullFixture from './__fixtures__/company-full.json';
import lowercaseCountryFixture from './__fixtures__/company-lowercase-country.json';
import thinFixture from './__fixtures__/company-thin.json';
import unknownEnumsFixture from './__fixtures__/company-unknown-enums.json';
import { cachedCompanyDataSchema, companiesApiCompanySchema } from './schemas';
import { companyDataCacheKey, organisationTypeOf, toCompanyDataProfile, toRelatedCompany } from './transform';

const profileOf = (payload: unknown) => toCompanyDataProfile(companiesApiCompanySchema.parse(payload));

describe('toCompanyDataProfile on a recorded full record', () => {
  it('maps every field', () => {
    expect(profileOf(fullFixture)).toEqual({
      name: 'Acme Widgets',
      legalName: 'Acme Widgets Pty Ltd',
      // the display name again and "acme" (a case variant of "Acme") are dropped; spacing trimmed
      aliases: ['Acme', 'Acme Springs & Fasteners'],
      description: 'Acme Widgets designs and manufactures precision widgets, springs and fasteners for Australian industry from its Dandenong plant.',
      website: 'https://www.acmewidgets.com.au',
      type: 'ProprietaryLimited',
      countryIsoAlpha3: 'AUS',
      // the four-digit industry group is dropped, the repeated code kept once
      naicsCodes: ['332613', '339993'],
      parent: { name: 'Acme Holdings Pty Ltd', website: 'acmeholdings.com.au', countryIsoAlpha3: null },
      subsidiaries: [
        { name: 'Acme Widgets NZ Limited', website: 'acmewidgets.co.nz', countryIsoAlpha3: null },
        { name: 'Springvale Coatings Pty Ltd', website: null, countryIsoAlpha3: null },
      ],
      domainState: 'operating',
    });
  });
});

describe('toCompanyDataProfile on a thin record', () => {
  it('takes the LinkedIn description, builds the website from the domain and leaves the rest empty', () => {
    expect(profileOf(thinFixture)).toEqual({
      name: 'Tasman Solar Co',
      legalName: null,
      aliases: [],
      description: 'Solar installers for homes and farms across the North Island.',
      website: 'https://tasmansolar.co.nz',
      type: null,
      countryIsoAlpha3: null,
      naicsCodes: [],
      parent: null,
      subsidiaries: [],
      domainState: null,
    });
  });

  it('maps an empty record to an empty profile', () => {
    expect(profileOf({})).toEqual({
      name: null,
      legalName: null,
      aliases: [],
      description: null,
      website: null,
      type: null,
      countryIsoAlpha3: null,
      naicsCodes: [],
      parent: null,
      subsidiaries: [],
      domainState: null,
    });
  });
});

describe('toCompanyDataProfile on a domain for sale', () => {
  it('reports the state and no description (the tagline is not one); nulls are tolerated', () => {
    const profile = profileOf(forSaleFixture);
    expect(profile.domainState).toBe('for-sale');
    expect(profile.description).toBeNull();
    expect(profile.website).toBe('https://barramundi.com.au');
    expect(profile.countryIsoAlpha3).toBeNull();
    expect(profile.parent).toBeNull();
  });
});

describe('unknown enum values', () => {
  it('become null without failing the record', () => {
    const parsed = companiesApiCompanySchema.safeParse(unknownEnumsFixture);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.about?.businessType).toBeNull();
    expect(parsed.data?.domain?.state).toBeNull();
    const profile = profileOf(unknownEnumsFixture);
    expect(profile).toMatchObject({
      name: 'Kiwi Dairy',
      legalName: 'Kiwi Dairy Co-operative Limited',
      aliases: ['Kiwi Dairy Cooperative'],
      description: 'Farmer-owned dairy cooperative processing milk from 900 Waikato farms.',
      type: null,
      domainState: null,
      countryIsoAlpha3: 'NZL',
      naicsCodes: ['311514', '112120'],
      subsidiaries: [{ name: 'Kiwi Dairy Australia Pty Ltd', website: 'kiwidairy.com.au', countryIsoAlpha3: null }],
    });
  });

  it('never passes on a website that is not an http(s) URL: the domain stands in', () => {
    expect(profileOf(unknownEnumsFixture).website).toBe('https://kiwidairy.co.nz');
  });

  it('a wrong type is still a malformed record', () => {
    expect(companiesApiCompanySchema.safeParse({ about: { businessType: 42 } }).success).toBe(false);
    expect(companiesApiCompanySchema.safeParse({ codes: { naics: 'six' } }).success).toBe(false);
    expect(companiesApiCompanySchema.safeParse([]).success).toBe(false);
    expect(companiesApiCompanySchema.safeParse(null).success).toBe(false);
  });
});

describe('toCompanyDataProfile with a lower-case country code', () => {
  const profile = profileOf(lowercaseCountryFixture);

  it('maps the alpha-2 code in any case to alpha-3', () => {
    expect(profile.countryIsoAlpha3).toBe('GBR');
  });

  it('skips blank descriptions down to the LinkedIn one', () => {
    expect(profile.description).toBe('Commercial rooftop solar installers in London and the South East.');
  });

  it('keeps a parent without a domain, and the redirected state', () => {
    expect(profile.parent).toEqual({ name: 'Thameside Energy Group Ltd', website: null, countryIsoAlpha3: null });
    expect(profile.domainState).toBe('redirected');
    expect(profile.website).toBe('https://www.thamesidesolar.co.uk/');
    expect(profile.type).toBe('ProprietaryLimited');
  });
});

describe('organisationTypeOf', () => {
  it.each([
    ['privately-held', 'ProprietaryLimited'],
    ['public-company', 'PublicLimited'],
    ['sole-proprietorship', 'SoleProprietor'],
    ['self-employed', 'SoleProprietor'],
    ['partnership', null],
    ['nonprofit', null],
    ['government-agency', null],
    ['educational-institution', null],
    [null, null],
    [undefined, null],
  ] as const)('%s -> %s', (businessType, expected) => {
    expect(organisationTypeOf(businessType)).toBe(expected);
  });
});

describe('country codes', () => {
  it.each([
    ['AU', 'AUS'],
    ['nz', 'NZL'],
    [' Us ', 'USA'],
    ['GBR', 'GBR'],
    ['XK', null],
    ['Australia', null],
    ['', null],
  ])('%s -> %s', (code, expected) => {
    expect(profileOf({ locations: { headquarters: { country: { code } } } }).countryIsoAlpha3).toBe(expected);
  });
});

describe('toRelatedCompany', () => {
  it('reduces a URL or a subdomain to the registrable domain and drops an unusable one', () => {
    expect(toRelatedCompany({ name: 'A', domain: 'https://shop.example.co.uk/x' })?.website).toBe('example.co.uk');
    expect(toRelatedCompany({ name: 'A', domain: '127.0.0.1' })?.website).toBeNull();
    expect(toRelatedCompany({ name: ' ', domain: 'example.com' })).toBeUndefined();
    expect(toRelatedCompany(null)).toBeUndefined();
  });
});

describe('cache', () => {
  it('keys by registrable domain', () => {
    expect(companyDataCacheKey('acmewidgets.com.au')).toBe('companydata:domain:acmewidgets.com.au');
  });

  it('reads back what it stores, a miss included', () => {
    const company = companiesApiCompanySchema.parse(unknownEnumsFixture);
    const stored: unknown = JSON.parse(JSON.stringify({ company }));
    expect(cachedCompanyDataSchema.parse(stored)).toEqual({ company });
    expect(cachedCompanyDataSchema.parse({ company: null })).toEqual({ company: null });
    expect(cachedCompanyDataSchema.safeParse({ something: 'else' }).success).toBe(false);
  });
});
