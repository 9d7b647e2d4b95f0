/**
 * registryLead (spec: POST /api/organisations/search, rule 2), through the orchestrator.
 */
import { describe, expect, it } from 'vitest';
import type { StreamItem } from '../../core/candidates';
import type { InternalMatch } from './ports';
import { ACCOUNT, registryCandidate, agentCandidate, abn, fakes, collect, run, keysOf } from './__fixtures__/search-fakes';

describe('registry lead (rule 2)', () => {
  it('a registry answering within the lead streams first and wins the key; the identifier-less agent twin folds onto it', async () => {
    const { search } = fakes({
      leadMs: 300,
      registryDelayMs: 60,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('ACME PTY. LTD.'), agentCandidate('Acme Services Pty Ltd')],
      agentDelayMs: 5,
    });
    const items = await run(search);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme services pty ltd']);
    expect(items[0]).toMatchObject({ source: 'registry_au', identifiers: [abn('51824753556')] });
  });

  it('after the lead the agent streams at once; the late registry is folded in as identifierPatch items, and a new registry row streams as a candidate', async () => {
    const { search } = fakes({
      leadMs: 40,
      registryDelayMs: 250,
      registry: {
        candidates: [
          registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
          registryCandidate('Acme Holdings Pty Ltd', { identifiers: [abn('53004085616')] }),
        ],
        error: null,
      },
      agent: [agentCandidate('Acme Pty Ltd')],
      agentDelayMs: 0,
    });
    const items = await collect(search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal));
    expect(keysOf(items.map((i) => i.item))).toEqual(['candidate:AUS|acme pty ltd', 'identifierPatch:AUS|acme pty ltd', 'candidate:AUS|acme holdings pty ltd']);
    // Streamed before the registry answered: the agent's row came first, and the registry's row reached it as a patch.
    expect(items[0]?.item).toMatchObject({ source: 'agent', identifiers: [] });
    // The patch names the reference of the row it upgrades (a selection of it now writes these identifiers).
    const first = items[0]?.item;
    expect(items[1]?.item).toEqual({
      _type: 'identifierPatch',
      key: 'AUS|acme pty ltd',
      ref: first?._type === 'candidate' ? first.ref : 'no candidate first',
      identifiers: [abn('51824753556')],
      existingOrgId: null,
      accountLinked: false,
    });
  });

  it('a late patch carries existingOrgId and accountLinked recomputed for the key, which can flip a new row to existing', async () => {
    const matches = new Map<string, InternalMatch>();
    const { search } = fakes({
      leadMs: 20,
      registryDelayMs: 150,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd')],
      matches,
      members: new Set(['org-1']),
    });
    const items: StreamItem[] = [];
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal)) {
      items.push(item);
      // The organisation appears internally after the agent row was rendered (e.g. created meanwhile).
      matches.set('AUS|acme pty ltd', { organisationId: 'org-1', owned: false, accountLinked: false });
    }
    expect(items[0]).toMatchObject({ _type: 'candidate', existingOrgId: null, accountLinked: false });
    expect(items[1]).toMatchObject({ _type: 'identifierPatch', existingOrgId: 'org-1', accountLinked: true });
  });

  it('a late registry row identical to what is on screen produces nothing', async () => {
    const { search } = fakes({
      leadMs: 10,
      registryDelayMs: 80,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd', { identifiers: [abn('51 824 753 556')] })],
    });
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|acme pty ltd']);
  });

  it('holds agent candidates found before the lead expires and releases them when it does', async () => {
    // The registry would answer after a minute: the first item arriving well before shows the lead released it.
    const { search } = fakes({ leadMs: 60, registryDelayMs: 60_000, agent: [agentCandidate('Acme Pty Ltd')], agentDelayMs: 0 });
    const started = performance.now();
    let first: { item: StreamItem; at: number } | undefined;
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal)) {
      first = { item, at: performance.now() - started };
      break;
    }
    expect(first?.item).toMatchObject({ _type: 'candidate', source: 'agent' });
    expect(first?.at).toBeGreaterThanOrEqual(55);
    expect(first?.at).toBeLessThan(10_000); // generous for a loaded machine; the registry's minute is what it rules out
  });

  it('bounds registry website enrichment by the lead window and keeps its validated websites', async () => {
    const seen: { topK: number; deadline: number }[] = [];
    const { search, calls } = fakes({
      leadMs: 5000,
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      enrich: async (candidates, { topK, deadline }) => {
        seen.push({ topK, deadline });
        return candidates.map((c) => ({ ...c, website: 'https://acme.com.au', websiteValidated: true }));
      },
    });
    const before = Date.now();
    const items = await run(search, { websiteTopK: 3 });
    expect(seen[0]?.topK).toBe(3);
    expect(seen[0]?.deadline).toBeGreaterThanOrEqual(before + 5000);
    expect(seen[0]?.deadline).toBeLessThanOrEqual(Date.now() + 5000);
    expect(items[0]).toMatchObject({ website: 'https://acme.com.au', websiteValidated: true, logo: 'https://logo.test/https://acme.com.au' });
    expect(calls.validated).toEqual([]); // already validated by the enrichment
  });
});
