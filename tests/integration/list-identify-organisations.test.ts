/**
 * ListIdentifyOrganisations against real PostgreSQL: the account's own list only (tenancy), the name
 * filter (wildcards literal), the status filter in the profile state vocabulary (a COMPLETED organisation web research
 * found nothing about is "Registry data only", not "Enriched", in its row and its filter), each sort, paging without
 * overlap, and a page past the end answering the last page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/adapters/db/client';
import { recordFieldSources } from '../../src/adapters/db/queries/field-sources';
import { DEFAULT_IDENTIFY_LIST_QUERY, identifyRowState, type IdentifyListQuery } from '../../src/core/identify-list';
import { listIdentifyOrganisations } from '../../src/server/identify/list-identify-organisations';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let list: (params: Parameters<typeof listIdentifyOrganisations>[1]) => ReturnType<typeof listIdentifyOrganisations>;
let accountId: string;

const query = (overrides: Partial<IdentifyListQuery> = {}): IdentifyListQuery => ({ ...DEFAULT_IDENTIFY_LIST_QUERY, ...overrides });
const names = async (overrides: Partial<IdentifyListQuery> = {}) => (await list({ accountId, query: query(overrides) })).rows.map((r) => r.name);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  // Pages of two rows, so paging shows with a handful of organisations.
  list = (params) => listIdentifyOrganisations(db, params, 2);
  const account = await makeAccount(db);
  const other = await makeAccount(db);
  accountId = account.id;
  const link = { linkAccountId: account.id };
  await makeOrganisation(db, { name: 'Acacia Pending Pty Ltd', countryIsoAlpha3: 'AUS', profileStatus: 'PENDING' }, link);
  const banksia = await makeOrganisation(db, { name: 'banksia Enriched Ltd', countryIsoAlpha3: 'NZL', profileStatus: 'COMPLETED' }, link);
  // Web research found its description (as the enrichment records it); the other COMPLETED one has only the registry's.
  await recordFieldSources(db, banksia.id, [{ field: 'description', source: 'agent', retrievedAt: new Date(), evidenceUrl: null }]);
  const coolabah = await makeOrganisation(db, { name: 'Coolabah 100% Failed Inc', countryIsoAlpha3: 'USA', profileStatus: 'FAILED' }, link);
  await makeOrganisation(db, { name: 'Dryandra Never Enriched', countryIsoAlpha3: null }, link);
  await makeOrganisation(
    db,
    { name: 'Eucalyptus Owned Pty Ltd', countryIsoAlpha3: 'AUS', profileStatus: 'COMPLETED' },
    { ownerAccountId: account.id, linkAccountId: account.id },
  );
  // Not the account's own list: a global organisation it has not listed, another account's private one
  // (even when linked), and another account's list.
  await makeOrganisation(db, { name: 'Flindersia Not Listed', profileStatus: 'COMPLETED' });
  await makeOrganisation(db, { name: 'Grevillea Private Elsewhere', profileStatus: 'COMPLETED' }, { ownerAccountId: other.id, linkAccountId: account.id });
  await makeOrganisation(db, { name: 'Hakea Other List', profileStatus: 'COMPLETED' }, { linkAccountId: other.id });
  await db.execute(sql`insert into naics (code, name, level) values ('999001', 'Test leaf one', 6), ('999002', 'Test leaf two', 6) on conflict do nothing`);
  await db.execute(sql`insert into organisation_naics (organisation_id, naics_code) values (${coolabah.id}::uuid, '999001'), (${coolabah.id}::uuid, '999002')`);
});
afterAll(async () => {
  await database?.drop();
});

describe('ListIdentifyOrganisations', () => {
  it("lists only the account's own visible organisations, by name, two to a page", async () => {
    const first = await list({ accountId, query: query() });
    expect(first.total).toBe(5);
    expect(first.pageCount).toBe(3);
    expect(first.rows.map((r) => r.name)).toEqual(['Acacia Pending Pty Ltd', 'banksia Enriched Ltd']);
    expect(await names({ page: 2 })).toEqual(['Coolabah 100% Failed Inc', 'Dryandra Never Enriched']);
    expect(await names({ page: 3 })).toEqual(['Eucalyptus Owned Pty Ltd']);
    expect(first.rows[0]).toMatchObject({ countryIsoAlpha3: 'AUS', profileStatus: 'PENDING', naicsCount: 0, aquila1Count: 0, owned: false });
    expect(first.rows[1]).toMatchObject({ profileStatus: 'COMPLETED', webResearchFound: true });
  });

  it('answers the last page for a page past the end, and one empty page for no match', async () => {
    const past = await list({ accountId, query: query({ page: 40 }) });
    expect(past.query.page).toBe(3);
    expect(past.rows.map((r) => r.name)).toEqual(['Eucalyptus Owned Pty Ltd']);
    const none = await list({ accountId, query: query({ filter: 'no such name', page: 2 }) });
    expect(none).toMatchObject({ rows: [], total: 0, pageCount: 1, query: { page: 1 } });
  });

  it('filters by name, case-insensitive, with LIKE wildcards taken literally', async () => {
    expect(await names({ filter: 'BANKSIA' })).toEqual(['banksia Enriched Ltd']);
    expect(await names({ filter: 'pty' })).toEqual(['Acacia Pending Pty Ltd', 'Eucalyptus Owned Pty Ltd']);
    expect(await names({ filter: '100%' })).toEqual(['Coolabah 100% Failed Inc']);
    expect(await names({ filter: '%' })).toEqual(['Coolabah 100% Failed Inc']);
    expect(await names({ filter: '_' })).toEqual([]);
    expect(await names({ filter: 'Flindersia' })).toEqual([]);
  });

  it('filters by profile state, COMPLETED meaning web research found something, REGISTRY_ONLY nothing beyond the registry, NONE never enriched', async () => {
    expect(await names({ status: 'COMPLETED' })).toEqual(['banksia Enriched Ltd']);
    expect(await names({ status: 'REGISTRY_ONLY' })).toEqual(['Eucalyptus Owned Pty Ltd']);
    // Each row's state is the filter that finds it.
    const rows = (await list({ accountId, query: query({ status: 'REGISTRY_ONLY' }) })).rows;
    expect(rows.map((r) => identifyRowState(r).label)).toEqual(['Registry data only']);
    const completed = (await list({ accountId, query: query({ status: 'COMPLETED' }) })).rows;
    expect(completed.map((r) => identifyRowState(r).label)).toEqual(['Enriched']);
    expect(await names({ status: 'PENDING' })).toEqual(['Acacia Pending Pty Ltd']);
    expect(await names({ status: 'FAILED' })).toEqual(['Coolabah 100% Failed Inc']);
    expect(await names({ status: 'NONE' })).toEqual(['Dryandra Never Enriched']);
    expect(await names({ status: 'REGISTRY_ONLY', filter: 'owned' })).toEqual(['Eucalyptus Owned Pty Ltd']);
    expect(await names({ status: 'COMPLETED', filter: 'owned' })).toEqual([]);
  });

  it('sorts by each column in both directions, ties by name', async () => {
    const all = async (column: IdentifyListQuery['sort']['column'], direction: 'ascending' | 'descending') => {
      const rows: string[] = [];
      for (let page = 1; page <= 3; page += 1) rows.push(...(await names({ sort: { column, direction }, page })));
      return rows;
    };
    expect(await all('name', 'descending')).toEqual([
      'Eucalyptus Owned Pty Ltd',
      'Dryandra Never Enriched',
      'Coolabah 100% Failed Inc',
      'banksia Enriched Ltd',
      'Acacia Pending Pty Ltd',
    ]);
    // Global (no country) first, then AUS (two, by name), NZL, USA.
    expect(await all('country', 'ascending')).toEqual([
      'Dryandra Never Enriched',
      'Acacia Pending Pty Ltd',
      'Eucalyptus Owned Pty Ltd',
      'banksia Enriched Ltd',
      'Coolabah 100% Failed Inc',
    ]);
    // By the status label: Enriched, Enriching, Enrichment failed, Not enriched, Registry data only.
    expect(await all('status', 'ascending')).toEqual([
      'banksia Enriched Ltd',
      'Acacia Pending Pty Ltd',
      'Coolabah 100% Failed Inc',
      'Dryandra Never Enriched',
      'Eucalyptus Owned Pty Ltd',
    ]);
    expect((await all('naics', 'descending'))[0]).toBe('Coolabah 100% Failed Inc');
    const naics = await list({ accountId, query: query({ sort: { column: 'naics', direction: 'descending' } }) });
    expect(naics.rows[0]?.naicsCount).toBe(2);
  });

  it('answers an empty list for an account without organisations, or a malformed account id', async () => {
    const empty = await makeAccount(database.db);
    expect((await list({ accountId: empty.id, query: query() })).total).toBe(0);
    expect((await list({ accountId: 'not-a-uuid', query: query() })).rows).toEqual([]);
  });
});

/** The database handle, counting the statements run through it (a count, then a page: two; a count alone: one). */
function countingStatements(db: Db) {
  let statements = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        statements += 1;
        return Reflect.apply(value, target, args) as unknown;
      };
    },
  });
  return { db: counted, statements: () => statements };
}

