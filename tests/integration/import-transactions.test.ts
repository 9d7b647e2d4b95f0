import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { makeAccount, makeOrganisation } from '../support/factories';
import { transactions } from '../../src/adapters/db/schema';
import { importTransactions, InvalidCsvHeaderError } from '../../src/adapters/db/queries/imports/import-transactions';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('importTransactions', () => {
  it('imports valid rows, reports every invalid one with its line number and reason', async () => {
    const account = await makeAccount(database.db);
    const other = await makeAccount(database.db);
    const global = await makeOrganisation(database.db, { name: 'Global Supplier Pty Ltd' });
    const own = await makeOrganisation(database.db, { name: 'Own Supplier Pty Ltd' }, { ownerAccountId: account.id });
    const foreign = await makeOrganisation(database.db, { name: 'Foreign Supplier Pty Ltd' }, { ownerAccountId: other.id });
    const lines = [
      'date,organisationId,type,amount,currency',
      `2026-01-31,${global.id},SPENT,1200.50,AUD`,
      `2026-02-01,${own.id},invested,99,usd`,
      `2026-02-30,${global.id},SPENT,10,AUD`,
      `2026-03-01,${foreign.id},SPENT,10,AUD`,
      `2026-03-01,not-a-uuid,SPENT,10,AUD`,
      `2026-03-01,${global.id},BORROWED,10,AUD`,
      `2026-03-01,${global.id},RECEIVED,1.234,AUD`,
      `2026-03-01,${global.id},RECEIVED,12,dollars`,
      `"2026-03-02","${own.id}","RECEIVED","3000","NZD"`,
      `"2026-03-02,${own.id},RECEIVED,3000,NZD`,
      `2026-03-03,00000000-0000-4000-8000-000000000000,SPENT,5,AUD`,
    ];
    const summary = await importTransactions(database.db, lines, { accountId: account.id, batchSize: 3 });

    expect(summary).toMatchObject({ imported: 3, rejected: 8 });
    const reasons = new Map(summary.errors.map((e) => [e.line, e.reason]));
    expect([...reasons.keys()].sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 11, 12]);
    expect(reasons.get(4)).toBe('date: is not a calendar date');
    expect(reasons.get(5)).toBe('organisationId: no organisation with this id is visible to the account');
    expect(reasons.get(6)).toBe('organisationId: must be an organisation id (uuid)');
    expect(reasons.get(7)).toBe('type: must be SPENT, INVESTED or RECEIVED');
    expect(reasons.get(8)).toMatch(/^amount: /);
    expect(reasons.get(9)).toBe('currency: must be a 3-letter currency code');
    expect(reasons.get(11)).toBe('unterminated quoted field');
    expect(reasons.get(12)).toBe('organisationId: no organisation with this id is visible to the account');

    const stored = await database.db
      .select({
        organisationId: transactions.organisationId,
        type: transactions.type,
        amount: transactions.amount,
        currency: transactions.currency,
        date: transactions.date,
      })
      .from(transactions)
      .where(eq(transactions.accountId, account.id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { organisationId: global.id, type: 'SPENT', amount: '1200.50', currency: 'AUD', date: '2026-01-31' },
        { organisationId: own.id, type: 'INVESTED', amount: '99.00', currency: 'USD', date: '2026-02-01' },
        { organisationId: own.id, type: 'RECEIVED', amount: '3000.00', currency: 'NZD', date: '2026-03-02' },
      ]),
    );
    expect(stored).toHaveLength(3);
  });

  it('refuses a file whose header lacks a column, and an empty file', async () => {
    const account = await makeAccount(database.db);
    await expect(importTransactions(database.db, ['organisationId,type,amount,date'], { accountId: account.id })).rejects.toThrow(/missing: currency/);
    await expect(importTransactions(database.db, [], { accountId: account.id })).rejects.toBeInstanceOf(InvalidCsvHeaderError);
  });
});
