/**
 * Same-key dedup in the stream (spec: POST /api/organisations/search, rule 7), through the orchestrator.
 */
import { describe, expect, it } from 'vitest';
import { registryCandidate, agentCandidate, abn, fakes, run, keysOf } from './__fixtures__/search-fakes';
import type { SearchOrganisationsIdentifierPatch } from '../../core/candidates';

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

describe('one company, one row (issue 20 section 5, overriding rule 7 where it keeps such rows apart)', () => {
  const acn = (value: string) => ({ type: 'ACN', value });

  it("folds an agent row carrying only the registry row's ABN into that row (fewer identifiers, same company)", async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Riverbend Cellars Pty Ltd', { identifiers: [abn('73434904926'), acn('434904926')] })], error: null },
      agent: [agentCandidate('Riverbend Cellars Pty Ltd', { identifiers: [abn('73 434 904 926')] })],
    });
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|riverbend cellars pty ltd']);
  });

  it("merges a same-company row of another name into the row shown, and the row takes the other key's Existing badge", async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Riverbend Cellars Pty Ltd', { identifiers: [abn('73434904926')] })], error: null },
      agent: [agentCandidate('Riverbend Cellars', { identifiers: [abn('73434904926'), acn('434904926')] })],
      matches: new Map([['AUS|riverbend cellars', { organisationId: 'org-1', owned: true, accountLinked: true }]]),
    });
    const items = await run(search);
    expect(keysOf(items)).toEqual(['candidate:AUS|riverbend cellars pty ltd', 'identifierPatch:AUS|riverbend cellars pty ltd']);
    const patch = items[1] as SearchOrganisationsIdentifierPatch;
    expect(patch.identifiers.map((i) => i.type)).toEqual(['ABN', 'ACN']);
    expect(patch).toMatchObject({ existingOrgId: 'org-1', accountLinked: true });
  });

  it('keeps rows apart when one shared identifier agrees but another registry identifier differs', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556'), acn('824753556')] })], error: null },
      agent: [agentCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556'), acn('004085616')] })],
    });
    expect(keysOf(await run(search))).toHaveLength(2);
  });
});

describe("the account's remembered decisions (issue 20 section 6)", () => {
  const registry = {
    candidates: [
      registryCandidate('Acme Pty Ltd', { identifiers: [abn('51824753556')] }),
      registryCandidate('Acme Holdings Pty Ltd', { identifiers: [abn('53004085616')] }),
    ],
    error: null,
  };
  const matches = new Map([
    ['AUS|acme pty ltd', { organisationId: 'org-acme', owned: false, accountLinked: false }],
    ['AUS|acme holdings pty ltd', { organisationId: 'org-holdings', owned: false, accountLinked: false }],
  ]);
  const candidates = (items: Awaited<ReturnType<typeof run>>) =>
    items.flatMap((i) => (i._type === 'candidate' ? [{ id: i.existingOrgId, match: i.match.match, decision: i.match.matchedOn.decision }] : []));

  it('puts the organisation judged same first as the match', async () => {
    const { search } = fakes({ registry, matches, judgements: [{ organisationId: 'org-holdings', verdict: 'same' }] });
    expect(candidates(await run(search, { mode: 'direct' }))).toEqual([
      { id: 'org-holdings', match: true, decision: 'same' },
      { id: 'org-acme', match: false, decision: undefined },
    ]);
  });

  it('never marks one judged different a match', async () => {
    const { search } = fakes({ registry, matches });
    expect(candidates(await run(search, { mode: 'direct' }))[0]).toEqual({ id: 'org-acme', match: true, decision: undefined });
    const judged = fakes({ registry, matches, judgements: [{ organisationId: 'org-acme', verdict: 'different' }] });
    expect(candidates(await run(judged.search, { mode: 'direct' })).find((c) => c.id === 'org-acme')).toEqual({
      id: 'org-acme',
      match: false,
      decision: 'different',
    });
  });
});
