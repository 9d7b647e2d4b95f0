/**
 * Preparing a candidate (spec: POST /api/organisations/search, rule 5; Global scope; Website validation),
 * through the orchestrator: the country guard, the key in the candidate's own country, the candidate's fields.
 */
import { describe, expect, it } from 'vitest';
import { registryCandidate, agentCandidate, abn, fakes, run, keysOf } from './__fixtures__/search-fakes';

describe('country guard and GLO (rule 5; Global scope rules 1 to 5)', () => {
  it('outside GLO drops candidates of another country from both channels', async () => {
    const { search } = fakes({
      registry: {
        candidates: [registryCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR' }), registryCandidate('Acme SARL', { countryIsoAlpha3: 'FRA' })],
        error: null,
      },
      agent: [agentCandidate('Acme Widgets Ltd', { countryIsoAlpha3: 'GBR' }), agentCandidate('Acme Pty Ltd', { countryIsoAlpha3: 'AUS' })],
    });
    expect(keysOf(await run(search, { countryIsoAlpha3: 'GBR' }))).toEqual(['candidate:GBR|acme ltd', 'candidate:GBR|acme widgets ltd']);
  });

  it('tells the agent the requested country', async () => {
    const { search, calls } = fakes();
    await run(search, { countryIsoAlpha3: 'NZL', mode: 'agentic' });
    expect(calls.agent[0]).toMatchObject({ query: 'acme', countryIsoAlpha3: 'NZL' });
  });

  it('under GLO keeps every real country, keys each candidate in its own country, and drops GLO, XXX and unmappable ones', async () => {
    const { search, calls } = fakes({
      agent: [
        agentCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR' }),
        agentCandidate('Acme Inc', { countryIsoAlpha3: 'USA' }),
        agentCandidate('Acme Global', { countryIsoAlpha3: 'GLO' }),
        agentCandidate('Acme Nowhere', { countryIsoAlpha3: 'XXX' }),
        agentCandidate('Acme Atlantis', { countryIsoAlpha3: 'Atlantis' }),
      ],
    });
    const items = await run(search, { countryIsoAlpha3: 'GLO', mode: 'agentic' });
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.countryIsoAlpha3] : []))).toEqual([
      ['GBR|acme ltd', 'GBR'],
      ['USA|acme inc', 'USA'],
    ]);
    expect(calls.warnings.filter((w) => w.includes('country unmappable'))).toHaveLength(3);
  });
});

describe('candidate fields', () => {
  it('validates every website: accepted ones are kept with a logo, rejected ones removed', async () => {
    const { search, calls } = fakes({
      agent: [agentCandidate('Acme Pty Ltd', { website: 'https://acme.com.au' }), agentCandidate('Beta Pty Ltd', { website: 'https://wrong.example' })],
    });
    const items = await run(search, { mode: 'agentic' });
    expect(calls.validated).toEqual(['https://acme.com.au', 'https://wrong.example']);
    expect(items).toMatchObject([
      { key: 'AUS|acme pty ltd', website: 'https://acme.com.au', websiteValidated: true, logo: 'https://logo.test/https://acme.com.au' },
      { key: 'AUS|beta pty ltd', website: null, websiteValidated: false, logo: null },
    ]);
  });

  it('shows the national registry score only with devMode on, and never for other channels', async () => {
    const registry = { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')], score: 88 })], error: null };
    const off = await run(fakes({ registry }).search, { mode: 'direct' });
    expect(off[0]).not.toHaveProperty('score');
    const on = await run(fakes({ registry, flags: { hybridSearch: true, devMode: true } }).search, { mode: 'direct' });
    expect(on[0]).toMatchObject({ score: 88 });
    const global = await run(
      fakes({
        registry: { candidates: [registryCandidate('Acme Ltd', { countryIsoAlpha3: 'GBR', score: 70 })], error: null },
        flags: { hybridSearch: true, devMode: true },
      }).search,
      { mode: 'direct', countryIsoAlpha3: 'GBR' },
    );
    expect(global[0]).not.toHaveProperty('score');
  });

  it('emits canonical names and schema-valid items', async () => {
    const { streamItemSchema } = await import('../../core/candidates');
    const { search } = fakes({
      registry: { candidates: [registryCandidate('  acme   pty ltd ', { identifiers: [abn('51824753556')] })], error: { kind: 'timeout', message: 'x' } },
      agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Zeta Pty Ltd', { website: 'https://zeta.com.au' })],
    });
    for (const item of await run(search)) expect(streamItemSchema.safeParse(item).success).toBe(true);
  });
});

describe('the match of each candidate (issue 12, section 2)', () => {
  it("scores each streamed candidate against the query: the registry's matched business name, its identifiers, its country", async () => {
    const registry = {
      candidates: [
        registryCandidate('Smith Family Holdings Pty Ltd', { matchedBusinessName: 'Harbourline', nameKind: 'business' }),
        registryCandidate('Harbour Marine Services Pty Ltd'),
      ],
      error: null,
    };
    const items = await run(fakes({ registry }).search, { query: 'Harbourline', mode: 'direct' });
    const matches = items.flatMap((i) => (i._type === 'candidate' ? [i.match] : []));
    expect(matches[0]).toMatchObject({ match: true, grades: { name: 'same', country: 'same' }, matchedOn: { name: 'Harbourline', nameKind: 'business_name' } });
    expect(matches[1]).toMatchObject({ match: false, grades: { name: 'different' }, matchedOn: { name: null } });
  });

  it('an identifier query matches the candidate carrying that identifier', async () => {
    const registry = { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null };
    const [item] = await run(fakes({ registry }).search, { query: '51 824 753 556', mode: 'direct' });
    expect(item).toMatchObject({
      match: { match: true, grades: { identifier: 'same', name: 'missing' }, matchedOn: { identifier: { type: 'ABN', value: '51824753556' } } },
    });
  });
});
