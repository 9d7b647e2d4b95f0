/**
 * Keys, internal matches and accountLinked (spec: POST /api/organisations/search, rules 3 and 4), through
 * the orchestrator: internal-match-lookup.ts and place-candidates.ts.
 */
import { describe, expect, it } from 'vitest';
import type { InternalMatch } from './ports';
import { createSearchOrganisations } from './search-organisations';
import { ACCOUNT, wait, registryCandidate, agentCandidate, abn, type FakeOptions, fakes, run } from './__fixtures__/search-fakes';

describe('keys, internal matches and accountLinked (rules 3 and 4)', () => {
  const matches = new Map<string, InternalMatch>([
    ['AUS|acme pty ltd', { organisationId: 'org-owned', owned: true, accountLinked: true }],
    ['AUS|beta pty ltd', { organisationId: 'org-member', owned: false, accountLinked: false }],
    ['AUS|gamma pty ltd', { organisationId: 'org-global', owned: false, accountLinked: false }],
  ]);
  const options: FakeOptions = {
    matches,
    members: new Set(['org-member']),
    registry: {
      candidates: [
        registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
        registryCandidate('Beta Pty Ltd', { identifiers: [abn('53004085616')] }),
      ],
      error: null,
    },
    agent: [agentCandidate('Gamma Pty Ltd'), agentCandidate('Delta Pty Ltd')],
  };

  it('sets existingOrgId from the internal row sharing the key; source stays the discovering channel', async () => {
    const { search } = fakes(options);
    const items = await run(search);
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.source, i.existingOrgId, i.accountLinked] : i._type))).toEqual([
      ['AUS|acme pty ltd', 'registry_au', 'org-owned', true],
      ['AUS|beta pty ltd', 'registry_au', 'org-member', true],
      ['AUS|gamma pty ltd', 'agent', 'org-global', false],
      ['AUS|delta pty ltd', 'agent', null, false],
    ]);
  });

  it('resolves accountLinked per candidate while streaming, and execute() resolves it once in a batch with the same answers', async () => {
    const streaming = fakes(options);
    const streamed = (await run(streaming.search)).flatMap((i) => (i._type === 'candidate' ? [[i.key, i.accountLinked]] : []));
    expect(streaming.calls.byKeys.every((c) => c.membership === 'resolve')).toBe(true);

    const batch = fakes(options);
    const result = await batch.search.execute({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal);
    expect(batch.calls.byKeys.every((c) => c.membership === 'skip')).toBe(true);
    expect(batch.calls.linked).toEqual([['org-member', 'org-global']]); // one batch; owned rows need no lookup
    expect(result.candidates.map((c) => [c.key, c.accountLinked])).toEqual(streamed);
    expect(result.registryDegraded).toBe(false);
  });

  it('execute() applies late patches to the collected candidates', async () => {
    const { search } = fakes({
      leadMs: 10,
      registryDelayMs: 60,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd')],
    });
    const result = await search.execute({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal);
    expect(result.candidates).toHaveLength(1);
    expect(result.candidates[0]).toMatchObject({ source: 'agent', identifiers: [abn('51824753556')] });
  });

  it('looks up the internal matches of registry candidates as soon as the registry answers, while website enrichment still runs', async () => {
    let lookedUpDuringEnrichment: string[][] = [];
    const { search, calls } = fakes({
      ...options,
      agent: [],
      enrich: async (candidates) => {
        await wait(30);
        lookedUpDuringEnrichment = calls.byKeys.map((c) => c.keys);
        return candidates;
      },
    });
    const items = await run(search);
    expect(lookedUpDuringEnrichment).toEqual([['AUS|acme pty ltd', 'AUS|beta pty ltd']]);
    expect(calls.byKeys).toHaveLength(1); // the candidates' writes reuse that one lookup
    expect(items.map((i) => (i._type === 'candidate' ? [i.key, i.existingOrgId, i.accountLinked] : i._type))).toEqual([
      ['AUS|acme pty ltd', 'org-owned', true],
      ['AUS|beta pty ltd', 'org-member', true],
    ]);
  });

  it("looks up an agent candidate's internal match when it arrives, before its website is validated", async () => {
    const order: string[] = [];
    const { deps } = fakes({ ...options, agent: [agentCandidate('Gamma Pty Ltd', { website: 'https://gamma.com.au' })] });
    const search = createSearchOrganisations({
      ...deps,
      websiteValidator: {
        async validate() {
          order.push('validate');
          await wait(20);
          return { accepted: true, tier: 1, score: 0.9, reason: 'fake' };
        },
      },
      internalMatches: {
        ...deps.internalMatches,
        byKeys: async (params) => {
          order.push(`byKeys:${params.keys.join(',')}`);
          return deps.internalMatches.byKeys(params);
        },
      },
    });
    const items = await run(search, { mode: 'agentic' });
    expect(order).toEqual(['byKeys:AUS|gamma pty ltd', 'validate']);
    expect(items).toMatchObject([{ key: 'AUS|gamma pty ltd', existingOrgId: 'org-global', websiteValidated: true }]);
  });

  it('reads the agent on only once the internal lookup of its last candidate has answered', async () => {
    const order: string[] = [];
    const { deps } = fakes(options);
    const search = createSearchOrganisations({
      ...deps,
      agent: {
        async *discover() {
          for (const name of ['Gamma Pty Ltd', 'Delta Pty Ltd']) {
            order.push(`agent yields ${name}`);
            yield agentCandidate(name);
          }
          order.push('agent done');
        },
      },
      internalMatches: {
        ...deps.internalMatches,
        byKeys: async (params) => {
          await wait(30);
          order.push(`lookup answered ${params.keys.join(',')}`);
          return deps.internalMatches.byKeys(params);
        },
      },
    });
    const items = await run(search, { mode: 'agentic' });
    expect(order).toEqual([
      'agent yields Gamma Pty Ltd',
      'lookup answered AUS|gamma pty ltd',
      'agent yields Delta Pty Ltd',
      'lookup answered AUS|delta pty ltd',
      'agent done',
    ]);
    expect(items.map((i) => (i._type === 'candidate' ? i.existingOrgId : null))).toEqual(['org-global', null]);
  });

  it('an internal lookup failure streams candidates as new instead of failing the search', async () => {
    const { deps } = fakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const search = createSearchOrganisations({
      ...deps,
      internalMatches: { ...deps.internalMatches, byKeys: async () => Promise.reject(new Error('database down')) },
    });
    expect(await run(search, { mode: 'agentic' })).toMatchObject([{ key: 'AUS|acme pty ltd', existingOrgId: null, accountLinked: false }]);
  });
});
