/**
 * Changes as an account reads them (issue 23, section 2) on real PostgreSQL: the changes come from monitoring passes
 * (the real GLEIF adapter against its contract fake, a register changed between two passes); the `/changes` page's
 * list, its counts and organisation filter, marking read (the server action), History, the identify list's marks and
 * GET /api/changes' `unread` are each the account's own: another account with the same organisation on its list has
 * its own read state, and an account never sees, counts or marks the changes of an organisation not on its list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../src/app/api/changes/route';
import { runMarkChangesReadAction } from '../../src/app/actions/mark-changes-read';
import { createProviderCache } from '../../src/adapters/cache/provider-cache';
import { listIdentifyOrganisationsForAccount } from '../../src/adapters/db/queries/identify-organisations';
import { linkOrganisationToAccount } from '../../src/adapters/db/queries/organisations-write';
import { createRegistryReadsFromEnv } from '../../src/adapters/registries/registry-reads';
import { changesPageSchema } from '../../src/core/organisation-changes';
import { countUnreadChanges, getOrganisationHistory, listAccountChanges } from '../../src/server/monitoring/account-changes';
import { createRunMonitorPass, type RunMonitorPass } from '../../src/server/monitoring/run-monitor-pass';
import { startFakeGleif, type FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { updateLeiRecord, watchByLei } from '../support/watched-organisations';

const T0 = new Date('2026-12-01T06:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let clock = T0;

let ctx: TestContext;
let gleif: FakeGleif;
let runPass: RunMonitorPass;
let a: Awaited<ReturnType<typeof makeAccount>>;
let b: Awaited<ReturnType<typeof makeAccount>>;
/** The first change the account's `/changes` page lists for the organisation. */
async function firstChangeOf(accountId: string, organisationId: string) {
  const found = (await listAccountChanges(ctx.container.database.db, accountId, { organisation: organisationId, page: 1 })).changes[0];
  if (found === undefined) throw new Error(`no change of ${organisationId} for ${accountId}`);
  return found;
}

/** shared: global, on A's and B's lists; aOnly: on A's list; bOwned: B's own. */
const ids = { shared: '', aOnly: '', bOwned: '' };

const deps = (accountId: string, refreshed: string[] = []) => ({
  account: async () => ({ accountId, userId: null, via: 'session' as const }),
  container: ctx.container,
  refreshPath: (path: string) => void refreshed.push(path),
});

beforeAll(async () => {
  gleif = await startFakeGleif({ latency: 'zero' });
  ctx = await createTestContainer({ env: { GLEIF_BASE_URL: gleif.url } });
  const { db } = ctx.database;
  a = await makeAccount(db);
  b = await makeAccount(db);
  ids.shared = await watchByLei(db, 'harbourline', { linkAccountId: a.id });
  await linkOrganisationToAccount(db, { accountId: b.id, organisationId: ids.shared });
  ids.aOnly = await watchByLei(db, 'fernhollowGroup', { linkAccountId: a.id });
  ids.bOwned = await watchByLei(db, 'quillstone', { ownerAccountId: b.id, linkAccountId: b.id });
  const log = ctx.container.log;
  runPass = createRunMonitorPass({
    db,
    registries: createRegistryReadsFromEnv(ctx.container.env, { cache: createProviderCache(db), log }),
    pace: async () => undefined,
    log,
    intervalHours: 24,
    now: () => clock,
  });
  // The baseline, then a day later: the shared LEI lapsed, A's organisation renamed, B's own LEI retired.
  expect(await runPass({ accountId: null })).toMatchObject({ checked: 3, changes: [] });
  clock = new Date(T0.getTime() + DAY + 1000);
  updateLeiRecord(gleif, '984500HARBOURLINE019', { registrationStatus: 'LAPSED' }, clock);
  updateLeiRecord(gleif, '984500FERNHOLDGRP028', { legalName: 'FERNHOLLOW HOLDINGS PLC' }, clock);
  updateLeiRecord(gleif, '984500QUILLSTONE0015', { registrationStatus: 'RETIRED' }, clock);
  expect((await runPass({ accountId: null })).changes).toHaveLength(3);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await gleif?.close();
});

