/**
 * Re-enrichment is bounded (issue 19 section 2), through the route (`POST /api/organisations/{id}/enrich`, an API
 * key) and the action (`triggerEnrichmentAction`), on real PostgreSQL and the real pg-boss queue:
 * - at most one pending enrichment per organisation: concurrent requests queue exactly one job, a later request
 *   joins it (the same answer, nothing queued) while it is queued or running, and a new one is queued once it ended;
 * - a per-account limit (REENRICH_RATE_LIMIT_PER_HOUR): 429 in the error shape with Retry-After;
 * - a global organisation is re-enriched only when its profile is FAILED, never settled, or older than
 *   REENRICH_GLOBAL_MIN_AGE_HOURS; a fresh COMPLETED one is refused with 409; an owned one may be at any time.
 * Profiles are settled with the enrichment worker's own store (EnrichmentStore.complete / fail).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as enrich } from '../../src/app/api/organisations/[id]/enrich/route';
import { runTriggerEnrichmentAction } from '../../src/app/actions/trigger-enrichment';
import { createEnrichmentStore } from '../../src/adapters/db/queries/enrichment-store';
import type { EnrichmentStore } from '../../src/server/enrichment/ports';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

const LIMIT_PER_HOUR = 25;
const MIN_AGE_HOURS = 24;
const HOUR_MS = 3_600_000;

let ctx: TestContext;
let enrichmentStore: EnrichmentStore;

beforeAll(async () => {
  // No enrichment worker: a queued job stays pending for as long as a test looks at it.
  ctx = await createTestContainer({ env: { REENRICH_RATE_LIMIT_PER_HOUR: String(LIMIT_PER_HOUR), REENRICH_GLOBAL_MIN_AGE_HOURS: String(MIN_AGE_HOURS) } });
  enrichmentStore = createEnrichmentStore(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

type Account = Awaited<ReturnType<typeof makeAccount>>;

function viaRoute(account: Account, organisationId: string): Promise<Response> {
  return enrich(
    new Request(`http://localhost:3000/api/organisations/${organisationId}/enrich`, {
      method: 'POST',
      headers: { authorization: account.authorization, 'content-type': 'application/json' },
      body: '{}',
    }),
    { params: Promise.resolve({ id: organisationId }) },
  );
}

function viaAction(account: Account, organisationId: string) {
  return runTriggerEnrichmentAction(
    { organisationId },
    { account: async () => ({ accountId: account.id, userId: null, via: 'session' }), container: ctx.container, refreshPath: () => undefined },
  );
}

async function enrichJobs(organisationId: string): Promise<number> {
  const result = await ctx.database.db.execute<{ count: string }>(
    sql`select count(*)::text as count from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${organisationId}`,
  );
  return Number(result.rows[0]?.count);
}

async function profileStatus(organisationId: string): Promise<string | null> {
  const result = await ctx.database.db.execute<{ profile_status: string | null }>(
    sql`select profile_status from organisations where id = ${organisationId}::uuid`,
  );
  return result.rows[0]?.profile_status ?? null;
}

/** A global organisation whose profile settled `hoursAgo` hours ago, written as the worker writes it. */
async function globalSettled(outcome: 'COMPLETED' | 'FAILED', hoursAgo: number): Promise<string> {
  const { id } = await makeOrganisation(ctx.database.db, { profileStatus: 'PENDING' });
  const at = new Date(Date.now() - hoursAgo * HOUR_MS);
  if (outcome === 'COMPLETED') await enrichmentStore.complete(id, { identifiers: [], aliases: [] }, at);
  else await enrichmentStore.fail(id, 'The enrichment agent could not be reached', at);
  return id;
}

describe('one pending enrichment per organisation', () => {
  it('queues exactly one job for 20 concurrent requests (route and action alike), each answered the same', async () => {
    const account = await makeAccount(ctx.database.db);
    const { id } = await makeOrganisation(ctx.database.db, { profileStatus: 'COMPLETED' }, { ownerAccountId: account.id, linkAccountId: account.id });
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        if (i % 2 === 0) {
          const response = await viaRoute(account, id);
          return { status: response.status, body: (await response.json()) as unknown };
        }
        const result = await viaAction(account, id);
        return { status: result.ok ? 202 : 0, body: result.ok ? { data: result.data } : result };
      }),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 202, body: { data: { organisationId: id } } })));
    expect(await enrichJobs(id)).toBe(1);
    expect(await profileStatus(id)).toBe('PENDING');
  });

  it('lets a second request join the queued one: the same answer, nothing queued', async () => {
    const account = await makeAccount(ctx.database.db);
    const { id } = await makeOrganisation(ctx.database.db, { profileStatus: 'FAILED' }, { ownerAccountId: account.id });
    const first = await viaRoute(account, id);
    expect(first.status).toBe(202);
    const firstBody: unknown = await first.json();
    const second = await viaRoute(account, id);
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual(firstBody);
    expect(await viaAction(account, id)).toEqual({ ok: true, data: { organisationId: id } });
    expect(await enrichJobs(id)).toBe(1);
  });

  it('joins an enrichment queued by another account for a global organisation', async () => {
    const [a, b] = [await makeAccount(ctx.database.db), await makeAccount(ctx.database.db)];
    const id = await globalSettled('FAILED', 0);
    expect((await viaRoute(a, id)).status).toBe(202);
    expect(await viaAction(b, id)).toEqual({ ok: true, data: { organisationId: id } });
    expect(await enrichJobs(id)).toBe(1);
  });
});

