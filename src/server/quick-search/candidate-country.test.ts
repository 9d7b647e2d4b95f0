/** Rule 8 (candidate-country.ts): the organisation's country, else the country filter, else ''; never GLO. */
import { describe, expect, it } from 'vitest';
import { lookups, named, noLogo, noMembership, row, silent } from './__fixtures__/quick-search-fakes';
import { candidateCountry } from './candidate-country';
import { createQuickSearch } from './quick-search';

describe('candidateCountry', () => {
  it("is the organisation's country, else the requested country, else '' (GLO is never a candidate's country)", () => {
    expect(candidateCountry(row({ id: '1', name: 'Acme', countryIsoAlpha3: 'NZL' }), 'AUS')).toBe('NZL');
    expect(candidateCountry(row({ id: '2', name: 'Acme', countryIsoAlpha3: null, key: null }), 'AUS')).toBe('AUS');
    expect(candidateCountry(row({ id: '3', name: 'Acme', countryIsoAlpha3: null, key: null }), 'GLO')).toBe('');
    expect(candidateCountry(row({ id: '4', name: 'Acme', countryIsoAlpha3: 'NZL' }), 'GLO')).toBe('NZL');
  });

  it("a countryless organisation found under GLO gets '', never GLO; under a country, that country", async () => {
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => named([row({ id: 'c', name: 'Acme', countryIsoAlpha3: null, key: null })]) }),
      membership: noMembership,
      logo: noLogo,
      log: silent,
      limit: 10,
    });
    const country = async (countryIsoAlpha3: string) =>
      (await quickSearch.execute({ accountId: 'a', query: 'Acme', countryIsoAlpha3 })).map((c) => c.countryIsoAlpha3);
    expect(await country('GLO')).toEqual(['']);
    expect(await country('AUS')).toEqual(['AUS']);
  });
});
