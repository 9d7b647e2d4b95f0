/**
 * Batch matching's restart figure (issue 13, section 3): a 100,000-row supplier file ends with a result and
 * nothing lost after the process running its job is killed and restarted mid-way.
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/batch-restart.ts [--organisations 100000] [--rows 100000]
 *     [--kill-from 0.3] [--kill-to 0.6] [--expire-seconds 60] [--keep]
 *   (npm run bench:batch-restart -- ...; needs a production build: `npm run build`)
 *
 * On its own fresh database `osc_bench_restart` (BENCH_DATABASE_URL's server; dropped at the end unless
 * `--keep`): `--organisations` synthetic organisations imported with the product's importer
 * (bench/support/bench-database.ts), an account with an API key, and a supplier file of `--rows` rows drawn
 * from them (bench/support/drawn-supplier-file.ts). Then the real processes, as `npm start` and
 * `npm run worker` start them: the web server (src/main.ts, RUN_WORKER_IN_PROCESS=false) and the pg-boss
 * worker (src/worker.ts), both on that database. The file is uploaded through the API
 * (`POST /api/match/batches`), its progress read through the API; once processedRows passes a point drawn
 * between `--kill-from` and `--kill-to` of the rows, the worker is killed with SIGKILL and a new worker started
 * at once. The job the dead worker held comes back when its lease runs out (JOB_EXPIRE_SECONDS, here
 * `--expire-seconds`; the product's default is 30) and the new worker resumes from the committed cursor.
 * Once the batch is completed the result is downloaded through the API (CSV) and checked: one line per row,
 * each row number exactly once, every row decided, the summary's counts equal to the rows and to the file's.
 * Prints timings (upload, time to kill, time lost between the kill and the first new progress, total) and
 * writes bench/out/batch-restart.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { createApiKey } from '../src/adapters/auth/api-keys';
import { createDatabase } from '../src/adapters/db/client';
import { freePort } from '../src/adapters/db/embedded-postgres';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { parseEnvOrThrow } from '../src/config/env';
import { csvLine } from '../src/core/batch-matching';
import { admin, databaseUrl, prepareSyntheticDatabase } from './support/bench-database';
import { drawSupplierFile, isRight } from './support/drawn-supplier-file';
import { round } from './support/stats';

const args = parseArgs({
  options: {
    organisations: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '100000' },
    'kill-from': { type: 'string', default: '0.3' },
    'kill-to': { type: 'string', default: '0.6' },
    'expire-seconds': { type: 'string', default: '60' },
    seed: { type: 'string', default: '20261125' },
    keep: { type: 'boolean', default: false },
  },
}).values;
const DATABASE = 'osc_bench_restart';
const root = path.resolve(import.meta.dirname, '..');
const note = (message: string) => process.stderr.write(`[bench:batch-restart] ${message}\n`);
const seconds = (ms: number) => round(ms / 1000, 1);

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
  tail: () => string;
}

/** Starts `src/<entry>` under tsx with the product's environment; resolves once a log line says `ready`. */
async function start(entry: 'main.ts' | 'worker.ts', env: NodeJS.ProcessEnv, ready: (message: string) => boolean): Promise<Running & { url?: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', entry)], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const tail = () => lines.slice(-30).join('\n');
  const url = await new Promise<string | undefined>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} not ready after 240 s:\n${tail()}`)), 240_000);
    let buffer = '';
    const read = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        lines.push(line);
        if (lines.length > 200) lines.shift();
        if (!line.startsWith('{')) continue;
        try {
          const entryLine = JSON.parse(line) as { msg?: unknown; url?: unknown };
          if (typeof entryLine.msg === 'string' && ready(entryLine.msg)) {
            clearTimeout(timer);
            resolve(typeof entryLine.url === 'string' ? entryLine.url : undefined);
          }
        } catch {
          // not a log line
        }
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${String(code)}) before it was ready:\n${tail()}`));
    });
  });
  return { child, exited, tail, url };
}

async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGTERM');
  const killer = setTimeout(() => running.child.kill('SIGKILL'), 20_000);
  await running.exited;
  clearTimeout(killer);
}

