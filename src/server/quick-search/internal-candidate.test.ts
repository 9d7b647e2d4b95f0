/**
 * Rules 7 and 8 of the internal candidate: a failing membership check leaves every candidate unlinked; the candidate's
 * country is the organisation's, else the country filter, else '' (never GLO).
 */
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../core/errors';
import { lookups, named, noLogo, noMembership, row, silent } from './__fixtures__/quick-search-fakes';
import { candidateCountry } from './internal-candidate';
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

describe('quick search: accountLinked', () => {
  it('a failing membership check logs a warning and leaves every candidate unlinked', async () => {
    const warnings: string[] = [];
    const quickSearch = createQuickSearch({
      lookups: lookups({ byName: async () => named([row({ id: '1', name: 'Acme' })]) }),
      membership: { linkedOrganisationIds: async () => Promise.reject(new UnavailableError('down')) },
      logo: noLogo,
      log: { warn: (_, message) => warnings.push(message) },
      limit: 10,
    });
    const candidates = await quickSearch.execute({ accountId: 'a', query: 'acme', countryIsoAlpha3: 'AUS' });
    expect(candidates.map((c) => c.accountLinked)).toEqual([false]);
    expect(warnings).toHaveLength(1);
  });
});
