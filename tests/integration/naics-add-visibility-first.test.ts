/**
 * Lock before visibility (issue 10): POST /api/organisations/{id}/naics validates the id and checks that the
 * organisation is visible to the caller before AddOrganisationNAICS takes the per-organisation lock, so another
 * account that knows the id gets 404 (never 409) and learns neither the organisation nor an add in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '../../src/app/api/organisations/[id]/naics/route';
import { createPostgresLock } from '../../src/adapters/lock/postgres-lock';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import { seedDemoConcordance } from '../../src/adapters/db/seed/demo-concordance';
import { FLAGS } from '../../src/core/flags';
import { organisationNaicsLockKey } from '../../src/server/naics/add-organisation-naics';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof makeAccount>>;
let stranger: Awaited<ReturnType<typeof makeAccount>>;
let privateId = '';

async function enable(accountId: string): Promise<void> {
  await setFlagValue(ctx.database.db, { flagKey: FLAGS.manualNaicsClassification.key, accountId, value: true });
}

function addNaics(authorization: string, organisationId: string, naicsCode = '221111'): Promise<Response> {
  return POST(
    new Request(`http://localhost/api/organisations/${encodeURIComponent(organisationId)}/naics`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ naicsCode }),
    }),
    { params: Promise.resolve({ id: organisationId }) },
  );
}

beforeAll(async () => {
  ctx = await createTestContainer();
  await seedNaics(ctx.database.db);
  await seedDemoConcordance(ctx.database.db);
  owner = await makeAccount(ctx.database.db);
  stranger = await makeAccount(ctx.database.db);
  await enable(owner.id);
  await enable(stranger.id);
  privateId = (await makeOrganisation(ctx.database.db, { profileStatus: 'COMPLETED' }, { ownerAccountId: owner.id })).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('another account that knows a private organisation id', () => {
  it('gets 404 on each of 20 concurrent adds while the owner holds the lock (never 409), and the owner still sees 409', async () => {
    const lock = createPostgresLock(ctx.database.db);
    const key = organisationNaicsLockKey(privateId);
    const token = await lock.tryAcquire(key, 30_000);
    expect(token).not.toBeNull();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => addNaics(stranger.authorization, privateId)));
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 404));
      expect(await answers[0]?.json()).toEqual({ error: 'Organisation not found', code: 'not_found' });
      // The lock is real: the owner's own add, in the same instant, is the one that conflicts.
      expect((await addNaics(owner.authorization, privateId)).status).toBe(409);
    } finally {
      if (token) await lock.release(key, token);
    }
  });

  it('gets 404 on 20 concurrent adds with no add in flight, and never takes the lock from the owner', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => addNaics(stranger.authorization, privateId)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 404));
    // Had any of them taken the lock, some of these owner adds would answer 409.
    const ownerAnswers = await Promise.all([addNaics(stranger.authorization, privateId), addNaics(owner.authorization, privateId)]);
    expect(ownerAnswers.map((a) => a.status)).toEqual([404, 200]);
  });
});

describe('the organisation id', () => {
  it('is validated as a UUID first: 400 naming the field, for the owner and a stranger alike', async () => {
    for (const id of ['not-a-uuid', `${privateId}x`, '1']) {
      const response = await addNaics(stranger.authorization, id);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: 'organisationId' }] });
    }
  });

  it('of an organisation that does not exist answers 404 like an invisible one', async () => {
    expect((await addNaics(stranger.authorization, '3f2b1c9e-0d4a-4e5f-8a7b-6c5d4e3f2a1b')).status).toBe(404);
  });
});
