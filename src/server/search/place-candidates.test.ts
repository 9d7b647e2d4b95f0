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

  it('folds a later row of a key already merged into a shown row into that row (rule 7 against it), not a second row', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Murray River Wines Limited', { identifiers: [abn('67439249313'), acn('439249313')] })], error: null },
      // The first names the company by its trading name and ABN (merged into the register's row); the second by its
      // trading name alone.
      agent: [agentCandidate('Riverbend Cellars', { identifiers: [abn('67439249313')] }), agentCandidate('Riverbend Cellars')],
    });
    // The first brings nothing the row lacks (no identifier, no internal match): no patch either.
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|murray river wines ltd']);
  });

  it('writes no patch that says again what the row said: a same-company row of another key bringing nothing', async () => {
    const { search } = fakes({
      registry: { candidates: [registryCandidate('Koala Logistics Pty Ltd', { identifiers: [abn('73434904926'), acn('434904926')] })], error: null },
      agent: [agentCandidate('Koala Express Freight', { identifiers: [abn('73 434 904 926')] })],
    });
    expect(keysOf(await run(search))).toEqual(['candidate:AUS|koala logistics pty ltd']);
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

  it('writes an organisation judged same once: its register row arriving after the internal row is not written again', async () => {
    const { search } = fakes({
      registry,
      registryDelayMs: 60,
      leadMs: 10,
      agent: [agentCandidate('Zenith Widgets Pty Ltd')],
      matches,
      judgements: [{ organisationId: 'org-holdings', verdict: 'same' }],
      organisations: [{ id: 'org-holdings', name: 'Acme Holdings Pty Ltd', key: 'AUS|acme holdings pty ltd' }],
    });
    const items = await run(search);
    expect(keysOf(items)).toEqual(['internal:AUS|acme holdings pty ltd', 'candidate:AUS|zenith widgets pty ltd', 'candidate:AUS|acme pty ltd']);
    expect(items.filter((i) => (i._type === 'candidate' || i._type === 'internal') && i.match.match)).toHaveLength(1);
  });

  it("folds an agent row carrying the judged organisation's stored ABN into its internal row, whatever its name", async () => {
    const { search } = fakes({
      agent: [agentCandidate('Acme Trading', { identifiers: [abn('53 004 085 616')] })],
      judgements: [{ organisationId: 'org-holdings', verdict: 'same' }],
      organisations: [{ id: 'org-holdings', name: 'Acme Holdings Pty Ltd', key: 'AUS|acme holdings pty ltd', identifiers: [abn('53004085616')] }],
    });
    expect(keysOf(await run(search, { mode: 'agentic' }))).toEqual(['internal:AUS|acme holdings pty ltd']);
  });

  it('never writes a second match: a row judged same after a match was shown keeps its decision, not the match', async () => {
    // Without the organisations by id, the judged one cannot be offered in the first batch; it comes with the register.
    const { search } = fakes({
      registry,
      registryDelayMs: 60,
      leadMs: 10,
      agent: [agentCandidate('Acme')],
      matches,
      judgements: [{ organisationId: 'org-holdings', verdict: 'same' }],
    });
    const rows = (await run(search)).flatMap((i) => (i._type === 'candidate' ? [[i.key, i.match.match, i.match.matchedOn.decision ?? null]] : []));
    expect(rows).toEqual([
      ['AUS|acme', true, null],
      ['AUS|acme holdings pty ltd', false, 'same'],
      ['AUS|acme pty ltd', false, null],
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