describe('the account’s changes', () => {
  it('lists only the changes of organisations on the account’s list, with its own counts and organisation filter', async () => {
    const page = await listAccountChanges(ctx.container.database.db, a.id, { page: 1 });
    expect(page.changes.map((c) => [c.organisationId, c.kind, c.unread]).sort()).toEqual(
      [
        [ids.aOnly, 'legal_name', true],
        [ids.shared, 'lei_registration_status', true],
      ].sort(),
    );
    expect(page).toMatchObject({ total: 2, unread: 2 });
    expect(page.organisations.map((o) => o.id).sort()).toEqual([ids.aOnly, ids.shared].sort());
    // Filtering by an organisation not on the list is an empty page, not a way to learn of its changes.
    expect(await listAccountChanges(ctx.container.database.db, a.id, { organisation: ids.bOwned, page: 1 })).toMatchObject({
      total: 0,
      unread: 0,
      changes: [],
    });
    expect(await countUnreadChanges(ctx.container.database.db, { accountId: a.id })).toBe(2);
  });

  it('marking one read is the account’s own: the other account with the organisation on its list still has it unread', async () => {
    const shared = await firstChangeOf(a.id, ids.shared);
    const refreshed: string[] = [];
    expect(await runMarkChangesReadAction({ changeIds: [shared.id] }, deps(a.id, refreshed))).toEqual({ ok: true, data: { marked: 1 } });
    expect(refreshed).toEqual(['/changes']);
    expect(await countUnreadChanges(ctx.container.database.db, { accountId: a.id })).toBe(1);
    const first = (await listAccountChanges(ctx.container.database.db, a.id, { page: 1 })).changes;
    expect(first.map((c) => [c.organisationId, c.unread])).toEqual([
      [ids.aOnly, true],
      [ids.shared, false],
    ]);
    // B has the shared change and its own, both unread.
    expect(await countUnreadChanges(ctx.container.database.db, { accountId: b.id })).toBe(2);
    expect((await listAccountChanges(ctx.container.database.db, b.id, { organisation: ids.shared, page: 1 })).changes.map((c) => c.unread)).toEqual([true]);
  });

  it('a change of an organisation not on the list cannot be marked (404), and nothing of that request is marked', async () => {
    const theirs = await firstChangeOf(b.id, ids.bOwned);
    const mine = await firstChangeOf(a.id, ids.aOnly);
    const outcome = await runMarkChangesReadAction({ changeIds: [mine.id, theirs.id] }, deps(a.id));
    expect(outcome).toMatchObject({ ok: false, error: { name: 'NotFoundError' } });
    expect((await firstChangeOf(a.id, ids.aOnly)).unread).toBe(true);
    expect((await firstChangeOf(b.id, ids.bOwned)).unread).toBe(true);
    expect(await runMarkChangesReadAction({ changeIds: ['not-a-uuid'] }, deps(a.id))).toMatchObject({ ok: false, error: { name: 'ValidationError' } });
  });

  it('the identify list marks the organisations with unread changes; GET /api/changes says unread per account', async () => {
    const rows = await listIdentifyOrganisationsForAccount(ctx.database.db, { accountId: a.id });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.unreadChanges]))).toEqual({ [ids.shared]: 0, [ids.aOnly]: 1 });
    const response = await GET(new Request('http://localhost/api/changes', { headers: { authorization: a.authorization } }));
    const body = changesPageSchema.parse(await response.json());
    expect(body.changes.map((c) => [c.organisationId, c.unread]).sort()).toEqual(
      [
        [ids.shared, false],
        [ids.aOnly, true],
      ].sort(),
    );
  });

  it('History: newest first and watched on the list; not watched for an account that does not have it', async () => {
    const history = await getOrganisationHistory(ctx.container.database.db, { accountId: a.id, organisationId: ids.aOnly, identifiers: [{ type: 'LEI' }] });
    expect(history.watch).toBe('watched');
    expect(history.changes.map((c) => [c.field, c.before, c.after])).toEqual([['legalName', 'FERNHOLLOW GROUP PLC', 'FERNHOLLOW HOLDINGS PLC']]);
    expect(await getOrganisationHistory(ctx.container.database.db, { accountId: a.id, organisationId: ids.bOwned, identifiers: [{ type: 'LEI' }] })).toEqual({
      watch: 'not_on_list',
      changes: [],
    });
  });

  it('mark all marks what the filter shows, and only for the account', async () => {
    const before = await countUnreadChanges(ctx.container.database.db, { accountId: b.id });
    expect(await runMarkChangesReadAction({ all: true, filter: { kind: 'legal_name' } }, deps(a.id))).toEqual({ ok: true, data: { marked: 1 } });
    expect(await countUnreadChanges(ctx.container.database.db, { accountId: a.id })).toBe(0);
    expect(await countUnreadChanges(ctx.container.database.db, { accountId: b.id })).toBe(before);
    expect(await runMarkChangesReadAction({ all: true }, deps(a.id))).toEqual({ ok: true, data: { marked: 2 } });
  });
});