// These were unit tests over an in-memory reader that recorded the pages asked for (decision 0027's review removed
// the reader port): the page asked for is now the rows that come back, and "no rows read" the statements counted.
describe('ListIdentifyOrganisations paging, ten to a page', () => {
  let paged: { id: string };
  beforeAll(async () => {
    paged = await makeAccount(database.db);
    for (let n = 1; n <= 25; n += 1) await makeOrganisation(database.db, { name: `Org ${String(n).padStart(2, '0')}` }, { linkAccountId: paged.id });
  });
  const orgs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Org ${String(from + i).padStart(2, '0')}`);

  it('asks for the page at its offset and reports the page count', async () => {
    const counting = countingStatements(database.db);
    const page = await listIdentifyOrganisations(counting.db, { accountId: paged.id, query: { ...DEFAULT_IDENTIFY_LIST_QUERY, page: 2 } }, 10);
    expect(counting.statements()).toBe(2);
    expect(page.rows.map((r) => r.name)).toEqual(orgs(11, 20));
    expect(page).toMatchObject({ total: 25, pageCount: 3, query: { page: 2 } });
    expect(page.rows[0]?.name).toBe('Org 11');
  });

  it('answers the last page for a page past the end', async () => {
    const page = await listIdentifyOrganisations(database.db, { accountId: paged.id, query: { ...DEFAULT_IDENTIFY_LIST_QUERY, page: 9 } }, 10);
    expect(page.rows.map((r) => r.name)).toEqual(orgs(21, 25));
    expect(page.query.page).toBe(3);
    expect(page.rows).toHaveLength(5);
  });

  it('does not read rows when nothing matches', async () => {
    const nobody = await makeAccount(database.db);
    const counting = countingStatements(database.db);
    const page = await listIdentifyOrganisations(counting.db, { accountId: nobody.id, query: DEFAULT_IDENTIFY_LIST_QUERY }, 10);
    expect(counting.statements()).toBe(1);
    expect(page).toMatchObject({ rows: [], total: 0, pageCount: 1, query: { page: 1 } });
  });
});
