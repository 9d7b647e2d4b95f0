/**
 * Benchmark of selection and enrichment:
 *   `DATABASE_URL=... npx tsx bench/selection-enrichment.ts [--selects N] [--jobs N] [--realistic N]`
 * DATABASE_URL names a server and a database to connect to; each phase creates, migrates and seeds its own
 * database `osc_bench_selection_<phase>` next to it (dropped first if it exists), so no phase finds the
 * organisations an earlier one created (verification turns them global, and a later selection of the same
 * company would select them instead of creating one).
 *
 * Every provider's contract fake runs in this process (sandbox mode's `startSandbox`), the real adapters
 * point at them, POST /api/organisations/select is served over a real socket (@hono/node-server), and the
 * enrichment worker runs in this process with the real pg-boss queue. Selection is by reference (decision 0017):
 * each synthetic candidate is recorded as the search stream records what it hands out (the candidate references
 * store, one batch of one), and the selection sends its `ref`. Reports:
 *   1. the select round trip, p50 / p95 (API key, a new organisation each time: read the reference, lock, find,
 *      create, send; the recording is outside the timed request, as the stream does it);
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
import { createCandidateReferences } from '../src/adapters/db/queries/candidate-references';
import { createDatabase } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { seedDemoConcordance } from '../src/adapters/db/seed/demo-concordance';
import { seedNaics } from '../src/adapters/db/seed/naics-seed';
import { createLogger } from '../src/adapters/logging/logger';
import { POST as selectRoute } from '../src/app/api/organisations/select/route';
import { buildContainer, installContainer, type Container } from '../src/composition-root';
import { parseEnvOrThrow } from '../src/config/env';
import type { StreamedSelectionCandidate } from '../src/core/selection';
import { abnFromAcn, makeAcn } from '../src/core/identifiers';
import { startSandbox } from '../src/sandbox/start-sandbox';
import { startEnrichmentWorker } from '../src/server/enrichment/enrichment-worker';
import { newCandidateReference } from '../src/server/selection/candidate-references';
import { round, summariseLatencies } from './support/stats';
import { UNKNOWN_REGISTRY_STATUS } from '../src/core/registry-status';

const { values } = parseArgs({
  options: { selects: { type: 'string', default: '300' }, jobs: { type: 'string', default: '60' }, realistic: { type: 'string', default: '8' } },
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
function candidate(name?: string): StreamedSelectionCandidate {
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
    identifiers: name
      ? []
      : [
          { type: 'ABN', value: abnFromAcn(acn) },
          { type: 'ACN', value: acn },
        ],
    websiteValidated: false,
    registryStatus: UNKNOWN_REGISTRY_STATUS,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
  };
}

/** The candidate recorded for the account as the search stream records it; the reference a selection sends. */
async function referenced(container: Container, accountId: string, facts: StreamedSelectionCandidate) {
  const ref = newCandidateReference();
  await createCandidateReferences(container.database.db).record(accountId, { candidates: [{ ref, candidate: facts }], patches: [] });
  return { _type: 'candidate' as const, ref };
}

async function newAccount(container: Container) {
  const account = await insertAccount(container.database.db, { name: `bench ${Date.now()} ${serial}` });
  const { apiKey } = await createApiKey(container.database.db, { accountId: account.id });
  return { id: account.id, authorization: `Bearer ${apiKey}` };
}

