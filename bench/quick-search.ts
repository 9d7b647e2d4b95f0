/**
 * Quick-search benchmark (issue "Foundation", section 7):
 *   npx tsx bench/quick-search.ts [--count 1000000] [--reuse] [--per-kind 290] [--baseline-budget 90] [--minisearch-rows N] [--database osc_bench]
 *   (npm run bench:quick-search -- --count 1000000)
 *
 * Database: BENCH_DATABASE_URL (an admin URL; the database `osc_bench` is created on that server), else the
 * embedded PostgreSQL under .data/bench. Migrates, generates `count` organisations with the project's
 * generator (syntheticOrganisations, seed 1) and imports them as JSONL lines with the project's importer
 * (importOrganisations: the code path of `npm run cli -- import organisations`), timing the import; then
 * VACUUM ANALYZE (what autovacuum does after a bulk load; it also flushes the GIN pending lists).
 * `--reuse` keeps a database that already holds `count` organisations.
 *
 * The real route (POST /api/organisations/quick-search, real container) is served over a real socket in a
 * child process (bench/support/quick-search-server.ts) so its RSS and CPU are measured apart from the load
 * generator. The fixed query mix (bench/support/quick-search-queries.ts) runs with 1 client (latency
 * percentiles, recall@1/@5 per kind), then with 4 and 16 concurrent clients (throughput). Baselines over
 * the same rows: (a) `name ilike '%q%' limit 10` straight on PostgreSQL, (b) MiniSearch over the names in
 * memory (its own process); both are slow, so each runs a stratified prefix of the mix within a time budget.
 *
 * Prints a JSON summary on stdout and writes bench/out/quick-search.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { z } from 'zod';
import { createDatabase } from '../src/adapters/db/client';
import { startEmbeddedPostgres } from '../src/adapters/db/embedded-postgres';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { createApiKey } from '../src/adapters/auth/api-keys';
import { parseEnvOrThrow } from '../src/config/env';
import { searchName } from '../src/core/canonical-name';
import { admin, databaseUrl, prepareSyntheticDatabase, SYNTHETIC_SEED, type SyntheticImportFigures } from './support/bench-database';
import { forkTs } from './support/fork-ts';
import type { MiniSearchMessage } from './support/minisearch-baseline';
import { postQuickSearch } from './support/quick-search-client';
import { buildQueryMix, QUERY_KINDS, type BenchQuery, type QueryKind } from './support/quick-search-queries';
import type { ServerMessage } from './support/quick-search-server';
import { ratio, round, summariseLatencies, type LatencySummary } from './support/stats';

const QUERY_SEED = 20261122;
const WARM_UP_QUERIES = 300;
const CONCURRENCY = [1, 4, 16] as const;

const args = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    reuse: { type: 'boolean', default: false },
    'per-kind': { type: 'string', default: '290' },
    'baseline-budget': { type: 'string', default: '90' },
    'minisearch-rows': { type: 'string' },
    // Warm up with this many queries of another draw (the same kinds, other targets) instead of the first 300 of the
    // measured mix: the statement shapes a long-running server has planned, none of the measured queries' rows.
    'warm-up': { type: 'string' },
    // Another database name on a server shared with other runs.
    database: { type: 'string', default: 'osc_bench' },
  },
}).values;
const BENCH_DATABASE = args.database;
const count = Number(args.count);
const perKind = Number(args['per-kind']);
const baselineBudgetMs = Number(args['baseline-budget']) * 1000;
const miniSearchRows = args['minisearch-rows'] === undefined ? undefined : Number(args['minisearch-rows']);
if (!Number.isInteger(count) || count < 1000) throw new Error('--count must be a whole number of at least 1000');

const note = (message: string) => process.stderr.write(`[bench:quick-search] ${message}\n`);

interface BenchServer {
  adminUrl: string;
  url: string;
  where: string;
  stop(): Promise<void>;
}

async function openServer(): Promise<BenchServer> {
  const env = parseEnvOrThrow();
  let adminUrl: string;
  let where: string;
  let stop: () => Promise<void> = async () => undefined;
  if (env.BENCH_DATABASE_URL) {
    adminUrl = env.BENCH_DATABASE_URL;
    where = 'BENCH_DATABASE_URL';
  } else {
    const embedded = await startEmbeddedPostgres(path.join('.data', 'bench'), note);
    adminUrl = embedded.adminUrl;
    where = 'embedded PostgreSQL (.data/bench)';
    if (embedded.owned) stop = () => embedded.stop();
  }
  return { adminUrl, url: databaseUrl(adminUrl, BENCH_DATABASE), where, stop };
}

function prepareData(server: BenchServer): Promise<SyntheticImportFigures> {
  return prepareSyntheticDatabase({
    adminUrl: server.adminUrl,
    name: BENCH_DATABASE,
    count,
    reuse: args.reuse,
    notSynthetic: 'false', // every organisation of osc_bench is synthetic
    applicationName: 'bench-quick-search-import',
    note,
  });
}

/** Target ids by search name (base names are distinct below 1,350,000 organisations, so one id each). */
async function resolveTargets(url: string, queries: BenchQuery[]): Promise<Map<number, Set<string>>> {
  const names = [...new Set(queries.map((q) => searchName(q.target.name)))];
  const result = await admin(url, 'select id::text as id, search_name from organisations where search_name = any($1::text[])', [names]);
  const byName = new Map<string, Set<string>>();
  for (const row of result.rows as { id: string; search_name: string }[]) {
    const ids = byName.get(row.search_name) ?? new Set<string>();
    ids.add(row.id);
    byName.set(row.search_name, ids);
  }
  const targets = new Map<number, Set<string>>();
  for (const q of queries) {
    const ids = byName.get(searchName(q.target.name));
    if (ids) targets.set(q.targetIndex, ids);
  }
  return targets;
}

