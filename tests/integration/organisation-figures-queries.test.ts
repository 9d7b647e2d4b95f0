import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeAccount, makeOrganisation } from '../support/factories';
import { countOrganisationFlagsForAccount, findOrganisationFiguresForAccount } from '../../src/adapters/db/queries/organisation-figures';
import { listIdentifyOrganisationsForAccount } from '../../src/adapters/db/queries/identify-organisations';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function transaction(accountId: string, organisationId: string, type: string, amount: number, currency = 'AUD'): Promise<string> {
  const result = await database.db.execute<{ id: string }>(sql`
    insert into transactions (account_id, organisation_id, type, amount, currency, date)
    values (${accountId}::uuid, ${organisationId}::uuid, ${type}, ${amount}, ${currency}, '2026-01-15') returning id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('no transaction id');
  return id;
}

async function classify(transactionId: string, forType: string, aquila1Code: string, weight: number): Promise<void> {
  await database.db.execute(
    sql`insert into transaction_aquila1 (transaction_id, aquila1_code, "for", weight) values (${transactionId}::uuid, ${aquila1Code}, ${forType}, ${weight})`,
  );
}

describe('organisation figures and flag counts', () => {
  it('totals the account own transactions per type and currency, classified per type, and sector amounts by weight', async () => {
    const { db } = database;
    await db.execute(sql`insert into aquila1 (code, name) values ('T-A', 'Sector A'), ('T-B', 'Sector B') on conflict do nothing`);
    const account = await makeAccount(db);
    const other = await makeAccount(db);
    const organisation = await makeOrganisation(db, {}, { linkAccountId: account.id });
    const t1 = await transaction(account.id, organisation.id, 'SPENT', 100);
    await transaction(account.id, organisation.id, 'SPENT', 300);
    const t3 = await transaction(account.id, organisation.id, 'INVESTED', 50);
    await transaction(account.id, organisation.id, 'SPENT', 10, 'USD');
    await transaction(other.id, organisation.id, 'SPENT', 9999);
    await classify(t1, 'SPENT', 'T-A', 0.75);
    await classify(t1, 'SPENT', 'T-B', 0.25);
    // An edge of another type does not classify a SPENT transaction.
    const t5 = await transaction(account.id, organisation.id, 'SPENT', 40);
    await classify(t5, 'INVESTED', 'T-A', 1);
    await classify(t3, 'INVESTED', 'T-B', 1);

    const figures = await findOrganisationFiguresForAccount(db, { accountId: account.id, organisationId: organisation.id });
    expect(figures?.totals).toEqual([
      { type: 'INVESTED', currency: 'AUD', transactionCount: 1, totalAmount: 50, classifiedCount: 1, classifiedAmount: 50 },
      { type: 'SPENT', currency: 'AUD', transactionCount: 3, totalAmount: 440, classifiedCount: 1, classifiedAmount: 100 },
      { type: 'SPENT', currency: 'USD', transactionCount: 1, totalAmount: 10, classifiedCount: 0, classifiedAmount: 0 },
    ]);
    expect(figures?.sectors).toEqual([
      { type: 'INVESTED', currency: 'AUD', aquila1Code: 'T-B', aquila1Name: 'Sector B', amount: 50 },
      { type: 'SPENT', currency: 'AUD', aquila1Code: 'T-A', aquila1Name: 'Sector A', amount: 75 },
      { type: 'SPENT', currency: 'AUD', aquila1Code: 'T-B', aquila1Name: 'Sector B', amount: 25 },
    ]);
  });

  it('answers null for an organisation private to another account or a malformed id; empty figures without transactions', async () => {
    const { db } = database;
    const account = await makeAccount(db);
    const owner = await makeAccount(db);
    const privateOne = await makeOrganisation(db, {}, { ownerAccountId: owner.id });
    expect(await findOrganisationFiguresForAccount(db, { accountId: account.id, organisationId: privateOne.id })).toBeNull();
    expect(await findOrganisationFiguresForAccount(db, { accountId: account.id, organisationId: 'not-a-uuid' })).toBeNull();
    const global = await makeOrganisation(db);
    expect(await findOrganisationFiguresForAccount(db, { accountId: account.id, organisationId: global.id })).toEqual({
      organisationId: global.id,
      totals: [],
      sectors: [],
    });
  });

  it('counts the account list: settled and unclassified, still enriching; lists it for the identify table', async () => {
    const { db } = database;
    await db.execute(sql`insert into aquila1 (code, name) values ('T-A', 'Sector A') on conflict do nothing`);
    const account = await makeAccount(db);
    const owner = await makeAccount(db);
    const settled = await makeOrganisation(db, { name: 'Beta Settled Pty Ltd', profileStatus: 'COMPLETED' }, { linkAccountId: account.id });
    const failed = await makeOrganisation(db, { name: 'alpha Failed Pty Ltd', profileStatus: 'FAILED' }, { linkAccountId: account.id });
    const classified = await makeOrganisation(db, { name: 'Gamma Classified Pty Ltd', profileStatus: 'COMPLETED' }, { linkAccountId: account.id });
    await db.execute(sql`insert into organisation_aquila1 (organisation_id, aquila1_code, "for", weight) values (${classified.id}::uuid, 'T-A', 'SPENT', 1)`);
    await makeOrganisation(db, { name: 'Delta Pending Pty Ltd', profileStatus: 'PENDING' }, { linkAccountId: account.id });
    await makeOrganisation(db, { name: 'Not Listed Pty Ltd', profileStatus: 'COMPLETED' });
    // Linked but private to another account: not visible, so not counted.
    await makeOrganisation(db, { name: 'Hidden Pty Ltd', profileStatus: 'COMPLETED' }, { ownerAccountId: owner.id, linkAccountId: account.id });

    expect(await countOrganisationFlagsForAccount(db, { accountId: account.id })).toEqual({ listed: 4, unclassified: 2, enriching: 1, notEnriched: 0 });
    const rows = await listIdentifyOrganisationsForAccount(db, { accountId: account.id });
    expect(rows.map((r) => r.name)).toEqual(['alpha Failed Pty Ltd', 'Beta Settled Pty Ltd', 'Delta Pending Pty Ltd', 'Gamma Classified Pty Ltd']);
    expect(rows.find((r) => r.id === classified.id)).toMatchObject({ aquila1Count: 1, naicsCount: 0, profileStatus: 'COMPLETED', owned: false });
    expect(rows.find((r) => r.id === settled.id)?.aquila1Count).toBe(0);
    expect(rows.find((r) => r.id === failed.id)?.profileStatus).toBe('FAILED');
    expect(await listIdentifyOrganisationsForAccount(db, { accountId: account.id, limit: 1 })).toHaveLength(1);
  });
});
