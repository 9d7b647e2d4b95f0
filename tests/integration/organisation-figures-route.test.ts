/** GET /organisations/{id}/figures and GET /organisations/flag-counts over real PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { installContainer } from '../../src/composition-root';
import { organisationFiguresSchema, flagCountsSchema } from '../../src/components/organisation/organisation-figures';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount, makeOrganisation } from '../support/factories';
import { GET } from '../../src/app/(main)/organisations/[id]/figures/route';
import { GET as getFlagCounts } from '../../src/app/(main)/organisations/flag-counts/route';

let ctx: TestContext;
let account: Awaited<ReturnType<typeof makeAccount>>;

beforeAll(async () => {
  ctx = await createTestContainer();
  account = await makeAccount(ctx.database.db);
});
afterAll(async () => {
  installContainer(ctx.container);
  await ctx?.close();
});

const figures = (id: string, auth: string | null = account.authorization) =>
  GET(new Request(`http://localhost/organisations/${id}/figures`, { headers: auth ? { authorization: auth } : {} }), {
    params: Promise.resolve({ id }),
  });

describe('GET /organisations/{id}/figures', () => {
  it('answers 401 without an account, 404 for an organisation private to another account', async () => {
    const owner = await makeAccount(ctx.database.db);
    const privateOne = await makeOrganisation(ctx.database.db, {}, { ownerAccountId: owner.id });
    expect((await figures(privateOne.id, null)).status).toBe(401);
    const response = await figures(privateOne.id);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', error: 'Organisation not found' });
  });

  it('answers the figures in the shape the client figures parse', async () => {
    const organisation = await makeOrganisation(ctx.database.db, { profileStatus: 'COMPLETED' }, { linkAccountId: account.id });
    await ctx.database.db.execute(sql`insert into transactions (account_id, organisation_id, type, amount, currency, date)
      values (${account.id}::uuid, ${organisation.id}::uuid, 'SPENT', 250, 'AUD', '2026-02-02')`);
    const response = await figures(organisation.id);
    expect(response.status).toBe(200);
    const body = organisationFiguresSchema.parse(await response.json());
    expect(body.totals).toEqual([{ type: 'SPENT', currency: 'AUD', transactionCount: 1, totalAmount: 250, classifiedCount: 0, classifiedAmount: 0 }]);
  });
});

describe('GET /organisations/flag-counts', () => {
  it('answers 401 without an account and the account list counts otherwise', async () => {
    expect((await getFlagCounts(new Request('http://localhost/organisations/flag-counts'))).status).toBe(401);
    const response = await getFlagCounts(new Request('http://localhost/organisations/flag-counts', { headers: { authorization: account.authorization } }));
    expect(response.status).toBe(200);
    expect(flagCountsSchema.parse(await response.json())).toEqual({ listed: 1, unclassified: 1, enriching: 0, notEnriched: 0 });
  });
});
