/**
 * The search stream orchestrator by its modes (spec: POST /api/organisations/search, Modes) and its abort.
 */
import { describe, expect, it } from 'vitest';
import type { RegistryResult } from './ports';
import { createSearchOrganisations } from './search-organisations';
import { ACCOUNT, registryCandidate, agentCandidate, abn, fakes, run, keysOf } from './__fixtures__/search-fakes';

describe('modes (spec: Modes)', () => {
  const registry = { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null };
  const agent = [agentCandidate('Acme Web Pty Ltd')];

  it('agentic: the agent only, no registry call', async () => {
    const { search, calls } = fakes({ registry, agent });
    const items = await run(search, { mode: 'agentic', abrPreset: 'with-business-names', includeSoleTraders: true });
    expect(calls.national).toHaveLength(0);
    expect(calls.global).toHaveLength(0);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme web pty ltd']);
  });

  it('auto: registry and agent concurrently', async () => {
    const { search, calls } = fakes({ registry, agent });
    const items = await run(search, { mode: 'auto' });
    expect(calls.national).toHaveLength(1);
    expect(calls.agent).toHaveLength(1);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme web pty ltd']);
  });

  it('auto is the default mode', async () => {
    const { search, calls } = fakes({ registry, agent });
    await run(search);
    expect([calls.national.length, calls.agent.length]).toEqual([1, 1]);
  });

  it('direct: the registry only, no AI', async () => {
    const { search, calls } = fakes({ registry, agent });
    const items = await run(search, { mode: 'direct' });
    expect(calls.agent).toHaveLength(0);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme pty ltd']);
  });

  it.each(['auto', 'direct'] as const)('%s is downgraded to agentic when hybridSearch is off', async (mode) => {
    const { search, calls } = fakes({ registry, agent, flags: { hybridSearch: false } });
    const items = await run(search, { mode });
    expect(calls.national).toHaveLength(0);
    expect(calls.agent).toHaveLength(1);
    expect(keysOf(items)).toEqual(['candidate:AUS|acme web pty ltd']);
  });

  it('direct with a degraded registry fails the whole stream: one channel-degraded line, partial candidates discarded', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Acme Pty Ltd')], error: { kind: 'http', status: 500, message: 'boom' } },
    });
    expect(await run(search, { mode: 'direct' })).toEqual([{ _type: 'channel-degraded', channel: 'registry' }]);
  });
});

describe('abort', () => {
  it('stops every port and ends the stream when the signal aborts', async () => {
    const controller = new AbortController();
    // Every port would take a minute: ending well before proves the abort ended it (a generous bound for a loaded machine).
    const { search, calls } = fakes({
      registryDelayMs: 60_000,
      agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Beta Pty Ltd')],
      agentDelayMs: 60_000,
      leadMs: 60_000,
    });
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    const items = await run(search, {}, controller.signal);
    expect(items).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(calls.national[0]?.signal?.aborted).toBe(true);
    expect(calls.agent[0]?.signal.aborted).toBe(true);
  });

  it('ends at the abort even when a port ignores its signal', async () => {
    const controller = new AbortController();
    const { deps } = fakes({ agent: [agentCandidate('Acme Pty Ltd')] });
    const search = createSearchOrganisations({ ...deps, nationalRegistry: { searchByName: () => new Promise<RegistryResult>(() => undefined) } });
    setTimeout(() => controller.abort(), 30);
    const started = performance.now();
    await run(search, { mode: 'direct' }, controller.signal);
    // The registry never answers: only the abort can end the stream (a generous bound for a loaded machine).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a consumer that stops reading aborts the ports too', async () => {
    const { search, calls } = fakes({
      registryDelayMs: 5000,
      agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Beta Pty Ltd')],
      agentDelayMs: 10,
      leadMs: 0,
    });
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, ACCOUNT, new AbortController().signal)) {
      expect(item._type).toBe('candidate');
      break;
    }
    expect(calls.national[0]?.signal?.aborted).toBe(true);
    expect(calls.agent[0]?.signal.aborted).toBe(true);
  });
});
