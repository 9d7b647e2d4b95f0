/**
 * The account's changes as its analysts read them (issue 23, section 2) on real PostgreSQL, change records written as
 * monitoring writes them: the `/changes` page's list (the account's changes only, unread first and then newest first,
 * its counts and organisations, the kind and organisation filters, paging), marking read (per account, all or none by
 * id, or every change a filter shows) and an organisation's History (newest first, watched or why not). These were unit
 * tests over an in-memory store until decision 0027's review removed the store port; every assertion is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { organisationChanges } from '../../src/adapters/db/schema';
import { linkOrganisationToAccount } from '../../src/adapters/db/queries/organisations-write';
import { NotFoundError } from '../../src/core/errors';
import { getOrganisationHistory, listAccountChanges, markChangesRead } from '../../src/server/monitoring/account-changes';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

type Change = typeof organisationChanges.$inferInsert;

/** A change of `organisationId` observed `minutesAgo` before 2026-12-03T00:00Z (a registry status change unless overridden). */
async function change(organisationId: string, minutesAgo: number, overrides: Partial<Change> = {}) {
  const [row] = await database.db
    .insert(organisationChanges)
    .values({
      organisationId,
      kind: 'status',
      field: 'registryStatus',
      before: { status: 'active', wording: 'Active', date: null },
      after: { status: 'inactive', wording: 'Cancelled', date: '2026-12-02' },
      source: 'abr',
      observedAt: new Date(Date.parse('2026-12-03T00:00:00Z') - minutesAgo * 60_000),
      ...overrides,
    })
    .returning({ id: organisationChanges.id });
  if (row === undefined) throw new Error('change not inserted');
  return row;
}

/** Accounts `a` and `b`, and organisations by name on the lists given (each organisation on its first account's list, then linked to the others). */
async function world(lists: Record<'a' | 'b', string[]>) {
  const db = database.db;
  const accounts = { a: (await makeAccount(db)).id, b: (await makeAccount(db)).id };
  const organisations = new Map<string, string>();
  for (const label of ['a', 'b'] as const) {
    for (const name of lists[label]) {
      const known = organisations.get(name);
      if (known === undefined) organisations.set(name, (await makeOrganisation(db, { name }, { linkAccountId: accounts[label] })).id);
      else await linkOrganisationToAccount(db, { accountId: accounts[label], organisationId: known });
    }
  }
  const org = (name: string) => organisations.get(name) ?? '';
  /** The read rows of these changes as `account|change`, the account by its label. */
  const reads = async (changeIds: string[]) => {
    const result = await db.execute<{ account_id: string; change_id: string }>(
      sql`select account_id, change_id from change_reads where change_id = any(${`{${changeIds.join(',')}}`}::uuid[]) order by account_id, change_id`,
    );
    return new Set(result.rows.map((r) => `${r.account_id === accounts.a ? 'a' : 'b'}|${r.change_id}`));
  };
  return { db, accounts, org, reads };
}

const RED = 'RED CENTRE MINING LIMITED';
const YARRA = 'YARRA VALLEY DAIRY PTY LTD';
const OTHER = 'SOMEONE ELSE’S SUPPLIER';

