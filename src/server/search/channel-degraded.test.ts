/**
 * channelDegraded (spec: POST /api/organisations/search, rule 6), through the orchestrator.
 */
import { describe, expect, it } from 'vitest';
import type { StreamItem } from '../../core/candidates';
import { createSearchOrganisations } from './search-organisations';
import { ACCOUNT, agentCandidate, fakes, run, keysOf } from './__fixtures__/search-fakes';

describe('channel-degraded (rule 6)', () => {
  it.each([
    ['an HTTP error', { kind: 'http', status: 503, message: 'x' }],
    ['a timeout', { kind: 'timeout', message: 'x' }],
    ['missing configuration', { kind: 'configuration', message: 'x' }],
  ] as const)('is emitted on %s, and the agent still streams', async (_label, error) => {
    const { search } = fakes({ registry: { candidates: [], error }, agent: [agentCandidate('Acme Pty Ltd')] });
    expect(keysOf(await run(search))).toEqual(['channel-degraded', 'candidate:AUS|acme pty ltd']);
  });

  it('is not emitted on a clean zero-result search', async () => {
    const { search } = fakes({ registry: { candidates: [], error: null } });
    expect(await run(search)).toEqual([]);
  });

  it('is not emitted when the registry reports our own abort', async () => {
    const controller = new AbortController();
    const { search } = fakes({ registryDelayMs: 500, agent: [agentCandidate('Acme Pty Ltd')] });
    setTimeout(() => controller.abort(), 10);
    const items: StreamItem[] = [];
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS', mode: 'direct' }, ACCOUNT, controller.signal)) items.push(item);
    expect(items).toEqual([]);
  });

  it('a throwing repository counts as a genuine failure', async () => {
    const { deps } = fakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const search = createSearchOrganisations({ ...deps, nationalRegistry: { searchByName: () => Promise.reject(new Error('socket hang up')) } });
    expect(keysOf(await run(search))).toEqual(['channel-degraded', 'candidate:AUS|acme pty ltd']);
  });

  it('execute() reports the degraded registry', async () => {
    const { search } = fakes({ registry: { candidates: [], error: { kind: 'network', message: 'x' } } });
    const result = await search.execute({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal);
    expect(result).toEqual({ candidates: [], registryDegraded: true });
  });
});
