/**
 * Same-key dedup in the stream (spec: POST /api/organisations/search, rule 7), through the orchestrator.
 */
import { describe, expect, it } from 'vitest';
import { registryCandidate, agentCandidate, abn, fakes, run, keysOf } from './__fixtures__/search-fakes';

describe('same-key dedup in the stream (rule 7)', () => {
  it('keeps registry rows with the same name and different identifiers apart, the later key disambiguated by ACN', async () => {
    const { search } = fakes({
      registry: {
        candidates: [
          registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
          registryCandidate('ACME PTY LIMITED', { identifiers: [abn('53004085616'), { type: 'ACN', value: '004 085 616' }] }),
        ],
        error: null,
      },
    });
    expect(keysOf(await run(search, { mode: 'direct' }))).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme pty ltd|ACN:004085616']);
  });

  it('keeps an agent candidate whose ABN differs from the registry row apart, keyed by its ABN', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd', { identifiers: [abn('53004085616')] })],
    });
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|acme pty ltd', 'candidate:AUS|acme pty ltd|ABN:53004085616']);
  });

  it('patches an identifier-less agent row when a later agent twin brings identifiers', async () => {
    const { search } = fakes({ agent: [agentCandidate('Acme Pty Ltd'), agentCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] })] });
    expect(keysOf(await run(search, { mode: 'agentic' }))).toEqual(['candidate:AUS|acme pty ltd', 'identifierPatch:AUS|acme pty ltd']);
  });
});