/** A fresh database for one phase, migrated and seeded with the NAICS codes and the demo concordance. */
async function freshDatabase(phase: string): Promise<string> {
  const name = `osc_bench_selection_${phase}`;
  const admin = createDatabase(databaseUrl, { max: 1 });
  try {
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.db.execute(sql.raw(`create database ${name}`));
  } finally {
    await admin.close();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const setup = createDatabase(url.toString(), { max: 2 });
  try {
    await runMigrations(setup.db);
    await seedNaics(setup.db);
    await seedDemoConcordance(setup.db);
  } finally {
    await setup.close();
  }
  return url.toString();
}

async function withContainer<T>(phase: string, latency: 'zero' | 'realistic', run: (container: Container) => Promise<T>): Promise<T> {
  const phaseDatabaseUrl = await freshDatabase(phase);
  const sandbox = await startSandbox(parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: latency }), log);
  const container = await buildContainer({
    env: { ...sandbox.env, DATABASE_URL: phaseDatabaseUrl, FLAG_CACHE_TTL_MS: 5000 },
    databaseUrl: phaseDatabaseUrl,
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
  const rows = await container.database.db.execute<{ profile_status: string | null }>(
    sql`select profile_status from organisations where id = ${organisationId}::uuid`,
  );
  return rows.rows[0]?.profile_status ?? null;
}

async function settledCount(container: Container, ids: readonly string[]): Promise<number> {
  const rows = await container.database.db.execute<{ n: number }>(
    sql`select count(*)::int n from organisations where id = any(${sql.param([...ids])}::uuid[]) and profile_status in ('COMPLETED', 'FAILED')`,
  );
  return rows.rows[0]?.n ?? 0;
}

async function main() {
  // 1. The select round trip over HTTP (no worker running: the jobs wait in the queue).
  const roundTrip = await withContainer('round_trip', 'zero', async (container) => {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: (request) => selectRoute(request), port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/organisations/select`;
    const account = await newAccount(container);
    const latencies: number[] = [];
    for (let i = 0; i < SELECTS + 20; i += 1) {
      const selected = await referenced(container, account.id, candidate());
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: account.authorization },
        body: JSON.stringify({ candidate: selected, countryIsoAlpha3: 'AUS' }),
      });
      await response.json();
      if (response.status !== 200) throw new Error(`select answered ${response.status}`);
      if (i >= 20) latencies.push(performance.now() - started); // 20 warm-up requests
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return summariseLatencies(latencies);
  });
  process.stderr.write(`select round trip over HTTP (${roundTrip.n}): p50 ${roundTrip.p50Ms} ms, p95 ${roundTrip.p95Ms} ms, p99 ${roundTrip.p99Ms} ms\n`);

  // 2. Throughput of the worker with zero-latency fakes.
  const throughput: Record<string, { jobs: number; seconds: number; jobsPerMinute: number; completed: number }> = {};
  for (const workers of [1, 4]) {
    throughput[workers] = await withContainer(`throughput_${workers}`, 'zero', async (container) => {
      const account = await newAccount(container);
      const ids: string[] = [];
      for (let i = 0; i < JOBS; i += 1) {
        const name = i % 2 === 0 ? KNOWN[(i / 2) % KNOWN.length] : undefined;
        // The known companies are selected by distinct accounts, so each selection is a new organisation.
        const owner = name ? await newAccount(container) : account;
        const selected = await referenced(container, owner.id, candidate(name));
        const result = await container.selection.selectOrganisation(owner.id, { candidate: selected, countryIsoAlpha3: 'AUS' });
        if (!result.created) throw new Error(`selection ${i} matched an existing organisation; every selection must create one`);
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
    if (figures)
      process.stderr.write(
        `enrichment, zero-latency fakes, ${workers} worker(s): ${figures.jobs} jobs in ${figures.seconds} s = ${figures.jobsPerMinute} jobs/min (${figures.completed} COMPLETED)\n`,
      );
  }

  // 3. Select to COMPLETED with realistic fakes, one at a time. The fakes know four registry-only companies, and a
  // verified one turns global (a second selection would select it), so every four selections get a fresh database.
  const realisticLatencies: number[] = [];
  for (let round = 0; round * KNOWN.length < REALISTIC; round += 1) {
    await withContainer(`realistic_${round}`, 'realistic', async (container) => {
      await startEnrichmentWorker({ jobs: container.jobs, enrichOrganisation: container.enrichment.enrichOrganisation, concurrency: 2 });
      for (let i = round * KNOWN.length; i < Math.min(REALISTIC, (round + 1) * KNOWN.length); i += 1) {
        const owner = await newAccount(container);
        const selected = await referenced(container, owner.id, candidate(KNOWN[i % KNOWN.length]));
        const started = performance.now();
        const result = await container.selection.selectOrganisation(owner.id, { candidate: selected, countryIsoAlpha3: 'AUS' });
        if (!result.created) throw new Error(`selection ${i} matched an existing organisation`);
        for (let status = await statusOf(container, result.organisationId); status === 'PENDING'; status = await statusOf(container, result.organisationId)) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        realisticLatencies.push(performance.now() - started);
      }
    });
  }
  const toCompleted = summariseLatencies(realisticLatencies);
  process.stderr.write(
    `select to COMPLETED, realistic fakes (${toCompleted.n}): p50 ${round(toCompleted.p50Ms / 1000, 2)} s, p95 ${round(toCompleted.p95Ms / 1000, 2)} s\n`,
  );
  process.stdout.write(`${JSON.stringify({ roundTrip, throughput, toCompleted })}\n`);
}

await main();
process.exit(0);
