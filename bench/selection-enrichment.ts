/**
 * Benchmark of selection and enrichment:
 *   `DATABASE_URL=... npx tsx bench/selection-enrichment.ts [--selects N] [--jobs N] [--realistic N]`
 * on the database DATABASE_URL names (migrated here; use a scratch database).
 *
 * Every provider's contract fake runs in this process (sandbox mode's `startSandbox`), the real adapters
 * point at them, POST /api/organisations/select is served over a real socket (@hono/node-server), and the
 * enrichment worker runs in this process with the real pg-boss queue. Reports:
 *   1. the select round trip, p50 / p95 (API key, a new organisation each time: lock, find, create, send);
 *   2. enrichment throughput in jobs per minute with zero-latency fakes, 1 and 4 concurrent workers;
 *   3. the time from select to COMPLETED with realistic fakes (the agent answers in seconds), p50 / p95.
 * Prints a table on stderr and one JSON object on stdout.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApiKey } from '../src/adapters/auth/api-keys';
import { createDatabase } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { seedDemoConcordance } from '../src/adapters/db/seed/demo-concordance';
import { seedNaics } from '../src/adapters/db/seed/naics-seed';
import { createLogger } from '../src/adapters/logging/logger';
import { POST as selectRoute } from '../src/app/api/organisations/select/route';
import { buildContainer, installContainer, type Container } from '../src/composition-root';
import { parseEnvOrThrow } from '../src/config/env';
import type { SearchOrganisationsCandidate } from '../src/core/candidates';
import { abnFromAcn, makeAcn } from '../src/core/identifiers';
import { startSandbox } from '../src/sandbox/start-sandbox';
import { startEnrichmentWorker } from '../src/server/enrichment/enrichment-worker';
import { round, summariseLatencies } from './support/stats';

const { values } = parseArgs({
  options: { selects: { type: 'string', default: '300' }, jobs: { type: 'string', default: '60' }, realistic: { type: 'string', default: '10' } },
});
const SELECTS = Number(values.selects);
const JOBS = Number(values.jobs);
const REALISTIC = Number(values.realistic);

const env = parseEnvOrThrow();
if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL to a scratch database');
const databaseUrl = env.DATABASE_URL;
const log = createLogger({ level: 'silent' });

/** Registry-only companies the fakes know (the enrichment finds pages, NAICS and registry records for them). */
const KNOWN = ['KOALA LOGISTICS PTY LTD', 'JACARANDA SOFTWARE PTY LTD', 'MURRAY RIVER WINES LIMITED', 'PLATYPUS PAYMENTS PTY LTD'];
let serial = 0;
function candidate(name?: string): SearchOrganisationsCandidate {
  serial += 1;
  const acn = makeAcn(90_000_000 + serial);
  const canonicalName = name ?? `BENCH TRADING ${serial} PTY LTD`;
  return {
    _type: 'candidate',
    canonicalName,
    description: '',
    countryIsoAlpha3: 'AUS',
    key: `AUS|${canonicalName.toLowerCase()}`,
    existingOrgId: null,
    source: 'registry_au',
    website: null,
    logo: null,
    accountLinked: false,
    identifiers: name ? [] : [{ type: 'ABN', value: abnFromAcn(acn) }, { type: 'ACN', value: acn }],
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
  };
}

async function newAccount(container: Container) {
  const account = await insertAccount(container.database.db, { name: `bench ${Date.now()} ${serial}` });
  const { apiKey } = await createApiKey(container.database.db, { accountId: account.id });
  return { id: account.id, authorization: `Bearer ${apiKey}` };
}

async function withContainer<T>(latency: 'zero' | 'realistic', run: (container: Container) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox(parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: latency }), log);
  const container = await buildContainer({
    env: { ...sandbox.env, DATABASE_URL: databaseUrl, FLAG_CACHE_TTL_MS: 5000 },
    databaseUrl,
    log,
    websiteFetcher: sandbox.websiteFetcher,
  });
  installContainer(container);
  try {
    return await run(container);
  } finally {
    await container.close();
    await sandbox.close();
  }
}

async function statusOf(container: Container, organisationId: string): Promise<string | null> {
  const rows = await container.database.db.execute<{ profile_status: string | null }>(sql`select profile_status from organisations where id = ${organisationId}::uuid`);
  return rows.rows[0]?.profile_status ?? null;
}