describe('the per-account re-enrichment limit', () => {
  it(`answers 429 in the error shape with Retry-After past ${LIMIT_PER_HOUR} requests an hour, on the route and the action; other accounts are unaffected`, async () => {
    const account = await makeAccount(ctx.database.db);
    const { id } = await makeOrganisation(ctx.database.db, {}, { ownerAccountId: account.id });
    for (let i = 0; i < LIMIT_PER_HOUR; i += 1) expect((await viaRoute(account, id)).status).toBe(202);
    const refused = await viaRoute(account, id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      error: expect.stringMatching(/Too many enrichment requests for this account; try again in \d+ minutes/),
    });
    expect(await viaAction(account, id)).toMatchObject({
      ok: false,
      error: { name: 'RateLimitedError', message: expect.stringMatching(/enrichment requests/) },
    });
    expect(await enrichJobs(id)).toBe(1);

    const other = await makeAccount(ctx.database.db);
    const theirs = await makeOrganisation(ctx.database.db, {}, { ownerAccountId: other.id });
    expect((await viaRoute(other, theirs.id)).status).toBe(202);
  });
});

describe('who may re-enrich a global organisation', () => {
  it('refuses a fresh COMPLETED profile with 409 saying from when, and queues nothing (route and action)', async () => {
    const account = await makeAccount(ctx.database.db);
    const id = await globalSettled('COMPLETED', 1);
    const refused = await viaRoute(account, id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: 'conflict',
      error: expect.stringMatching(/shared by every account .* enriched again from \d{4}-\d\d-\d\d \d\d:\d\d UTC/),
    });
    expect(await viaAction(account, id)).toMatchObject({
      ok: false,
      error: { name: 'ConflictError', message: expect.stringMatching(/shared by every account/) },
    });
    expect(await enrichJobs(id)).toBe(0);
    expect(await profileStatus(id)).toBe('COMPLETED');
  });

  it('re-enriches a FAILED one at once, once (a second request joins)', async () => {
    const account = await makeAccount(ctx.database.db);
    const id = await globalSettled('FAILED', 0);
    expect(await viaAction(account, id)).toEqual({ ok: true, data: { organisationId: id } });
    expect(await profileStatus(id)).toBe('PENDING');
    expect((await viaRoute(account, id)).status).toBe(202);
    expect(await enrichJobs(id)).toBe(1);
  });

  it(`re-enriches a COMPLETED one older than ${MIN_AGE_HOURS} hours, once`, async () => {
    const account = await makeAccount(ctx.database.db);
    const id = await globalSettled('COMPLETED', MIN_AGE_HOURS + 1);
    expect((await viaRoute(account, id)).status).toBe(202);
    expect(await viaAction(account, id)).toEqual({ ok: true, data: { organisationId: id } });
    expect(await enrichJobs(id)).toBe(1);
  });

  it("re-enriches the account's own organisation however fresh, subject to the one pending enrichment", async () => {
    const account = await makeAccount(ctx.database.db);
    const { id } = await makeOrganisation(ctx.database.db, { profileStatus: 'PENDING' }, { ownerAccountId: account.id });
    await enrichmentStore.complete(id, { identifiers: [], aliases: [] }, new Date());
    expect((await viaRoute(account, id)).status).toBe(202);
    expect((await viaRoute(account, id)).status).toBe(202);
    expect(await enrichJobs(id)).toBe(1);
  });
});

describe('a running enrichment', () => {
  let running: TestContext;
  beforeAll(async () => {
    running = await createTestContainer();
  });
  afterAll(async () => {
    await running?.close();
  });

  it('is joined while it runs, and a request after it ended queues the next one', async () => {
    const account = await makeAccount(running.database.db);
    const { id } = await makeOrganisation(running.database.db, { profileStatus: 'FAILED' }, { ownerAccountId: account.id });
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    // A worker on the real queue whose handler holds the job active until the test lets it finish.
    await running.container.jobs.work('organisation.enrich', async () => {
      started();
      await finished;
    });
    const deps = {
      account: async () => ({ accountId: account.id, userId: null, via: 'session' as const }),
      container: running.container,
      refreshPath: () => undefined,
    };
    const jobStates = async () =>
      (
        await running.database.db.execute<{ state: string }>(
          sql`select state::text from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${id} order by created_on`,
        )
      ).rows.map((r) => r.state);

    expect(await runTriggerEnrichmentAction({ organisationId: id }, deps)).toMatchObject({ ok: true });
    await isRunning;
    expect(await jobStates()).toEqual(['active']);
    expect(await runTriggerEnrichmentAction({ organisationId: id }, deps)).toEqual({ ok: true, data: { organisationId: id } });
    expect(await jobStates()).toEqual(['active']);

    finish();
    for (let i = 0; i < 100 && (await jobStates())[0] !== 'completed'; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobStates()).toEqual(['completed']);
    expect(await runTriggerEnrichmentAction({ organisationId: id }, deps)).toMatchObject({ ok: true });
    expect(await jobStates()).toEqual(['completed', expect.stringMatching(/created|active/)]);
  }, 60_000);
});