describe('listAccountChanges', () => {
  async function changesWorld() {
    const w = await world({ a: [RED, YARRA], b: [OTHER] });
    const changes = [
      await change(w.org(RED), 60),
      await change(w.org(YARRA), 30, { kind: 'business_names', field: 'businessNames', before: null, after: 'Yarra Valley Cheese Co' }),
      await change(w.org(RED), 10, { kind: 'legal_name', field: 'legalName', before: 'RED CENTRE MINING LIMITED', after: 'RED CENTRE METALS LIMITED' }),
      await change(w.org(OTHER), 5),
    ];
    return { ...w, changes };
  }

  it('lists the account’s changes only, unread first and then newest first, with its own counts and organisations', async () => {
    const { db, accounts, org, changes } = await changesWorld();
    await markChangesRead(db, accounts.a, { changeIds: [changes[2]?.id ?? ''] });
    const page = await listAccountChanges(db, accounts.a, { page: 1 });
    expect(page.changes.map((c) => [c.organisationName, c.kind, c.unread])).toEqual([
      ['YARRA VALLEY DAIRY PTY LTD', 'business_names', true],
      ['RED CENTRE MINING LIMITED', 'status', true],
      ['RED CENTRE MINING LIMITED', 'legal_name', false],
    ]);
    expect(page).toMatchObject({ total: 3, unread: 2, page: 1, pageCount: 1 });
    expect(page.organisations).toEqual([
      { id: org(RED), name: 'RED CENTRE MINING LIMITED', unread: 1 },
      { id: org(YARRA), name: 'YARRA VALLEY DAIRY PTY LTD', unread: 1 },
    ]);
  });

  it('filters by kind and by organisation, and an organisation not on the list shows nothing', async () => {
    const { db, accounts, org } = await changesWorld();
    const list = (query: Parameters<typeof listAccountChanges>[2]) => listAccountChanges(db, accounts.a, query);
    expect((await list({ kind: 'legal_name', page: 1 })).changes.map((c) => c.field)).toEqual(['legalName']);
    expect((await list({ organisation: org(YARRA), page: 1 })).changes.map((c) => c.organisationId)).toEqual([org(YARRA)]);
    expect(await list({ organisation: org(OTHER), page: 1 })).toMatchObject({ changes: [], total: 0, unread: 0 });
  });

  it('pages, and a page past the end shows the last page', async () => {
    const { db, accounts, org } = await world({ a: [RED], b: [] });
    for (let i = 0; i < 5; i += 1) await change(org(RED), i);
    const last = await listAccountChanges(db, accounts.a, { page: 9 }, 2);
    expect(last).toMatchObject({ page: 3, pageCount: 3, total: 5 });
    expect(last.changes).toHaveLength(1);
  });
});

describe('markChangesRead', () => {
  const MINE = 'MINE PTY LTD';
  const THEIRS = 'THEIRS LTD';

  it('marks one change read for the account only; another account with it on its list still has it unread', async () => {
    const { db, accounts, org, reads } = await world({ a: [MINE], b: [MINE] });
    const c = await change(org(MINE), 1);
    expect(await markChangesRead(db, accounts.a, { changeIds: [c.id, c.id] })).toEqual({ marked: 1 });
    expect([...(await reads([c.id]))]).toEqual([`a|${c.id}`]);
  });

  it('a change of an organisation not on the list is not found, and nothing of the request is marked', async () => {
    const { db, accounts, org, reads } = await world({ a: [MINE], b: [THEIRS] });
    const mine = await change(org(MINE), 1);
    const theirs = await change(org(THEIRS), 1);
    await expect(markChangesRead(db, accounts.a, { changeIds: [mine.id, theirs.id] })).rejects.toBeInstanceOf(NotFoundError);
    expect((await reads([mine.id, theirs.id])).size).toBe(0);
  });

  it('all: every change the filter shows, and only those', async () => {
    const { db, accounts, org, reads } = await world({ a: [MINE], b: [THEIRS] });
    const status = await change(org(MINE), 2);
    const name = await change(org(MINE), 1, { kind: 'legal_name', field: 'legalName', before: 'A', after: 'B' });
    const theirs = await change(org(THEIRS), 1);
    expect(await markChangesRead(db, accounts.a, { all: true, filter: { kind: 'legal_name' } })).toEqual({ marked: 1 });
    expect([...(await reads([status.id, name.id, theirs.id]))]).toEqual([`a|${name.id}`]);
  });
});

describe('getOrganisationHistory', () => {
  const ORG = 'RED CENTRE MINING LIMITED';

  it('newest first, watched when on the list with a registry identifier', async () => {
    const { db, accounts, org } = await world({ a: [ORG], b: [] });
    const older = await change(org(ORG), 60);
    const newer = await change(org(ORG), 5, { kind: 'legal_name', field: 'legalName', before: 'A', after: 'B' });
    const history = await getOrganisationHistory(db, { accountId: accounts.a, organisationId: org(ORG), identifiers: [{ type: 'ABN' }] });
    expect(history.watch).toBe('watched');
    expect(history.changes.map((c) => c.id)).toEqual([newer.id, older.id]);
  });

  it('says why it is not watched: no registry identifier, or not on the account’s list (then no changes, whatever exist)', async () => {
    const { db, accounts, org } = await world({ a: [ORG], b: [] });
    await change(org(ORG), 60);
    const history = (accountId: string, type: string) => getOrganisationHistory(db, { accountId, organisationId: org(ORG), identifiers: [{ type }] });
    expect(await history(accounts.a, 'VAT')).toMatchObject({ watch: 'no_registry_identifier' });
    expect(await history(accounts.b, 'ABN')).toEqual({ watch: 'not_on_list', changes: [] });
  });
});
