/**
 * Decisions remembered (issue 20, section 6) through the routes a user takes: the confirm header's "No", a batch
 * review's pick and `POST /api/decisions` become judgements about the query's text (normalised) and country; a later
 * quick lookup, batch or reconciliation ranks an organisation judged `same` first as the match
 * (`matchedOn.decision: 'same'`) and never marks one judged `different` a match. `GET /api/decisions` lists them and
 * `DELETE /api/decisions/{id}` undoes one; another account never sees, undoes or is affected by them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listDecisions, POST as postDecision } from '../../src/app/api/decisions/route';
import { DELETE as deleteDecision } from '../../src/app/api/decisions/[id]/route';
import { POST as quickSearch } from '../../src/app/api/organisations/quick-search/route';
import { POST as uploadBatch } from '../../src/app/api/match/batches/route';
import { GET as batchRows } from '../../src/app/api/match/batches/[id]/rows/route';
import { POST as reviewRow } from '../../src/app/api/match/batches/[id]/rows/[row]/review/route';
import { runRejectSelectionAction } from '../../src/app/actions/reject-selection';
import { runUndoDecisionAction } from '../../src/app/actions/undo-decision';
import { internalQuickSearchCandidateSchema, type InternalQuickSearchCandidate } from '../../src/core/candidates';
import { matchDecisionSchema, type MatchDecision } from '../../src/core/match-decision';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { postForm, serveReconciliation, type ReconciliationServer } from './reconciliation-support';

type Account = Awaited<ReturnType<typeof makeAccount>>;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let ctx: TestContext;
let analyst: Account;
let other: Account;
let server: ReconciliationServer;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContainer();
  analyst = await makeAccount(ctx.database.db);
  other = await makeAccount(ctx.database.db);
  ids.vantorAus = (await makeOrganisation(ctx.database.db, { name: 'Vantor Shipping Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
  ids.vantorFinance = (await makeOrganisation(ctx.database.db, { name: 'Vantor Shipping Finance Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
  ids.harbour = (await makeOrganisation(ctx.database.db, { name: 'Quillmere Harbour Services Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
  ids.brellanAus = (await makeOrganisation(ctx.database.db, { name: 'Brellan Timber', countryIsoAlpha3: 'AUS' })).id;
  ids.brellanNzl = (await makeOrganisation(ctx.database.db, { name: 'Brellan Timber', countryIsoAlpha3: 'NZL' })).id;
  ids.ostrava = (await makeOrganisation(ctx.database.db, { name: 'Ostravel Dairies Pty Ltd', countryIsoAlpha3: 'AUS' })).id;
  ids.othersPrivate = (
    await makeOrganisation(ctx.database.db, { name: 'Private Vantor Shipping Pty Ltd', countryIsoAlpha3: 'AUS' }, { ownerAccountId: other.id })
  ).id;
  server = await serveReconciliation();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

async function call(handler: Handler, path: string, options: { method?: string; body?: unknown; params?: Record<string, string>; as?: Account } = {}) {
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers: { authorization: (options.as ?? analyst).authorization, 'content-type': 'application/json' },
  };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  const response = await handler(new Request(`http://localhost${path}`, init), { params: Promise.resolve(options.params ?? {}) });
  return { status: response.status, json: (await response.json()) as unknown };
}

async function lookup(query: string, countryIsoAlpha3: string, as: Account = analyst): Promise<InternalQuickSearchCandidate[]> {
  const { status, json } = await call((r) => quickSearch(r), '/api/organisations/quick-search', { method: 'POST', body: { query, countryIsoAlpha3 }, as });
  expect(status).toBe(200);
  return (json as { candidates: unknown[] }).candidates.map((c) => internalQuickSearchCandidateSchema.strict().parse(c));
}

async function decide(body: Record<string, unknown>, as: Account = analyst) {
  return call((r) => postDecision(r), '/api/decisions', { method: 'POST', body, as });
}

async function decisionsOf(as: Account): Promise<MatchDecision[]> {
  const { status, json } = await call((r) => listDecisions(r), '/api/decisions', { as });
  expect(status).toBe(200);
  return (json as { data: unknown[] }).data.map((d) => matchDecisionSchema.parse(d));
}

async function undo(id: string, as: Account = analyst) {
  return call(deleteDecision, `/api/decisions/${id}`, { method: 'DELETE', params: { id }, as });
}

const matched = (candidates: InternalQuickSearchCandidate[]) => candidates.filter((c) => c.match.match).map((c) => c.existingOrgId);

describe('the confirm header\'s "No"', () => {
  it('is remembered: the same lookup (any spelling of the same name) never marks the organisation a match again', async () => {
    expect(matched(await lookup('Vantor Shipping', 'GLO'))).toEqual([ids.vantorAus]);
    const deps = { account: async () => ({ accountId: analyst.id, userId: null, via: 'session' as const }), container: ctx.container, refreshPath: () => {} };
    const outcome = await runRejectSelectionAction({ organisationId: ids.vantorAus, query: 'Vantor Shipping', country: 'GLO' }, deps);
    expect(outcome).toEqual({ ok: true, data: { organisationId: ids.vantorAus } });

    const again = await lookup('VANTOR SHIPPING PTY. LTD.', 'GLO');
    const rejected = again.find((c) => c.existingOrgId === ids.vantorAus);
    expect(rejected?.match).toMatchObject({ match: false, matchedOn: { decision: 'different' } });
    expect(matched(again)).not.toContain(ids.vantorAus);
    const listed = (await decisionsOf(analyst)).find((d) => d.organisationId === ids.vantorAus);
    expect(listed).toMatchObject({
      query: 'Vantor Shipping',
      countryIsoAlpha3: null,
      verdict: 'different',
      source: 'confirm_header',
      organisationName: 'Vantor Shipping Pty Ltd',
    });
  });

  it('does not affect another account, which cannot see or undo the decision', async () => {
    expect(matched(await lookup('Vantor Shipping', 'GLO', other))).toContain(ids.vantorAus);
    const mine = (await decisionsOf(analyst)).find((d) => d.organisationId === ids.vantorAus);
    expect(mine).toBeDefined();
    expect(await decisionsOf(other)).toEqual([]);
    expect(await undo(mine?.id ?? '', other)).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect((await decisionsOf(analyst)).map((d) => d.id)).toContain(mine?.id);
  });
});

describe('POST /api/decisions', () => {
  it('puts an organisation judged same first as the match, even one the text does not find, in that country only', async () => {
    expect((await lookup('Ostravel Milk Co', 'AUS')).map((c) => c.existingOrgId)).not.toContain(ids.harbour);
    const { status, json } = await decide({ query: 'Ostravel Milk Co', countryIsoAlpha3: 'AUS', organisationId: ids.harbour, verdict: 'same' });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      data: { query: 'Ostravel Milk Co', countryIsoAlpha3: 'AUS', verdict: 'same', source: 'api', organisationName: 'Quillmere Harbour Services Pty Ltd' },
    });

    const found = await lookup('ostravel milk company', 'AUS');
    expect(found[0]).toMatchObject({ existingOrgId: ids.harbour, match: { match: true, matchedOn: { decision: 'same' } } });
    expect(matched(found)).toEqual([ids.harbour]);
    // Another country (or none) is another query.
    expect((await lookup('Ostravel Milk Co', 'GLO')).map((c) => c.existingOrgId)).not.toContain(ids.harbour);
  });

  it('takes a namesake that cannot be told apart as the match, and a later decision replaces the earlier one', async () => {
    expect(matched(await lookup('Brellan Timber', 'GLO'))).toEqual([]);
    const first = await decide({ query: 'Brellan Timber', countryIsoAlpha3: null, organisationId: ids.brellanNzl, verdict: 'same' });
    expect(matched(await lookup('Brellan Timber', 'GLO'))).toEqual([ids.brellanNzl]);
    const second = await decide({ query: 'brellan timber', organisationId: ids.brellanNzl, verdict: 'different', countryIsoAlpha3: 'GLO' });
    expect((second.json as { data: MatchDecision }).data.id).toBe((first.json as { data: MatchDecision }).data.id);
    expect((await decisionsOf(analyst)).filter((d) => d.organisationId === ids.brellanNzl).map((d) => d.verdict)).toEqual(['different']);
    const found = await lookup('Brellan Timber', 'GLO');
    expect(found.find((c) => c.existingOrgId === ids.brellanNzl)?.match).toMatchObject({ match: false, matchedOn: { decision: 'different' } });
  });

  it('undo restores the lookup as it was', async () => {
    expect((await lookup('Ostravel Milk Co', 'AUS'))[0]?.existingOrgId).toBe(ids.harbour);
    const decision = (await decisionsOf(analyst)).find((d) => d.organisationId === ids.harbour);
    expect(await undo(decision?.id ?? '')).toEqual({ status: 200, json: { data: { id: decision?.id } } });
    expect((await lookup('Ostravel Milk Co', 'AUS')).map((c) => c.existingOrgId)).not.toContain(ids.harbour);
    expect(await undo(decision?.id ?? '')).toMatchObject({ status: 404, json: { code: 'not_found' } });
  });

  it('refuses an organisation the account cannot see (404) and bad input (400) in the error shape', async () => {
    expect(await decide({ query: 'Vantor', organisationId: ids.othersPrivate, verdict: 'same' })).toMatchObject({ status: 404, json: { code: 'not_found' } });
    expect(await decide({ query: 'Vantor', organisationId: '00000000-0000-4000-8000-000000000009', verdict: 'same' })).toMatchObject({ status: 404 });
    const invalid = await decide({ query: '', organisationId: 'nope', verdict: 'maybe' });
    expect(invalid).toMatchObject({ status: 400, json: { code: 'validation_failed' } });
    expect((invalid.json as { issues: { field: string }[] }).issues.map((i) => i.field).sort()).toEqual(['organisationId', 'query', 'verdict']);
    expect(await decide({ query: '!? -', organisationId: ids.harbour, verdict: 'same' })).toMatchObject({ status: 400 });
    expect(await undo('not-an-id')).toMatchObject({ status: 400 });
  });
});

describe('a batch review', () => {
  async function runBatch(csv: string): Promise<string> {
    const created = await call((r) => uploadBatch(r), '/api/match/batches', {
      method: 'POST',
      body: { fileName: 'suppliers.csv', csv, columns: { name: 'Supplier' } },
    });
    expect(created.status).toBe(202);
    const batchId = (created.json as { data: { batchId: string } }).data.batchId;
    await ctx.container.matchBatches.run({ batchId, accountId: analyst.id });
    return batchId;
  }
  type Row = { rowIndex: number; decision: string; result: { best: { organisationId: string; match: { matchedOn: { decision?: string } } } | null } };
  async function rowsOf(batchId: string): Promise<Row[]> {
    return ((await call(batchRows, `/api/match/batches/${batchId}/rows`, { params: { id: batchId } })).json as { data: Row[] }).data;
  }

  it('"Use the selected one" makes the next batch with the same text decide it; "Not in the list" never matches them again', async () => {
    const first = await runBatch('Supplier\nBrellan Timber Ltd\nOstravel Dairies\n');
    const [brellan, ostravel] = await rowsOf(first);
    expect(brellan?.decision).toBe('review');
    expect(ostravel?.decision).toBe('match');
    const pick = { action: 'pick', organisationId: ids.brellanAus };
    expect((await call(reviewRow, `/x`, { method: 'POST', body: pick, params: { id: first, row: '0' } })).status).toBe(200);
    expect((await call(reviewRow, `/x`, { method: 'POST', body: { action: 'not_in_list' }, params: { id: first, row: '1' } })).status).toBe(200);

    const [brellanAgain, ostravelAgain] = await rowsOf(await runBatch('Supplier\nBRELLAN TIMBER\nOstravel Dairies Pty Ltd\n'));
    expect(brellanAgain).toMatchObject({ decision: 'match', result: { best: { organisationId: ids.brellanAus, match: { matchedOn: { decision: 'same' } } } } });
    expect(ostravelAgain?.decision).not.toBe('match');
    expect(ostravelAgain?.result.best?.match.matchedOn.decision).toBe('different');
    const listed = await decisionsOf(analyst);
    expect(listed.filter((d) => d.source === 'batch_review').map((d) => [d.organisationId, d.verdict])).toEqual(
      expect.arrayContaining([
        [ids.brellanAus, 'same'],
        [ids.ostrava, 'different'],
      ]),
    );
  });
});

describe('reconciliation', () => {
  it('never auto-matches an organisation judged different for the query', async () => {
    const reconcile = async (query: string) => {
      const response = await postForm(server.baseUrl, { queries: JSON.stringify({ q0: { query } }) }, analyst.authorization);
      expect(response.status).toBe(200);
      return ((await response.json()) as { q0: { result: { id: string; match: boolean }[] } }).q0.result;
    };
    expect((await reconcile('Vantor Shipping Finance')).filter((c) => c.match).map((c) => c.id)).toEqual([ids.vantorFinance]);
    await decide({ query: 'Vantor Shipping Finance', organisationId: ids.vantorFinance, verdict: 'different' });
    expect((await reconcile('Vantor Shipping Finance')).filter((c) => c.match)).toEqual([]);
  });
});

describe("the decisions page's Undo (server action)", () => {
  const deps = (account: Account, refreshed: string[] = []) => ({
    account: async () => ({ accountId: account.id, userId: null, via: 'session' as const }),
    container: ctx.container,
    refreshPath: (path: string) => void refreshed.push(path),
  });

  it("undoes the account's own decision and refreshes the page; another account's is not found", async () => {
    const decision = (await decisionsOf(analyst)).find((d) => d.organisationId === ids.vantorAus);
    const decisionId = decision?.id ?? '';
    expect(await runUndoDecisionAction({ decisionId }, deps(other))).toMatchObject({ ok: false, error: { name: 'NotFoundError' } });
    const refreshed: string[] = [];
    expect(await runUndoDecisionAction({ decisionId }, deps(analyst, refreshed))).toEqual({ ok: true, data: { id: decisionId } });
    expect(refreshed).toEqual(['/decisions']);
    expect(matched(await lookup('Vantor Shipping', 'GLO'))).toEqual([ids.vantorAus]);
    expect(await runUndoDecisionAction({ decisionId: 'x' }, deps(analyst))).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
  });
});
