/**
 * A worker process killed with SIGKILL mid-job loses nothing: the queue expires the dead worker's job and a
 * new worker runs it to completion. And SIGTERM lets a worker stop cleanly (exit 0). Real processes
 * (`src/worker.ts` under tsx), real pg-boss, the sandbox fakes at realistic speed (the agent takes seconds,
 * so the first worker is killed while the job is active).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import { runSelectOrganisationAction } from '../../src/app/actions/select-organisation';
import type { AccountContext } from '../../src/server/ports';
import { makeAccount } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';
import { exited, killWorkers, startWorker, waitFor } from '../support/worker-process';
import { recordedReference } from '../support/candidate-references';
import { UNKNOWN_REGISTRY_STATUS } from '../../src/core/registry-status';

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  // The job's expiry is fixed when it is sent: the sending side uses the same short expiry as the workers.
  ctx = await createTestContainer({ env: { JOB_EXPIRE_SECONDS: '8', ENRICH_RETRY_DELAY_SECONDS: '1' } });
  await seedNaics(ctx.database.db);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-kill-'));
}, 120_000);
afterAll(async () => {
  killWorkers();
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const worker = (latency: 'zero' | 'realistic') => startWorker({ DATABASE_URL: ctx.database.url, DATA_DIR: dataDir, SANDBOX_LATENCY: latency });

async function jobState(organisationId: string): Promise<string | undefined> {
  const rows = await ctx.database.db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${organisationId} order by created_on desc limit 1`,
  );
  return rows.rows[0]?.state;
}

async function profileStatus(organisationId: string): Promise<string | null | undefined> {
  const rows = await ctx.database.db.execute<{ profile_status: string | null }>(
    sql`select profile_status from organisations where id = ${organisationId}::uuid`,
  );
  return rows.rows[0]?.profile_status;
}

describe('the enrichment worker process', () => {
  it('killed with SIGKILL mid-job loses nothing: the job runs again and completes', async () => {
    const made = await makeAccount(ctx.database.db);
    const context: AccountContext = { accountId: made.id, userId: null, via: 'session' };
    const selected = await runSelectOrganisationAction(
      {
        candidate: await recordedReference(ctx.database.db, made.id, {
          _type: 'candidate',
          canonicalName: 'KOALA LOGISTICS PTY LTD',
          description: '',
          countryIsoAlpha3: 'AUS',
          key: 'AUS|koala logistics',
          existingOrgId: null,
          source: 'registry_au',
          website: null,
          logo: null,
          accountLinked: false,
          identifiers: [{ type: 'ABN', value: '73434904926' }],
          websiteValidated: false,
          nameKind: 'entity',
          matchedBusinessName: null,
          parentEntityName: null,
          registryStatus: UNKNOWN_REGISTRY_STATUS,
          type: 'ProprietaryLimited',
        }),
        countryIsoAlpha3: 'AUS',
      },
      { account: async () => context, container: ctx.container },
    );
    if (!selected.ok) throw new Error(JSON.stringify(selected.error));
    const id = selected.data.organisationId;

    const first = worker('realistic');
    await waitFor('the first worker to take the job', async () => ((await jobState(id)) === 'active' ? true : undefined), 60_000);
    first.child.kill('SIGKILL');
    expect(await exited(first.child)).toBeNull();
    expect(await profileStatus(id)).toBe('PENDING');

    const second = worker('zero');
    const status = await waitFor(
      'the profile to settle',
      async () => {
        const value = await profileStatus(id);
        return value === 'COMPLETED' || value === 'FAILED' ? value : undefined;
      },
      90_000,
    );
    expect(status, second.output()).toBe('COMPLETED');
    // The job itself completes once the handler returns (verification follows the profile's COMPLETED).
    await waitFor('the job to complete', async () => ((await jobState(id)) === 'completed' ? true : undefined), 30_000);
    const retries = await ctx.database.db.execute<{ retry_count: number }>(
      sql`select retry_count from pgboss.job where name = 'organisation.enrich' and data->>'organisationId' = ${id}`,
    );
    expect(retries.rows[0]?.retry_count).toBe(1); // the killed attempt, then the one that completed

    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
    expect(second.output()).toContain('worker shutting down');
  }, 180_000);
});