const responseSchema = z.object({ candidates: z.array(z.object({ existingOrgId: z.string() })) });

interface LookupResult {
  latencyMs: number;
  status: number;
  ids: string[];
}

async function lookup(http: HttpPool, apiKey: string, query: string): Promise<LookupResult> {
  const { latencyMs, status, body } = await postQuickSearch(http, apiKey, query, responseSchema);
  return { latencyMs, status, ids: body?.candidates.map((c) => c.existingOrgId) ?? [] };
}

/** Every query once, `concurrency` clients taking the next query in turn. */
async function runLoad(http: HttpPool, apiKey: string, queries: BenchQuery[], concurrency: number): Promise<{ wallMs: number; results: LookupResult[] }> {
  const results: LookupResult[] = new Array<LookupResult>(queries.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next;
        next += 1;
        const q = queries[i];
        if (q === undefined) return;
        results[i] = await lookup(http, apiKey, q.query);
      }
    }),
  );
  return { wallMs: performance.now() - started, results };
}

interface Scored {
  latency: LatencySummary;
  /** Queries with a known target. */
  known: number;
  recallAt1: number;
  recallAt5: number;
}

function score(queries: BenchQuery[], results: { latencyMs: number; ids: string[] }[], targets: Map<number, Set<string>>): Scored {
  let known = 0;
  let at1 = 0;
  let at5 = 0;
  results.forEach((result, i) => {
    const q = queries[i];
    const ids = q === undefined ? undefined : targets.get(q.targetIndex);
    if (!q?.targetKnown || ids === undefined) return;
    known += 1;
    if (result.ids.slice(0, 1).some((id) => ids.has(id))) at1 += 1;
    if (result.ids.slice(0, 5).some((id) => ids.has(id))) at5 += 1;
  });
  return { latency: summariseLatencies(results.map((r) => r.latencyMs)), known, recallAt1: ratio(at1, known), recallAt5: ratio(at5, known) };
}