interface Summary {
  status: string;
  totalRows: number;
  processedRows: number;
  matchedRows: number;
  reviewRows: number;
  noMatchRows: number;
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  if (!env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL is required (a PostgreSQL server this benchmark may create a database on)');
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('No production build: run `npm run build` first');
  const adminUrl = env.BENCH_DATABASE_URL;
  const url = databaseUrl(adminUrl, DATABASE);
  const organisations = Number(args.organisations);
  const rowsWanted = Number(args.rows);
  const expireSeconds = Number(args['expire-seconds']);
  const loadAtStart = os.loadavg().map((l) => round(l, 2));

  await prepareSyntheticDatabase({
    adminUrl,
    name: DATABASE,
    count: organisations,
    reuse: false,
    notSynthetic: 'false',
    applicationName: 'bench-batch-restart-import',
    note: (m) => void note(m),
  });
  const database = createDatabase(url, { max: 2, applicationName: 'bench-batch-restart' });
  const processes: Running[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-batch-restart-'));
  try {
    const account = await insertAccount(database.db, { name: 'Batch restart benchmark' });
    const { apiKey } = await createApiKey(database.db, { accountId: account.id });
    const file = await drawSupplierFile(database.pool, { rows: rowsWanted, seed: Number(args.seed), organisations, note });
    const csv =
      csvLine(['name', 'country', 'identifier', 'website']) +
      file.map((r) => csvLine([r.input.name, r.input.country ?? '', r.input.identifier ?? '', r.input.website ?? ''])).join('');
    note(`supplier file: ${file.length} rows, ${round(csv.length / 1e6, 1)} MB`);

    const port = await freePort();
    const productEnv: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      APP_ENV: 'sandbox',
      SANDBOX_LATENCY: 'zero',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      RUN_WORKER_IN_PROCESS: 'false',
      JOB_EXPIRE_SECONDS: String(expireSeconds),
      JOB_MAINTENANCE_INTERVAL_SECONDS: '2',
      NEXT_TELEMETRY_DISABLED: '1',
    };
    note('starting the web server (src/main.ts)');
    const server = await start('main.ts', productEnv, (msg) => msg.startsWith('ready'));
    processes.push(server);
    const base = server.url ?? `http://127.0.0.1:${port}`;
    const startWorker = async () => {
      const worker = await start('worker.ts', productEnv, (msg) => msg.includes('workers ready'));
      processes.push(worker);
      return worker;
    };
    note('starting the worker (src/worker.ts)');
    const first = await startWorker();

    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const api = async <T>(pathname: string): Promise<T> => {
      const response = await fetch(`${base}${pathname}`, { headers });
      if (!response.ok) throw new Error(`GET ${pathname}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: T }).data;
    };

    const t0 = performance.now();
    const upload = await fetch(`${base}/api/match/batches`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        fileName: 'suppliers-100k.csv',
        csv,
        columns: { name: 'name', country: 'country', identifier: 'identifier', website: 'website' },
      }),
    });
    if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const { batchId, totalRows } = ((await upload.json()) as { data: { batchId: string; totalRows: number } }).data;
    const uploadedAt = performance.now();
    note(`uploaded batch ${batchId}: ${totalRows} rows in ${seconds(uploadedAt - t0)} s`);

    // A kill point between kill-from and kill-to of the rows, drawn from the seed.
    const from = Number(args['kill-from']);
    const to = Number(args['kill-to']);
    const killAtRows = Math.round(totalRows * (from + (to - from) * ((Number(args.seed) % 997) / 997)));
    const poll = () => api<Summary>(`/api/match/batches/${batchId}`);
    let summary = await poll();
    let firstProgressAt: number | undefined;
    while (summary.processedRows < killAtRows) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      summary = await poll();
      if (firstProgressAt === undefined && summary.processedRows > 0) firstProgressAt = performance.now();
      if (summary.status === 'completed') throw new Error('the batch completed before the kill point');
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = performance.now();
    const atKill = await poll();
    note(`killed the worker (SIGKILL) at ${atKill.processedRows} of ${totalRows} rows committed, ${seconds(killedAt - uploadedAt)} s after the upload`);
    const rowsPerSecondBefore = atKill.processedRows / ((killedAt - (firstProgressAt ?? uploadedAt)) / 1000);

    note('restarting the worker');
    const second = await startWorker();
    const restartedAt = performance.now();
    let resumedAt: number | undefined;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      summary = await poll();
      if (resumedAt === undefined && summary.processedRows > atKill.processedRows) {
        resumedAt = performance.now();
        note(`resumed ${seconds(resumedAt - killedAt)} s after the kill`);
      }
      if (summary.status === 'completed') break;
    }
    const completedAt = performance.now();
    note(`completed ${seconds(completedAt - uploadedAt)} s after the upload`);

    const download = await fetch(`${base}/api/match/batches/${batchId}/result?format=csv`, { headers });
    if (!download.ok) throw new Error(`download: ${download.status} ${await download.text()}`);
    const result = parse(await download.text(), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    const downloadedAt = performance.now();

    // Checks: one line per row, each row number once, every row decided, counts adding up.
    const seen = new Set<number>();
    const counts = { match: 0, review: 0, no_match: 0 } as Record<string, number>;
    let undecided = 0;
    let right = 0;
    for (const line of result) {
      const row = Number(line.row);
      if (Number.isInteger(row) && row >= 1 && row <= totalRows) seen.add(row);
      const decision = line.decision ?? '';
      if (decision in counts) counts[decision] = (counts[decision] ?? 0) + 1;
      else undecided += 1;
      const truth = file[row - 1]?.truth ?? null;
      if (decision === 'match' && isRight(line.organisation_id, truth)) right += 1;
    }
    const checks = {
      resultLines: result.length,
      distinctRowNumbers: seen.size,
      everyRowOnce: result.length === totalRows && seen.size === totalRows,
      everyRowDecided: undecided === 0,
      summaryCountsEqualRows: summary.processedRows === totalRows && summary.matchedRows + summary.reviewRows + summary.noMatchRows === totalRows,
      fileCountsEqualSummary: counts.match === summary.matchedRows && counts.review === summary.reviewRows && counts.no_match === summary.noMatchRows,
    };
    const withTruth = file.filter((r) => r.truth !== null).length;
    const figures = {
      database: DATABASE,
      organisations,
      rows: totalRows,
      expireSeconds,
      uploadSeconds: seconds(uploadedAt - t0),
      timeToKillSeconds: seconds(killedAt - uploadedAt),
      rowsCommittedAtKill: atKill.processedRows,
      workerRestartSeconds: seconds(restartedAt - killedAt),
      timeLostSeconds: resumedAt === undefined ? null : seconds(resumedAt - killedAt),
      totalSeconds: seconds(completedAt - uploadedAt),
      downloadSeconds: seconds(downloadedAt - completedAt),
      rowsPerSecondBeforeKill: Math.round(rowsPerSecondBefore),
      rowsPerSecondAfterResume: resumedAt === undefined ? null : Math.round((totalRows - atKill.processedRows) / ((completedAt - resumedAt) / 1000)),
      decisions: counts,
      precision: round(right / Math.max(counts.match ?? 0, 1), 3),
      recall: round(right / Math.max(withTruth, 1), 3),
      checks,
      loadAtStart,
      loadAtEnd: os.loadavg().map((l) => round(l, 2)),
      cpus: os.cpus().length,
      measuredAt: new Date().toISOString(),
    };
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    fs.mkdirSync(path.join(root, 'bench', 'out'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench', 'out', 'batch-restart.md'),
      `# Batch restart benchmark\n\n\`\`\`json\n${JSON.stringify(figures, null, 2)}\n\`\`\`\n`,
    );
    await stop(second);
    await stop(server);
    if (!Object.values(checks).every((v) => v !== false)) {
      process.stderr.write('a check failed\n');
      process.exitCode = 1;
    }
  } finally {
    for (const p of processes) await stop(p).catch(() => undefined);
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!args.keep) await admin(adminUrl, `drop database if exists ${DATABASE} with (force)`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
