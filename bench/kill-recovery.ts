/**
 * Time to recovery after a worker is killed mid-job (issue 19, section 4): how long a job held by a worker that
 * died (SIGKILL) waits before another worker runs it, with the product's own queue settings.
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/kill-recovery.ts [--scenario enrichment|batch|both]
 *     [--runs 1] [--rows 20000] [--keep]
 *   (npm run bench:kill-recovery -- ...; no build needed)
 *
 * On its own fresh database `osc_bench_kill_recovery` (BENCH_DATABASE_URL's server; dropped at the end unless
 * `--keep`), migrated. Worker processes are `src/worker.ts` as `npm run worker` starts it (sandbox mode: the
 * contract fakes at realistic speed, so an enrichment takes seconds), with the product's defaults for the job
 * expiry, lease and maintenance (JOB_* variables are not set unless they are in this process's environment).
 * For each run and scenario:
 * - enrichment: an organisation without a profile and its `organisation.enrich` job (sent through the queue
 *   port); once a worker holds the job, it is killed with SIGKILL and a new worker is started at once.
 * - batch: a supplier batch of `--rows` rows created by the product's CreateMatchBatch (its `match-batch.run`
 *   job in the same transaction); once a tenth of its rows is committed the worker is killed and a new one
 *   started.
 * Measured from the kill: `takenOverSeconds` (the job is active again in a new attempt, or already done),
 * `progressSeconds` (batch: the first chunk committed after the kill; enrichment: the profile COMPLETED),
 * and the new worker's own start-up time (part of both). Writes bench/out/kill-recovery.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDatabase, type Database } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { insertOrganisation } from '../src/adapters/db/queries/organisations-write';
import { createLogger } from '../src/adapters/logging/logger';
import { createPgBossJobQueue, type PgBossJobQueue } from '../src/adapters/queue/pg-boss-queue';
import { parseEnvOrThrow, type Env } from '../src/config/env';
import { organisationEnrichPayload } from '../src/core/jobs';
import { createCreateMatchBatch } from '../src/server/batch-matching/create-match-batch';
import { admin, databaseUrl } from './support/bench-database';
import { round } from './support/stats';

const args = parseArgs({
  options: {
    scenario: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '1' },
    rows: { type: 'string', default: '20000' },
    keep: { type: 'boolean', default: false },
  },
}).values;
const DATABASE = 'osc_bench_kill_recovery';
const root = path.resolve(import.meta.dirname, '..');
const note = (message: string) => process.stderr.write(`[bench:kill-recovery] ${message}\n`);
const seconds = (ms: number) => round(ms / 1000, 1);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
  tail: () => string;
}

/** Starts `src/worker.ts` under tsx; resolves once it logs that its workers are ready. */
async function startWorker(env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'worker.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const tail = () => lines.slice(-30).join('\n');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready after 120 s:\n${tail()}`)), 120_000);
    let buffer = '';
    const read = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        lines.push(line);
        if (lines.length > 200) lines.shift();
        if (line.includes('workers ready')) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${String(code)}) before it was ready:\n${tail()}`));
    });
  });
  return { child, exited, tail };
}

async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  const killer = setTimeout(() => running.child.kill('SIGKILL'), 20_000);
  await running.exited;
  clearTimeout(killer);
}

async function kill(running: Running): Promise<number> {
  running.child.kill('SIGKILL');
  await running.exited;
  return performance.now();
}

/** Polls `probe` every 100 ms until it answers a value (at most `timeoutMs`). */
async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

interface JobRow {
  state: string;
  retry_count: number;
}

async function jobState(database: Database, name: string, id: string): Promise<JobRow | undefined> {
  const found = await database.pool.query<JobRow>('select state, retry_count from pgboss.job where name = $1 and id = $2', [name, id]);
  return found.rows[0];
}

interface Context {
  database: Database;
  queue: PgBossJobQueue;
  workerEnv: NodeJS.ProcessEnv;
  env: Env;
  processes: Running[];
}

async function worker(context: Context): Promise<Running> {
  const running = await startWorker(context.workerEnv);
  context.processes.push(running);
  return running;
}

async function enrichmentRun(context: Context) {
  const { database, queue } = context;
  const account = await insertAccount(database.db, { name: 'Kill recovery benchmark' });
  const organisationId = await insertOrganisation(database.db, { name: `Wattle Creek Haulage ${Date.now()} Pty Ltd`, countryIsoAlpha3: 'AUS' });
  const first = await worker(context);
  const jobId = await queue.send(
    'organisation.enrich',
    organisationEnrichPayload({ organisationId, accountId: account.id, website: null, countryIsoAlpha3: 'AUS' }),
  );
  await until(
    'the first worker to take the enrichment',
    async () => ((await jobState(database, 'organisation.enrich', jobId))?.state === 'active' ? true : undefined),
    60_000,
  );
  await pause(500); // mid-job: the agent is answering
  const killedAt = await kill(first);
  const held = await jobState(database, 'organisation.enrich', jobId);
  if (held?.state !== 'active') throw new Error(`the enrichment was not held at the kill (state ${String(held?.state)}): make it slower`);
  const second = await worker(context);
  const readyAt = performance.now();
  const takenOverAt = await until(
    'the job to be taken over',
    async () => {
      const now = await jobState(database, 'organisation.enrich', jobId);
      return now !== undefined && ((now.state === 'active' && now.retry_count >= 1) || now.state === 'completed') ? performance.now() : undefined;
    },
    900_000,
  );
  const completedAt = await until(
    'the profile to complete',
    async () => {
      const found = await database.pool.query<{ profile_status: string | null }>('select profile_status from organisations where id = $1', [organisationId]);
      const status = found.rows[0]?.profile_status;
      if (status === 'FAILED') throw new Error('the enrichment failed');
      return status === 'COMPLETED' ? performance.now() : undefined;
    },
    900_000,
  );
  const done = await until(
    'the job to complete',
    async () => {
      const now = await jobState(database, 'organisation.enrich', jobId);
      return now?.state === 'completed' ? now : undefined;
    },
    60_000,
  );
  await stop(second);
  return {
    workerStartSeconds: seconds(readyAt - killedAt),
    takenOverSeconds: seconds(takenOverAt - killedAt),
    progressSeconds: seconds(completedAt - killedAt),
    attempts: done.retry_count + 1,
  };
}

async function batchRun(context: Context, rows: number) {
  const { database, queue, env } = context;
  const account = await insertAccount(database.db, { name: 'Kill recovery benchmark' });
  const create = createCreateMatchBatch({ db: database.db, jobs: queue, assessor: 'uncalibrated', registryCap: env.MATCH_REGISTRY_MAX_ROWS });
  const lines = Array.from({ length: rows }, (_, i) => `Wattle Creek Haulage ${i % 997},AUS`);
  const first = await worker(context);
  const { batchId } = await create(account.id, {
    fileName: 'kill-recovery.csv',
    csv: `name,country\n${lines.join('\n')}`,
    columns: { name: 'name', country: 'country' },
  });
  const processed = async () => {
    const found = await database.pool.query<{ processed_rows: number; status: string }>('select processed_rows, status from match_batches where id = $1', [
      batchId,
    ]);
    const row = found.rows[0];
    if (row === undefined) throw new Error('the batch vanished');
    return row;
  };
  await until(
    'a tenth of the rows',
    async () => {
      const now = await processed();
      if (now.status === 'completed') throw new Error('the batch completed before the kill: give it more --rows');
      return now.processed_rows >= rows / 10 ? true : undefined;
    },
    600_000,
  );
  const killedAt = await kill(first);
  const atKill = (await processed()).processed_rows;
  const heldJob = await database.pool.query<{ id: string }>(
    "select id from pgboss.job where name = 'match-batch.run' and data->>'batchId' = $1 and state = 'active'",
    [batchId],
  );
  const jobId = heldJob.rows[0]?.id;
  if (jobId === undefined) throw new Error('no batch job was held at the kill');
  const second = await worker(context);
  const readyAt = performance.now();
  const takenOverAt = await until(
    'the batch job to be taken over',
    async () => {
      const now = await jobState(database, 'match-batch.run', jobId);
      return now !== undefined && ((now.state === 'active' && now.retry_count >= 1) || now.state === 'completed') ? performance.now() : undefined;
    },
    900_000,
  );
  const progressAt = await until(
    'a chunk committed after the kill',
    async () => ((await processed()).processed_rows > atKill ? performance.now() : undefined),
    900_000,
  );
  const completed = await until('the batch to complete', async () => ((await processed()).status === 'completed' ? true : undefined), 900_000);
  const results = await database.pool.query<{ total: number; decided: number }>(
    'select count(*)::int as total, count(result)::int as decided from match_batch_rows where batch_id = $1',
    [batchId],
  );
  await stop(second);
  return {
    rowsCommittedAtKill: atKill,
    workerStartSeconds: seconds(readyAt - killedAt),
    takenOverSeconds: seconds(takenOverAt - killedAt),
    progressSeconds: seconds(progressAt - killedAt),
    everyRowOnce: completed && results.rows[0]?.total === rows && results.rows[0]?.decided === rows,
  };
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  if (!env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL is required (a PostgreSQL server this benchmark may create a database on)');
  const adminUrl = env.BENCH_DATABASE_URL;
  const url = databaseUrl(adminUrl, DATABASE);
  const scenarios = args.scenario === 'both' ? ['enrichment', 'batch'] : [String(args.scenario)];
  const runs = Number(args.runs);
  const rows = Number(args.rows);
  const loadAtStart = os.loadavg().map((l) => round(l, 2));

  await admin(adminUrl, `drop database if exists ${DATABASE} with (force)`);
  await admin(adminUrl, `create database ${DATABASE}`);
  const database = createDatabase(url, { max: 2, applicationName: 'bench-kill-recovery' });
  await runMigrations(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-kill-recovery-'));
  const workerEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    APP_ENV: 'sandbox',
    SANDBOX_LATENCY: 'realistic',
    LOG_LEVEL: 'info',
    WORKER_CONCURRENCY: '1',
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('JOB_') || name.startsWith('ENRICH_RETRY_'))),
  };
  // The sending side's queue settings are the workers' (a job's expiry is fixed when it is sent).
  const queue = createPgBossJobQueue({
    connectionString: url,
    log: createLogger({ level: 'warn', name: 'bench' }),
    retryLimit: env.ENRICH_RETRY_LIMIT,
    retryDelaySeconds: env.ENRICH_RETRY_DELAY_SECONDS,
    expireInSeconds: env.JOB_EXPIRE_SECONDS,
    maintenanceIntervalSeconds: env.JOB_MAINTENANCE_INTERVAL_SECONDS,
  });
  const context: Context = { database, queue, workerEnv, env, processes: [] };
  const results: Record<string, unknown[]> = {};
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const scenario of scenarios) {
        note(`run ${run + 1}: ${scenario}`);
        const figures = scenario === 'batch' ? await batchRun(context, rows) : await enrichmentRun(context);
        note(JSON.stringify(figures));
        (results[scenario] ??= []).push(figures);
      }
    }
    const figures = {
      settings: {
        JOB_EXPIRE_SECONDS: env.JOB_EXPIRE_SECONDS,
        JOB_MAINTENANCE_INTERVAL_SECONDS: env.JOB_MAINTENANCE_INTERVAL_SECONDS,
        ENRICH_RETRY_DELAY_SECONDS: env.ENRICH_RETRY_DELAY_SECONDS,
      },
      rows,
      results,
      loadAtStart,
      loadAtEnd: os.loadavg().map((l) => round(l, 2)),
      cpus: os.cpus().length,
      measuredAt: new Date().toISOString(),
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    fs.mkdirSync(path.join(root, 'bench', 'out'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench', 'out', 'kill-recovery.md'),
      `# Kill-and-recover benchmark\n\n\`\`\`json\n${JSON.stringify(figures, null, 2)}\n\`\`\`\n`,
    );
  } finally {
    for (const p of context.processes) await stop(p).catch(() => undefined);
    await queue.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!args.keep) await admin(adminUrl, `drop database if exists ${DATABASE} with (force)`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
