/** Rule 7 (account-linked.ts) through the use case: a failing membership check leaves every candidate unlinked. */
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '../../core/errors';
import { lookups, named, noLogo, row } from './__fixtures__/quick-search-fakes';
import { createQuickSearch } from './quick-search';

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
