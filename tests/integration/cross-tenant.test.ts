/**
 * Cross-tenant isolation over every route that takes an organisation or searches: another account must observe
 * no difference between an organisation private to account A and one that does not exist (same status, same
 * body once the id is masked), must not change A's organisation, and must not see A's data through a global
 * organisation (figures, counts) or through search (quick lookup by name, identifier or website).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as figures } from '../../src/app/(main)/organisations/[id]/figures/route';
import { GET as flagCounts } from '../../src/app/(main)/organisations/flag-counts/route';
import { GET as sidebarRecord } from '../../src/app/api/identify/sidebar/[organisationId]/organisation/route';
import { POST as enrich } from '../../src/app/api/organisations/[id]/enrich/route';
import { POST as addNaics } from '../../src/app/api/organisations/[id]/naics/route';
import { GET as profile } from '../../src/app/api/organisations/[id]/route';
import { POST as quickSearch } from '../../src/app/api/organisations/quick-search/route';
import { POST as select } from '../../src/app/api/organisations/select/route';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { importTransactions } from '../../src/adapters/db/queries/imports/import-transactions';
import { FLAGS } from '../../src/core/flags';
import { abnFromAcn, makeAcn } from '../../src/core/identifiers';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let ctx: TestContext;
let owner: { id: string; authorization: string };
let other: { id: string; authorization: string };
let privateId = '';
let globalId = '';
const PRIVATE_NAME = 'Quokkavale Bespoke Joinery Pty Ltd';
const PRIVATE_WEBSITE = 'https://quokkavale-joinery.com.au';
const PRIVATE_ACN = makeAcn(71_234_567);
const PRIVATE_ABN = abnFromAcn(PRIVATE_ACN);

beforeAll(async () => {
  ctx = await createTestContainer();
  const { db } = ctx.database;
  owner = await makeAccount(db);
  other = await makeAccount(db);
  for (const account of [owner, other]) await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: account.id, value: true });
  privateId = (
    await makeOrganisation(
      db,
      {
        name: PRIVATE_NAME,
        website: PRIVATE_WEBSITE,
        profileStatus: 'COMPLETED',
        identifiers: [
          { type: 'ABN', value: PRIVATE_ABN },
          { type: 'ACN', value: PRIVATE_ACN },
        ],
      },
      { ownerAccountId: owner.id, linkAccountId: owner.id },
    )
  ).id;
  globalId = (await makeOrganisation(db, { name: 'Shared Global Supplies Ltd', profileStatus: 'COMPLETED' }, { linkAccountId: owner.id })).id;
  await importTransactions(db, ['organisationId,type,amount,currency,date', `${globalId},SPENT,1000,AUD,2026-01-01`, `${privateId},SPENT,500,AUD,2026-01-02`], {
    accountId: owner.id,
  });
});
afterAll(async () => {
  await ctx?.close();
});

function call(handler: Handler, path: string, params: Record<string, string>, account: { authorization: string }, body?: unknown) {
  const init: RequestInit = {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: account.authorization, 'content-type': 'application/json' },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  return handler(new Request(`http://localhost:3000${path}`, init), { params: Promise.resolve(params) });
}

/** Status and body with every id masked, so a private organisation and a missing one can be compared. */
async function observed(response: Response, ids: readonly string[]): Promise<{ status: number; body: string }> {
  let body = await response.text();
  for (const id of ids) body = body.split(id).join('<id>');
  return { status: response.status, body };
}

const byId: [string, Handler, (id: string) => string, (id: string) => Record<string, string>, unknown][] = [
  ['GET /api/organisations/{id}', profile, (id) => `/api/organisations/${id}`, (id) => ({ id }), undefined],
  [
    'GET /api/identify/sidebar/{id}/organisation',
    sidebarRecord,
    (id) => `/api/identify/sidebar/${id}/organisation`,
    (organisationId) => ({ organisationId }),
    undefined,
  ],
  ['GET /organisations/{id}/figures', figures, (id) => `/organisations/${id}/figures`, (id) => ({ id }), undefined],
  ['POST /api/organisations/{id}/enrich', enrich, (id) => `/api/organisations/${id}/enrich`, (id) => ({ id }), {}],
  ['POST /api/organisations/{id}/naics', addNaics, (id) => `/api/organisations/${id}/naics`, (id) => ({ id }), { naicsCode: '484110' }],
];

