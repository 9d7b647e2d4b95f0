/**
 * The SQL form of the derived rules (src/adapters/db/queries/derived-rules.ts) agrees with the core functions
 * on the same rows. The rows are made the product's way: organisations inserted as the import and the
 * selection do, NAICS added by AddOrganisationNAICS (demo concordance: 221111 SPENT+INVESTED DEMO-22,
 * 111110 SPENT DEMO-11, 921110 nothing), transactions imported from CSV and backfilled by the add, owners
 * given at insert as the selection of a private organisation does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createPostgresLock } from '../../src/adapters/lock/postgres-lock';
import { createClassificationRepository } from '../../src/adapters/db/queries/classification';
import { organisationIsClassified, profileIsSettled, transactionIsClassifiedFor } from '../../src/adapters/db/queries/derived-rules';
import { organisationIsGlobal, ownedByAccount, visibleToAccount } from '../../src/adapters/db/queries/visibility';
import { findLinkedOrganisationIds } from '../../src/adapters/db/queries/account-membership';
import { createEnrichmentStore } from '../../src/adapters/db/queries/enrichment-store';
import { countOrganisationFlagsForAccount } from '../../src/adapters/db/queries/organisation-figures';
import { findOrganisationRecordForAccount } from '../../src/adapters/db/queries/organisation-read';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { importTransactions } from '../../src/adapters/db/queries/imports/import-transactions';
import { isClassified } from '../../src/core/classification';
import { FLAGS } from '../../src/core/flags';
import type { OrganisationRecord } from '../../src/core/organisation-record';
import { isGlobal } from '../../src/core/ownership';
import { isEnrichmentSettled, profileStateOf, profileStatusLabel } from '../../src/core/profile-status';
import { countIdentifyOrganisations, listIdentifyOrganisationsPage } from '../../src/adapters/db/queries/identify-organisations';
import { recordFieldSources } from '../../src/adapters/db/queries/field-sources';
import { DEFAULT_IDENTIFY_SORT, IDENTIFY_STATUS_FILTERS, identifyStatusFilterLabel } from '../../src/core/identify-list';
import { AddOrganisationNAICS } from '../../src/server/naics/add-organisation-naics';
import type { Db } from '../../src/adapters/db/client';
import { createTestContainer, type TestContext } from '../support/test-container';
import { makeAccount, makeOrganisation } from '../support/factories';

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestContainer({ naics: true });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

function addNaics(accountId: string, organisationId: string, naicsCode: string) {
  const useCase = new AddOrganisationNAICS({
    lock: createPostgresLock(db),
    flags: ctx.container.flags,
    repository: createClassificationRepository(db),
    log: { warn: () => undefined, info: () => undefined },
  });
  return useCase.execute({ accountId, organisationId, naicsCode });
}

async function record(accountId: string, organisationId: string): Promise<OrganisationRecord> {
  const found = await findOrganisationRecordForAccount(db, { accountId, organisationId });
  if (!found) throw new Error(`organisation ${organisationId} not visible`);
  return found;
}

describe('the derived rules in SQL agree with the core functions', () => {
  it('classified and enrichment settled: same answer on every organisation, and the flag counts are the core count', async () => {
    const account = await makeAccount(db);
    await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: account.id, value: true });
    const link = { linkAccountId: account.id };
    const classified = await makeOrganisation(db, { profileStatus: 'COMPLETED' }, link);
    const tagOnly = await makeOrganisation(db, { profileStatus: 'COMPLETED' }, link);
    const failed = await makeOrganisation(db, { profileStatus: 'FAILED' }, link);
    const failedClassified = await makeOrganisation(db, { profileStatus: 'FAILED' }, link);
    const pendingClassified = await makeOrganisation(db, { profileStatus: 'PENDING' }, link);
    const pending = await makeOrganisation(db, { profileStatus: 'PENDING' }, link);
    const neverEnriched = await makeOrganisation(db, {}, link);
    await addNaics(account.id, classified.id, '221111');
    // A NAICS tag whose concordance yields no sector: tagged, still unclassified.
    expect((await addNaics(account.id, tagOnly.id, '921110')).aquila1Synced).toBe(false);
    await addNaics(account.id, failedClassified.id, '111110');
    await addNaics(account.id, pendingClassified.id, '111110');

    const all = [classified, tagOnly, failed, failedClassified, pendingClassified, pending, neverEnriched];
    const ids = all.map((o) => o.id);
    const inSql = await db.execute<{ id: string; classified: boolean; settled: boolean }>(sql`
      select o.id, ${organisationIsClassified(sql`o.id`)} as classified, ${profileIsSettled(sql`o.profile_status`)} as settled
      from organisations o
      where o.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const sqlById = new Map(inSql.rows.map((r) => [r.id, { classified: r.classified, settled: r.settled }]));
    const records = await Promise.all(ids.map((id) => record(account.id, id)));
    for (const r of records) {
      const core = { classified: isClassified(r.aquila1.length), settled: isEnrichmentSettled(r.profileStatus) };
      expect({ id: r.id, ...sqlById.get(r.id) }).toEqual({ id: r.id, ...core });
      // The record carries the core answers.
      expect({ classified: r.classified, settled: r.enrichmentComplete }).toEqual(core);
    }
    // Both sides answered what the rules say, not merely the same thing.
    const classifiedIds = records.filter((r) => r.classified).map((r) => r.id);
    expect(new Set(classifiedIds)).toEqual(new Set([classified.id, failedClassified.id, pendingClassified.id]));
    expect(records.find((r) => r.id === tagOnly.id)?.naics).toHaveLength(1);
    const settledIds = records.filter((r) => r.enrichmentComplete).map((r) => r.id);
    expect(new Set(settledIds)).toEqual(new Set([classified.id, tagOnly.id, failed.id, failedClassified.id]));

    // The account's flag counts (SQL) are the core rules counted over its records.
    expect(await countOrganisationFlagsForAccount(db, { accountId: account.id })).toEqual({
      listed: records.length,
      unclassified: records.filter((r) => isEnrichmentSettled(r.profileStatus) && !isClassified(r.aquila1.length)).length,
      enriching: records.filter((r) => profileStatusLabel(r.profileStatus) === profileStatusLabel('PENDING')).length,
      notEnriched: records.filter((r) => profileStatusLabel(r.profileStatus) === profileStatusLabel(null)).length,
    });
    // A count and the identify filter of the same name find the same organisations ("Enriching 19" found nothing).
    const counts = await countOrganisationFlagsForAccount(db, { accountId: account.id });
    const filtered = (status: 'PENDING' | 'NONE') => countIdentifyOrganisations(db, { accountId: account.id, filter: '', status });
    expect({ enriching: counts.enriching, notEnriched: counts.notEnriched }).toEqual({
      enriching: await filtered('PENDING'),
      notEnriched: await filtered('NONE'),
    });
    expect(counts).toMatchObject({ enriching: 2, notEnriched: 1 });
  });

  it('a transaction is classified for a type exactly when the add backfilled it for that type', async () => {
    const account = await makeAccount(db);
    await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: account.id, value: true });
    const organisation = await makeOrganisation(db, { profileStatus: 'COMPLETED' });
    const summary = await importTransactions(
      db,
      ['organisationId,type,amount,currency,date', `${organisation.id},SPENT,100,AUD,2026-01-01`, `${organisation.id},INVESTED,50,AUD,2026-01-02`],
      { accountId: account.id },
    );
    expect(summary.imported).toBe(2);
    // 111110 maps to SPENT only: the SPENT transaction is backfilled, the INVESTED one stays unclassified.
    expect((await addNaics(account.id, organisation.id, '111110')).classifiedByType).toEqual({ SPENT: 1, INVESTED: 0 });

    const rows = await db.execute<{ type: string; for_own_type: boolean; for_spent: boolean; for_invested: boolean }>(sql`
      select t.type,
        ${transactionIsClassifiedFor(sql`t.id`, sql`t.type`)} as for_own_type,
        ${transactionIsClassifiedFor(sql`t.id`, sql`${'SPENT'}`)} as for_spent,
        ${transactionIsClassifiedFor(sql`t.id`, sql`${'INVESTED'}`)} as for_invested
      from transactions t
      where t.account_id = ${account.id}::uuid and t.organisation_id = ${organisation.id}::uuid
      order by t.type`);
    expect(rows.rows).toEqual([
      { type: 'INVESTED', for_own_type: false, for_spent: false, for_invested: false },
      { type: 'SPENT', for_own_type: true, for_spent: true, for_invested: false },
    ]);
  });

  it('global, owned by the account, visible, in the account list: the SQL agrees with isGlobal over the owners the enrichment reads', async () => {
    const account = await makeAccount(db);
    const other = await makeAccount(db);
    const global = await makeOrganisation(db);
    const mine = await makeOrganisation(db, {}, { ownerAccountId: account.id, linkAccountId: account.id });
    const theirs = await makeOrganisation(db, {}, { ownerAccountId: other.id });
    const store = createEnrichmentStore(db);
    const ids = [global.id, mine.id, theirs.id];
    const inSql = await db.execute<{ id: string; global: boolean; mine: boolean; visible: boolean; visible_without_account: boolean }>(sql`
      select o.id, ${organisationIsGlobal(sql`o.id`)} as global, ${ownedByAccount(account.id, sql`o.id`)} as mine,
        ${visibleToAccount(account.id, sql`o.id`)} as visible, ${visibleToAccount(null, sql`o.id`)} as visible_without_account
      from organisations o
      where o.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const sqlById = new Map(inSql.rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const target = await store.load(id);
      if (!target) throw new Error(`organisation ${id} not found`);
      const owners = target.ownerAccountIds;
      const core = {
        global: isGlobal(owners),
        mine: owners.includes(account.id),
        visible: isGlobal(owners) || owners.includes(account.id),
        visible_without_account: isGlobal(owners),
      };
      expect(sqlById.get(id)).toEqual({ id, ...core });
    }
    expect(sqlById.get(global.id)).toMatchObject({ global: true, visible: true });
    expect(sqlById.get(mine.id)).toMatchObject({ global: false, mine: true, visible: true, visible_without_account: false });
    expect(sqlById.get(theirs.id)).toMatchObject({ global: false, mine: false, visible: false });
    // The record's `owned` is the negation of global; its `accountLinked` (inAccountList) is the batched
    // membership check search and quick search stamp candidates with.
    const linked = await findLinkedOrganisationIds(db, { accountId: account.id, organisationIds: [global.id, mine.id] });
    expect([...linked]).toEqual([mine.id]);
    expect(await record(account.id, mine.id)).toMatchObject({ owned: true, accountLinked: true });
    expect(await record(account.id, global.id)).toMatchObject({ owned: false, accountLinked: false });
  });

  it("the identify filter's states: each organisation is found by exactly the filter named as profileStateOf labels it", async () => {
    const account = await makeAccount(db);
    const link = { linkAccountId: account.id };
    const researched = await makeOrganisation(db, { profileStatus: 'COMPLETED' }, link);
    const registryOnly = await makeOrganisation(db, { profileStatus: 'COMPLETED' }, link);
    const registryDescribed = await makeOrganisation(db, { profileStatus: 'COMPLETED' }, link);
    const pending = await makeOrganisation(db, { profileStatus: 'PENDING' }, link);
    const failed = await makeOrganisation(db, { profileStatus: 'FAILED' }, link);
    const never = await makeOrganisation(db, {}, link);
    // Provenance as the enrichment records it: web research found a website; the registry wrote a description.
    await recordFieldSources(db, researched.id, [{ field: 'website', source: 'website', retrievedAt: new Date() }]);
    await recordFieldSources(db, registryDescribed.id, [{ field: 'description', source: 'registry', retrievedAt: new Date() }]);
    const all = [researched, registryOnly, registryDescribed, pending, failed, never];

    const found = new Map<string, string[]>();
    for (const filter of IDENTIFY_STATUS_FILTERS) {
      const rows = await listIdentifyOrganisationsPage(db, {
        accountId: account.id,
        filter: '',
        status: filter,
        sort: DEFAULT_IDENTIFY_SORT,
        offset: 0,
        limit: 50,
      });
      for (const row of rows) found.set(row.id, [...(found.get(row.id) ?? []), identifyStatusFilterLabel(filter)]);
    }
    for (const organisation of all) {
      const r = await record(account.id, organisation.id);
      const label = profileStateOf({ profileStatus: r.profileStatus, webResearchFound: r.webResearchFound, naicsCount: r.naics.length }).label;
      expect({ id: r.id, filters: found.get(r.id) }).toEqual({ id: r.id, filters: [label] });
    }
    expect(found.get(researched.id)).toEqual(['Enriched']);
    expect(found.get(registryOnly.id)).toEqual(['Registry data only']);
    expect(found.get(registryDescribed.id)).toEqual(['Registry data only']);
  });
});