async function settledCount(container: Container, ids: readonly string[]): Promise<number> {
  const rows = await container.database.db.execute<{ n: number }>(
    sql`select count(*)::int n from organisations where id = any(${sql.param([...ids])}::uuid[]) and profile_status in ('COMPLETED', 'FAILED')`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function main() {
  const setup = createDatabase(databaseUrl, { max: 2 });
  await runMigrations(setup.db);
  await seedNaics(setup.db);
  await seedDemoConcordance(setup.db);
  await setup.close();

  // 1. The select round trip over HTTP (no worker running: the jobs wait in the queue).
  const roundTrip = await withContainer('zero', async (container) => {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: (request) => selectRoute(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/organisations/select`;
    const account = await newAccount(container);
    const latencies: number[] = [];
    for (let i = 0; i < SELECTS + 20; i += 1) {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: account.authorization },
        body: JSON.stringify({ candidate: candidate(), countryIsoAlpha3: 'AUS' }),
      });
      await response.json();
      if (response.status !== 200) throw new Error(`select answered ${response.status}`);
      if (i >= 20) latencies.push(performance.now() - started); // 20 warm-up requests
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await container.database.db.execute(sql`delete from pgboss.job where name = 'organisation.enrich'`);
    return summariseLatencies(latencies);
  });
  process.stderr.write(`select round trip over HTTP (${roundTrip.n}): p50 ${roundTrip.p50Ms} ms, p95 ${roundTrip.p95Ms} ms, p99 ${roundTrip.p99Ms} ms\n`);

  // 2. Throughput of the worker with zero-latency fakes.
  const throughput: Record<string, { jobs: number; seconds: number; jobsPerMinute: number; completed: number }> = {};
  for (const workers of [1, 4]) {
    throughput[workers] = await withContainer('zero', async (container) => {
      const account = await newAccount(container);
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i += 1) {
        const name = i % 2 === 0 ? KNOWN[(i / 2) % KNOWN.length] : undefined;
        // The known companies are selected by distinct accounts, so each selection is a new organisation.
        const owner = name ? await newAccount(container) : account;
        const result = await container.selection.selectOrganisation(owner.id, { candidate: candidate(name), countryIsoAlpha3: 'AUS' });
        ids.push(result.organisationId);
      }
      const started = performance.now();
      await startEnrichmentWorker({ jobs: container.jobs, enrichOrganisation: container.enrichment.enrichOrganisation, concurrency: workers });
      while ((await settledCount(container, ids)) < ids.length) await new Promise((resolve) => setTimeout(resolve, 100));
      const seconds = (performance.now() - started) / 1000;
      const completed = (await Promise.all(ids.map((id) => statusOf(container, id)))).filter((s) => s === 'COMPLETED').length;
      return { jobs: ids.length, seconds: round(seconds), jobsPerMinute: round((ids.length / seconds) * 60), completed };
    });
    const figures = throughput[workers];
    if (figures) process.stderr.write(`enrichment, zero-latency fakes, ${workers} worker(s): ${figures.jobs} jobs in ${figures.seconds} s = ${figures.jobsPerMinute} jobs/min (${figures.completed} COMPLETED)\n`);
  }

  // 3. Select to COMPLETED with realistic fakes, one at a time.
  const toCompleted = await withContainer('realistic', async (container) => {
    await startEnrichmentWorker({ jobs: container.jobs, enrichOrganisation: container.enrichment.enrichOrganisation, concurrency: 2 });
    const latencies: number[] = [];
    for (let i = 0; i < REALISTIC; i += 1) {
      const owner = await newAccount(container);
      const started = performance.now();
      const { organisationId } = await container.selection.selectOrganisation(owner.id, { candidate: candidate(KNOWN[i % KNOWN.length]), countryIsoAlpha3: 'AUS' });
      for (let status = await statusOf(container, organisationId); status === 'PENDING'; status = await statusOf(container, organisationId)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      latencies.push(performance.now() - started);
    }
    return summariseLatencies(latencies);
  });
  process.stderr.write(`select to COMPLETED, realistic fakes (${toCompleted.n}): p50 ${round(toCompleted.p50Ms / 1000, 2)} s, p95 ${round(toCompleted.p95Ms / 1000, 2)} s\n`);
  process.stdout.write(`${JSON.stringify({ roundTrip, throughput, toCompleted })}\n`);
}

await main();
process.exit(0);