describe.each(byId)('%s from another account', (_name, handler, path, params, body) => {
  it("answers exactly as for an organisation that does not exist, and leaves the owner's organisation as it was", async () => {
    const missing = randomUUID();
    const before = await ctx.database.db.execute(sql`select profile_status, updated_at from organisations where id = ${privateId}::uuid`);
    const forPrivate = await observed(await call(handler, path(privateId), params(privateId), other, body), [privateId, missing]);
    const forMissing = await observed(await call(handler, path(missing), params(missing), other, body), [privateId, missing]);
    expect(forPrivate).toEqual(forMissing);
    expect(forPrivate.status).toBe(404);
    const after = await ctx.database.db.execute(sql`select profile_status, updated_at from organisations where id = ${privateId}::uuid`);
    expect(after.rows).toEqual(before.rows);
  });

  it('answers the owner normally (the route is not simply broken)', async () => {
    if (body !== undefined) return; // writes by the owner change state; the read routes prove visibility
    const response = await call(handler, path(privateId), params(privateId), owner, body);
    expect(response.status).toBe(200);
  });
});

describe("a global organisation both accounts can see carries only each account's own figures", () => {
  it('shows the owner its transactions and the other account none', async () => {
    const mine = (await (await call(figures, `/organisations/${globalId}/figures`, { id: globalId }, owner)).json()) as { totals: { totalAmount: number }[] };
    const theirs = (await (await call(figures, `/organisations/${globalId}/figures`, { id: globalId }, other)).json()) as { totals: unknown[] };
    expect(mine.totals.map((t) => t.totalAmount)).toEqual([1000]);
    expect(theirs.totals).toEqual([]);
  });

  it("counts only the account's own list", async () => {
    const counts = (await (await call(flagCounts, '/organisations/flag-counts', {}, other)).json()) as { listed: number };
    expect(counts.listed).toBe(0);
  });
});

describe('search from another account', () => {
  const queries = [PRIVATE_NAME, 'Quokkavale Bespoke', 'Quokkavale Bespok Joinery', PRIVATE_ABN, PRIVATE_ACN, 'quokkavale-joinery.com.au'];

  it.each(queries)('the quick lookup for %s answers as for a name that exists nowhere', async (query) => {
    const answer = (await (await call(quickSearch, '/api/organisations/quick-search', {}, other, { query, countryIsoAlpha3: 'AUS' })).json()) as {
      candidates: { existingOrgId: string | null }[];
    };
    expect(answer.candidates.map((c) => c.existingOrgId)).not.toContain(privateId);
    const nowhere = (await (
      await call(quickSearch, '/api/organisations/quick-search', {}, other, { query: 'Zzyzxq Nonexistent Joinery', countryIsoAlpha3: 'AUS' })
    ).json()) as {
      candidates: unknown[];
    };
    expect(answer.candidates.length).toBe(nowhere.candidates.length);
  });

  it('the owner finds it by each of them (the queries are real matches)', async () => {
    for (const query of queries) {
      const answer = (await (await call(quickSearch, '/api/organisations/quick-search', {}, owner, { query, countryIsoAlpha3: 'AUS' })).json()) as {
        candidates: { existingOrgId: string | null }[];
      };
      expect(
        answer.candidates.map((c) => c.existingOrgId),
        query,
      ).toContain(privateId);
    }
  });

  it("selecting the owner's private organisation by id is refused exactly as a missing one, and never lands on it", async () => {
    // What a client sent before selection was by reference: a whole candidate; only `_type` and `existingOrgId` are read.
    const candidate = {
      _type: 'internal',
      canonicalName: PRIVATE_NAME,
      description: '',
      countryIsoAlpha3: 'AUS',
      key: `AUS|${PRIVATE_NAME.toLowerCase()}`,
      existingOrgId: privateId,
      source: 'internal',
      logo: null,
      website: PRIVATE_WEBSITE,
      accountLinked: true,
      type: 'ProprietaryLimited',
    };
    const missingId = randomUUID();
    const hidden = await observed(await call(select, '/api/organisations/select', {}, other, { candidate, countryIsoAlpha3: 'AUS' }), [privateId, missingId]);
    const missing = await observed(
      await call(select, '/api/organisations/select', {}, other, { candidate: { ...candidate, existingOrgId: missingId }, countryIsoAlpha3: 'AUS' }),
      [privateId, missingId],
    );
    expect(hidden.status).toBe(400);
    expect(hidden).toEqual(missing);
    expect(hidden.body).not.toContain(privateId);
    const links = await ctx.database.db.execute(
      sql`select count(*)::int n from account_organisations where organisation_id = ${privateId}::uuid and account_id = ${other.id}::uuid`,
    );
    expect(links.rows[0]).toEqual({ n: 0 });
  });
});
