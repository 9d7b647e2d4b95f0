/**
 * The registry channel: registry routing (spec: POST /api/organisations/search, rule 1).
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT, registryCandidate, fakes, run } from './__fixtures__/search-fakes';

describe('registry routing (rule 1)', () => {
  it('AUS goes to the national registry with the preset and sole-traders switch', async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'AUS', abrPreset: 'entity-only', includeSoleTraders: true });
    expect(calls.global).toHaveLength(0);
    expect(calls.national).toMatchObject([{ name: 'acme', preset: 'entity-only', includeSoleTraders: true }]);
  });

  it('defaults the preset to business-name-aware and sole traders to off', async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'AUS' });
    expect(calls.national).toMatchObject([{ preset: 'business-name-aware', includeSoleTraders: false }]);
  });

  it.each(['GBR', 'NZL', 'USA'])('%s goes to the aggregator with its country code', async (country) => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: country });
    expect(calls.national).toHaveLength(0);
    expect(calls.global).toMatchObject([{ name: 'acme', countryCode: country }]);
  });

  it("passes the caller's account to the aggregator (its name searches are cached per account)", async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'GBR' });
    expect(calls.global).toMatchObject([{ accountId: ACCOUNT.accountId }]);
  });

  it('GLO goes to the aggregator with no country code; the national registry and its website enrichment are never used', async () => {
    let enriched = 0;
    const { search, calls } = fakes({
      enrich: async (c) => {
        enriched += 1;
        return c;
      },
      registry: { candidates: [registryCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR' })], error: null },
    });
    await run(search, { countryIsoAlpha3: 'GLO', includeSoleTraders: true, abrPreset: 'with-business-names' });
    expect(calls.national).toHaveLength(0);
    expect(calls.global).toHaveLength(1);
    expect(calls.global[0]?.countryCode).toBeUndefined();
    expect(calls.agent[0]?.countryIsoAlpha3).toBe('GLO');
    expect(enriched).toBe(0);
  });

});