function scoreByKind(queries: BenchQuery[], results: { latencyMs: number; ids: string[] }[], targets: Map<number, Set<string>>) {
  const byKind: Partial<Record<QueryKind | 'all', Scored>> = {};
  for (const kind of QUERY_KINDS) {
    const indexes = results.map((_, i) => i).filter((i) => queries[i]?.kind === kind);
    byKind[kind] = score(
      indexes.map((i) => queries[i] as BenchQuery),
      indexes.map((i) => results[i] as LookupResult),
      targets,
    );
  }
  byKind.all = score(queries.slice(0, results.length), results, targets);
  return byKind;
}

async function ilikeBaseline(url: string, queries: BenchQuery[]): Promise<{ latencyMs: number; ids: string[] }[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'bench-quick-search-ilike' });
  await client.connect();
  try {
    const results: { latencyMs: number; ids: string[] }[] = [];
    const deadline = performance.now() + baselineBudgetMs;
    for (const q of queries) {
      if (performance.now() > deadline) break;
      const started = performance.now();
      const result = await client.query<{ id: string }>(`select id::text as id from organisations where name ilike '%' || $1 || '%' limit 10`, [q.query]);
      results.push({ latencyMs: performance.now() - started, ids: result.rows.map((r) => r.id) });
    }
    return results;
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const server = await openServer();
  try {
    const importFigures = await prepareData(server);
    note(`import: ${JSON.stringify(importFigures)}`);
    const pgVersion = String((await admin(server.url, 'show server_version')).rows[0]?.server_version ?? '');
    const sizes = (
      await admin(
        server.url,
        `select pg_size_pretty(pg_total_relation_size('organisations')) as organisations,
      pg_size_pretty(pg_database_size(current_database())) as database`,
      )
    ).rows[0] as { organisations: string; database: string };

    const database = createDatabase(server.url, { max: 2 });
    const account = await insertAccount(database.db, { name: `Bench account ${startedAt.toISOString()}` });
    const { apiKey } = await createApiKey(database.db, { accountId: account.id });
    await database.close();

    const queries = buildQueryMix({ count, perKind, dataSeed: SYNTHETIC_SEED, seed: QUERY_SEED });
    const targets = await resolveTargets(server.url, queries);
    note(`${queries.length} queries, ${targets.size} targets resolved`);

    const child = forkTs<ServerMessage>(new URL('./support/quick-search-server.ts', import.meta.url).href);
    child.send({ type: 'start', databaseUrl: server.url });
    const { port } = await child.next<Extract<ServerMessage, { type: 'ready' }>>('ready');
    const stats = async () => {
      child.send({ type: 'stats' });
      return child.next<Extract<ServerMessage, { type: 'stats' }>>('stats');
    };
    const http = new HttpPool(`http://127.0.0.1:${port}`, { connections: 16 });
    let route: ReturnType<typeof scoreByKind>;
    const throughput: {
      clients: number;
      requests: number;
      requestsPerSecond: number;
      latency: LatencySummary;
      errors: number;
      serverCpuMsPerRequest: number;
    }[] = [];
    let memory: { rssAfterWarmUpMb: number; rssAfterRunMb: number; heapUsedAfterRunMb: number };
    let slowest: { kind: QueryKind; query: string; ms: number }[];
    let perQuery: { kind: QueryKind; query: string; ms: number }[];
    try {
      note('warm-up');
      const warmUpCount = args['warm-up'] === undefined ? undefined : Number(args['warm-up']);
      const warmUp =
        warmUpCount === undefined
          ? queries.slice(0, WARM_UP_QUERIES)
          : buildQueryMix({ count, perKind: Math.ceil(warmUpCount / QUERY_KINDS.length), dataSeed: SYNTHETIC_SEED, seed: QUERY_SEED + 1 }).slice(
              0,
              warmUpCount,
            );
      await runLoad(http, apiKey, warmUp, 4);
      const afterWarmUp = await stats();
      let firstRun: LookupResult[] = [];
      for (const clients of CONCURRENCY) {
        note(`${clients} client(s)`);
        const before = await stats();
        const { wallMs, results } = await runLoad(http, apiKey, queries, clients);
        const after = await stats();
        if (clients === 1) firstRun = results;
        const cpuMs = (after.cpuUserMicros + after.cpuSystemMicros - before.cpuUserMicros - before.cpuSystemMicros) / 1000;
        throughput.push({
          clients,
          requests: results.length,
          requestsPerSecond: round(results.length / (wallMs / 1000)),
          latency: summariseLatencies(results.map((r) => r.latencyMs)),
          errors: results.filter((r) => r.status !== 200).length,
          serverCpuMsPerRequest: round(cpuMs / results.length, 2),
        });
      }
      const afterRun = await stats();
      memory = { rssAfterWarmUpMb: mb(afterWarmUp.rssBytes), rssAfterRunMb: mb(afterRun.rssBytes), heapUsedAfterRunMb: mb(afterRun.heapUsedBytes) };
      route = scoreByKind(queries, firstRun, targets);
      perQuery = firstRun.map((r, i) => ({ kind: queries[i]?.kind ?? 'exact', query: queries[i]?.query ?? '', ms: round(r.latencyMs) }));
      slowest = [...perQuery].sort((a, b) => b.ms - a.ms).slice(0, 15);
    } finally {
      await http.close();
      await child.stop();
    }

    note(`ILIKE baseline (budget ${baselineBudgetMs / 1000} s)`);
    const ilikeResults = await ilikeBaseline(server.url, queries);
    const ilike = scoreByKind(queries, ilikeResults, targets);

    note(`MiniSearch baseline (budget ${baselineBudgetMs / 1000} s)`);
    const mini = forkTs<MiniSearchMessage>(new URL('./support/minisearch-baseline.ts', import.meta.url).href, {
      execArgv: ['--expose-gc', '--max-old-space-size=8192'],
    });
    let miniSearch:
      | { rows: number; loadSeconds: number; buildSeconds: number; indexHeapMb: number; processRssMb: number; scored: ReturnType<typeof scoreByKind> }
      | { failed: string };
    try {
      mini.send({ type: 'run', databaseUrl: server.url, queries: queries.map((q) => q.query), budgetMs: baselineBudgetMs, limitRows: miniSearchRows });
      const built = await mini.next<Extract<MiniSearchMessage, { type: 'built' }>>('built');
      const done = await mini.next<Extract<MiniSearchMessage, { type: 'done' }>>('done');
      miniSearch = {
        rows: built.rows,
        loadSeconds: round(built.loadMs / 1000),
        buildSeconds: round(built.buildMs / 1000),
        indexHeapMb: mb(built.heapBytes),
        processRssMb: mb(built.rssBytes),
        scored: scoreByKind(queries, done.results, targets),
      };
    } catch (error) {
      miniSearch = { failed: error instanceof Error ? error.message : String(error) };
    } finally {
      await mini.stop();
    }

    const summary = {
      startedAt: startedAt.toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.cpus().length,
        memoryGb: round(os.totalmem() / 1024 ** 3),
        node: process.version,
        postgres: pgVersion,
        database: server.where,
        loadAverageBefore: loadBefore.map((l) => round(l, 2)),
        loadAverageAfter: os.loadavg().map((l) => round(l, 2)),
      },
      organisations: count,
      sizes,
      import: importFigures,
      queries: {
        total: queries.length,
        perKind,
        targetsResolved: targets.size,
        countryIsoAlpha3: 'GLO',
        warmUp: args['warm-up'] === undefined ? WARM_UP_QUERIES : `${args['warm-up']} of another draw`,
      },
      route,
      throughput,
      serverMemory: memory,
      slowest,
      // Every query's latency at 1 client, in the order sent: what a kind's tail is made of.
      perQuery,
      baselines: { ilike, miniSearch },
    };
    fs.mkdirSync(path.join('bench', 'out'), { recursive: true });
    fs.writeFileSync(path.join('bench', 'out', 'quick-search.md'), markdown(summary));
    fs.writeFileSync(path.join('bench', 'out', 'quick-search.json'), `${JSON.stringify(summary, null, 2)}\n`);
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

type Summary = {
  startedAt: string;
  machine: Record<string, unknown>;
  organisations: number;
  import: SyntheticImportFigures;
  queries: { total: number; perKind: number; warmUp: number | string };
  route: ReturnType<typeof scoreByKind>;
  throughput: { clients: number; requests: number; requestsPerSecond: number; latency: LatencySummary; errors: number; serverCpuMsPerRequest: number }[];
  serverMemory: { rssAfterWarmUpMb: number; rssAfterRunMb: number; heapUsedAfterRunMb: number };
  baselines: {
    ilike: ReturnType<typeof scoreByKind>;
    miniSearch:
      | { rows: number; loadSeconds: number; buildSeconds: number; indexHeapMb: number; processRssMb: number; scored: ReturnType<typeof scoreByKind> }
      | { failed: string };
  };
};

function markdown(s: Summary): string {
  const cell = (x: Scored | undefined) =>
    x === undefined || x.latency.n === 0
      ? '– | – | – | –'
      : `${x.latency.n} | ${x.latency.p50Ms} / ${x.latency.p95Ms} / ${x.latency.p99Ms} | ${fmt(x.recallAt1)} | ${fmt(x.recallAt5)}`;
  const fmt = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(3));
  const mini = 'scored' in s.baselines.miniSearch ? s.baselines.miniSearch.scored : undefined;
  const lines = [
    `# Quick search at ${s.organisations.toLocaleString('en')} organisations`,
    '',
    `Run ${s.startedAt}; ${JSON.stringify(s.machine)}`,
    '',
    `Import: ${s.import.skipped ? 'reused' : `${s.import.imported} organisations in ${s.import.seconds} s = **${s.import.organisationsPerSecond} organisations/s** (then VACUUM ANALYZE ${s.import.vacuumAnalyzeSeconds} s)`}`,
    '',
    `Queries: ${s.queries.total} (${s.queries.perKind} a kind); warm-up: ${s.queries.warmUp}`,
    '',
    '## Latency (ms, p50 / p95 / p99) and recall, 1 client',
    '',
    '| kind | route n | route p50/p95/p99 | route R@1 | route R@5 | ILIKE n | ILIKE p50/p95/p99 | ILIKE R@1 | ILIKE R@5 | MiniSearch n | MiniSearch p50/p95/p99 | MiniSearch R@1 | MiniSearch R@5 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...[...QUERY_KINDS, 'all' as const].map((kind) => `| ${kind} | ${cell(s.route[kind])} | ${cell(s.baselines.ilike[kind])} | ${cell(mini?.[kind])} |`),
    '',
    '## Throughput (route over HTTP, every query once)',
    '',
    '| clients | requests | requests/s | p50 | p95 | p99 | non-200 | server CPU ms/request |',
    '|---|---|---|---|---|---|---|---|',
    ...s.throughput.map(
      (t) =>
        `| ${t.clients} | ${t.requests} | ${t.requestsPerSecond} | ${t.latency.p50Ms} | ${t.latency.p95Ms} | ${t.latency.p99Ms} | ${t.errors} | ${t.serverCpuMsPerRequest} |`,
    ),
    '',
    `Server process RSS: ${s.serverMemory.rssAfterWarmUpMb} MB after warm-up, ${s.serverMemory.rssAfterRunMb} MB after the run (heap used ${s.serverMemory.heapUsedAfterRunMb} MB).`,
    '',
    'scored' in s.baselines.miniSearch
      ? `MiniSearch: ${s.baselines.miniSearch.rows} names loaded in ${s.baselines.miniSearch.loadSeconds} s, indexed in ${s.baselines.miniSearch.buildSeconds} s; index heap ${s.baselines.miniSearch.indexHeapMb} MB, process RSS ${s.baselines.miniSearch.processRssMb} MB.`
      : `MiniSearch failed: ${s.baselines.miniSearch.failed}`,
    '',
  ];
  return lines.join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
