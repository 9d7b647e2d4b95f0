/**
 * addOrganisationNAICSAction's body (runAddOrganisationNaicsAction) and POST /api/organisations/{id}/naics:
 * check order account, flag, input, use case; result shape; refresh of /organisations/{id} only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { createPostgresLock } from '../../src/adapters/lock/postgres-lock';
import { runAddOrganisationNaicsAction } from '../../src/app/actions/add-organisation-naics';
import { POST } from '../../src/app/api/organisations/[id]/naics/route';
import type { Container } from '../../src/composition-root';
import type { Logger } from '../../src/adapters/logging/logger';
import { FLAGS } from '../../src/core/flags';
import type { AccountContext } from '../../src/server/ports';
import { organisationNaicsLockKey } from '../../src/server/naics/add-organisation-naics';
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

async function account(options: { flag: boolean }) {
  const made = await makeAccount(db);
  if (options.flag) await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: made.id, value: true });
  const context: AccountContext = { accountId: made.id, userId: null, via: 'session' };
  return { ...made, context };
}

function deps(accountContext: AccountContext | null, container: Container = ctx.container) {
  const refreshed: string[] = [];
  return {
    refreshed,
    deps: { account: async () => accountContext, container, refreshPath: (path: string) => void refreshed.push(path) },
  };
}

async function tagCount(organisationId: string): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*) n from organisation_naics where organisation_id = ${organisationId}::uuid`);
  return Number(result.rows[0]?.n ?? 0);
}

describe('runAddOrganisationNaicsAction', () => {
  it('requires an active account first', async () => {
    const organisation = await makeOrganisation(db);
    const { deps: d, refreshed } = deps(null);
    const result = await runAddOrganisationNaicsAction({ organisationId: organisation.id, naicsCode: 'bad' }, d);
    expect(result).toEqual({ ok: false, error: { name: 'UnauthorizedError', message: expect.any(String) } });
    expect(refreshed).toEqual([]);
  });

  it('checks the flag before the input and before the use case (ForbiddenError, nothing written)', async () => {
    const caller = await account({ flag: false });
    const organisation = await makeOrganisation(db);
    const { deps: d, refreshed } = deps(caller.context);
    for (const input of [
      { organisationId: organisation.id, naicsCode: '111110' },
      { organisationId: '', naicsCode: 'x' },
    ]) {
      const result = await runAddOrganisationNaicsAction(input, d);
      expect(result).toEqual({ ok: false, error: { name: 'ForbiddenError', message: 'Manual classification is unavailable on this account' } });
    }
    expect(await tagCount(organisation.id)).toBe(0);
    expect(refreshed).toEqual([]);
  });

  it('rejects input that breaks the schema with the field and rule', async () => {
    const caller = await account({ flag: true });
    const organisation = await makeOrganisation(db);
    const { deps: d } = deps(caller.context);
    const badCode = await runAddOrganisationNaicsAction({ organisationId: organisation.id, naicsCode: '11111a' }, d);
    expect(badCode.ok).toBe(false);
    if (badCode.ok) return;
    expect(badCode.error.name).toBe('ValidationError');
    expect(badCode.error.issues?.map((i) => [i.field, i.rule])).toEqual([['naicsCode', 'invalid_format']]);
    const noId = await runAddOrganisationNaicsAction({ organisationId: '', naicsCode: '111110' }, d);
    expect(!noId.ok && noId.error.issues?.map((i) => [i.field, i.rule])).toEqual([['organisationId', 'invalid_format']]);
  });

  it('answers the result and refreshes /organisations/{id} only', async () => {
    const caller = await account({ flag: true });
    const organisation = await makeOrganisation(db);
    await db.execute(sql`insert into transactions (account_id, organisation_id, type, amount, currency, date)
      select ${caller.id}::uuid, ${organisation.id}::uuid, 'SPENT', 1, 'AUD', date '2026-01-01' from generate_series(1, 3)`);
    const { deps: d, refreshed } = deps(caller.context);
    const result = await runAddOrganisationNaicsAction({ organisationId: organisation.id, naicsCode: '111110' }, d);
    expect(result).toEqual({
      ok: true,
      aquila1Synced: true,
      transactionsClassified: 3,
      naics: [{ code: '111110', name: 'Soybean Farming' }],
      aquila1: [{ code: 'DEMO-11', name: '[Demo] Agriculture, Forestry, Fishing and Hunting', weight: 1, for: 'SPENT' }],
      aquila2: [],
    });
    expect(refreshed).toEqual([`/organisations/${organisation.id}`]);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('logs a warning and still succeeds when aquila1Synced is false', async () => {
    const caller = await account({ flag: true });
    const organisation = await makeOrganisation(db);
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, message: string) => void warnings.push(message), error: () => undefined } as unknown as Logger;
    const { deps: d, refreshed } = deps(caller.context, { ...ctx.container, log });
    const result = await runAddOrganisationNaicsAction({ organisationId: organisation.id, naicsCode: '921110' }, d);
    expect(result).toMatchObject({ ok: true, aquila1Synced: false, transactionsClassified: 0 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/aquila1Synced false/);
    expect(refreshed).toEqual([`/organisations/${organisation.id}`]);
  });

  it('returns ConflictError by name while another add holds the lock', async () => {
    const caller = await account({ flag: true });
    const organisation = await makeOrganisation(db);
    const lock = createPostgresLock(db);
    const token = await lock.tryAcquire(organisationNaicsLockKey(organisation.id), 30_000);
    const { deps: d, refreshed } = deps(caller.context);
    const result = await runAddOrganisationNaicsAction({ organisationId: organisation.id, naicsCode: '111110' }, d);
    expect(!result.ok && result.error.name).toBe('ConflictError');
    expect(refreshed).toEqual([]);
    if (token) await lock.release(organisationNaicsLockKey(organisation.id), token);
  });

  it('answers NotFoundError for another account’s private organisation', async () => {
    const caller = await account({ flag: true });
    const owner = await makeAccount(db);
    const organisation = await makeOrganisation(db, {}, { ownerAccountId: owner.id });
    const { deps: d } = deps(caller.context);
    const result = await runAddOrganisationNaicsAction({ organisationId: organisation.id, naicsCode: '111110' }, d);
    expect(result).toEqual({ ok: false, error: { name: 'NotFoundError', message: 'Organisation not found' } });
  });
});

describe('POST /api/organisations/{id}/naics', () => {
  const post = (id: string, body: unknown, authorization?: string) =>
    POST(
      new Request(`http://localhost/api/organisations/${id}/naics`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      { params: Promise.resolve({ id }) },
    );

  it('answers 401, 403, 400, 404, 409 and 200 in the same check order as the action', async () => {
    const off = await account({ flag: false });
    const on = await account({ flag: true });
    const owner = await makeAccount(db);
    const organisation = await makeOrganisation(db);
    const hidden = await makeOrganisation(db, {}, { ownerAccountId: owner.id });

    expect((await post(organisation.id, { naicsCode: '111110' })).status).toBe(401);
    const forbidden = await post(organisation.id, { naicsCode: 'nope' }, off.authorization);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ error: 'Manual classification is unavailable on this account', code: 'forbidden' });

    const invalid = await post(organisation.id, { naicsCode: '1234' }, on.authorization);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).issues).toEqual([{ field: 'naicsCode', rule: 'invalid_format', message: expect.any(String) }]);
    expect((await post(organisation.id, 'not json', on.authorization)).status).toBe(400);

    expect((await post(hidden.id, { naicsCode: '111110' }, on.authorization)).status).toBe(404);
    expect(await tagCount(hidden.id)).toBe(0);

    const lock = createPostgresLock(db);
    const key = organisationNaicsLockKey(organisation.id);
    const token = await lock.tryAcquire(key, 30_000);
    const conflict = await post(organisation.id, { naicsCode: '111110' }, on.authorization);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).code).toBe('conflict');
    if (token) await lock.release(key, token);

    const ok = await post(organisation.id, { naicsCode: '221111' }, on.authorization);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      organisationId: organisation.id,
      aquila1Synced: true,
      transactionsClassified: 0,
      naics: [{ code: '221111', name: 'Hydroelectric Power Generation' }],
      aquila2: [],
    });
  });
});
