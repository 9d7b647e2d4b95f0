/**
 * Batch matching benchmark (issue 13, section 3): internal-only matching throughput at 1M organisations, and
 * the decisions' precision and recall on a supplier file whose truth is known.
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/batch-matching.ts [--database osc_bench] [--rows 20000] [--chunk 500] [--concurrency 8] [--pool 8]
 *     [--evaluation] [--no-chunk-lookups] [--decisions FILE.jsonl]
 *   (npm run bench:batch-matching -- ...)
 *
 * The database is a 1M-organisation database (`osc_bench_match`, built by `npm run bench:match-quality`, or
 * `osc_bench`); it is only read (no migration, no write). A supplier file of `--rows` rows is drawn from it
 * (bench/support/drawn-supplier-file.ts, fixed seed, in id order: the same file every run on the same
 * database), or with `--evaluation` the evaluation set's queries are the file.
 *
 * The rows run through the batch's own matcher (src/server/batch-matching/match-rows.ts: the chunk lookups, the
 * quick lookup's lookups, the match object, decideRow) in chunks of `--chunk` rows like the `match-batch.run`
 * job, with `--concurrency` rows at once over a pool of `--pool` connections (`--no-chunk-lookups`: every row
 * runs the quick lookup's own lookups). Reported: rows/s over the whole file, chunk latency percentiles, the
 * statements sent per row by kind (counted on the pool, with their mean time from send to answer, waiting for
 * a connection included), the client's CPU per row and, when PostgreSQL runs on this machine, its backends' (from
 * /proc), decisions, and precision (decided matches that are right) and recall (rows with an
 * organisation decided a match to it); review rows are counted apart. `--decisions` writes each row's
 * decision, best organisation and score, to compare two versions row by row. Writes bench/out/batch-matching.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { createDatabase } from '../src/adapters/db/client';
import { createQuickSearchLookups } from '../src/adapters/db/queries/quick-search/quick-search-lookups';
import { parseEnvOrThrow } from '../src/config/env';
import type { BatchRowInput } from '../src/core/batch-matching';
import { BATCH_ASSESSOR, batchAssessMatch } from '../src/server/batch-matching/assessor';
import { createMatchRows } from '../src/server/batch-matching/match-rows';
import { round, summariseLatencies } from './support/stats';
import { EVALUATION_VERSION, evaluationMarker, loadEvaluationSet } from './evaluation/evaluation-set';
import { generateQueries } from './evaluation/variants';
import { drawSupplierFile, isRight, type SupplierRow } from './support/drawn-supplier-file';
import { statementKind } from './support/statement-kinds';

const args = parseArgs({
  options: {
    database: { type: 'string', default: 'osc_bench' },
    rows: { type: 'string', default: '20000' },
    chunk: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '8' },
    pool: { type: 'string', default: '8' },
    seed: { type: 'string', default: '20261125' },
    'no-chunk-lookups': { type: 'boolean', default: false },
    evaluation: { type: 'boolean', default: false },
    /** Writes each row's decision, best organisation and score (JSON lines) to this file, to compare two runs. */
    decisions: { type: 'string' },
  },
}).values;
const rowsWanted = Number(args.rows);
const chunkSize = Number(args.chunk);
const concurrency = Number(args.concurrency);
const note = (message: string) => process.stderr.write(`[bench:batch-matching] ${message}\n`);

/**
 * The evaluation set of the match-quality issue (bench/evaluation, imported into the database by
 * `npm run bench:match-quality`, each organisation marked in its description) as a supplier file: every
 * variant query as a row (an identifier query in the identifier column, a website query in the website
 * column, any other in the name column), with the target organisation's country; truth = the target's id.
 */
async function evaluationFile(database: ReturnType<typeof createDatabase>): Promise<SupplierRow[]> {
  const set = loadEvaluationSet(EVALUATION_VERSION);
  const marked = await database.pool.query<{ id: string; description: string }>(`select id, description from organisations where description like $1`, [
    `${evaluationMarker(EVALUATION_VERSION, '')}%`,
  ]);
  const idOf = new Map(marked.rows.map((r) => [r.description.slice(evaluationMarker(EVALUATION_VERSION, '').length), r.id]));
  if (idOf.size === 0) throw new Error('the evaluation set is not imported in this database (npm run bench:match-quality imports it)');
  const byId = new Map(set.organisations.map((o) => [o.id, o]));
  return generateQueries(set, 20261125).map((q) => {
    const target = q.targetIds[0];
    const organisation = target === undefined ? undefined : byId.get(target);
    const country = organisation?.country ?? null;
    const truth = target === undefined ? null : (idOf.get(target) ?? null);
    const input: BatchRowInput =
      q.kind === 'identifier'
        ? { name: '', country, identifier: q.query, website: null }
        : q.kind === 'website'
          ? { name: '', country, identifier: null, website: q.query }
          : { name: q.query, country, identifier: null, website: null };
    return { kind: q.kind, input, truth: q.targetIds.length > 1 ? `any:${q.targetIds.map((t) => idOf.get(t) ?? '').join(',')}` : truth };
  });
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  if (!env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL is required (the server holding the 1M-organisation database)');
  const url = new URL(env.BENCH_DATABASE_URL);
  url.pathname = `/${args.database}`;
  // As the product's batch pool (composition-root.ts): no JIT, generic plans.
  const database = createDatabase(url.toString(), {
    max: Number(args.pool),
    applicationName: 'bench-batch-matching',
    statementTimeoutMs: 30_000,
    jit: false,
    genericPlans: true,
  });
  // Drawing the file reads the whole table: its own connection, without the lookups' statement timeout.
  const reader = createDatabase(url.toString(), { max: 1, applicationName: 'bench-batch-matching-draw' });
  try {
    const count = Number((await reader.pool.query<{ n: string }>('select count(*) as n from organisations')).rows[0]?.n ?? 0);
    note(`${args.database}: ${count} organisations`);
    const file = args.evaluation
      ? await evaluationFile(reader)
      : await drawSupplierFile(reader.pool, { rows: rowsWanted, seed: Number(args.seed), organisations: count, note });
    const statements = countStatements(database.pool);
    const matchRows = createMatchRows({
      lookups: createQuickSearchLookups(database.db),
      chunkDb: args['no-chunk-lookups'] ? undefined : database.db,
      assess: batchAssessMatch,
      concurrency,
    });
    const accountId = '00000000-0000-0000-0000-000000000000';

    // Warm-up: 200 rows, not counted.
    await matchRows(
      accountId,
      file.slice(0, 200).map((r) => r.input),
    );
    const chunkMs: number[] = [];
    const decisions: string[] = [];
    const bests: (string | null)[] = [];
    const scores: (number | null)[] = [];
    statements.reset();
    const serverStart = await serverCpuMs(reader);
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    for (let at = 0; at < file.length; at += chunkSize) {
      const chunk = file.slice(at, at + chunkSize);
      const t = performance.now();
      const results = await matchRows(
        accountId,
        chunk.map((r) => r.input),
      );
      chunkMs.push(performance.now() - t);
      for (const result of results) {
        decisions.push(result.decision);
        bests.push(result.best?.organisationId ?? null);
        scores.push(result.best?.match.score ?? null);
      }
      if ((at / chunkSize) % 10 === 0) note(`${at + chunk.length} rows, ${Math.round((at + chunk.length) / ((performance.now() - started) / 1000))} rows/s`);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const serverEnd = await serverCpuMs(reader);
    const serverMs =
      serverStart === null || serverEnd === null ? null : [...serverEnd].reduce((sum, [pid, ms]) => sum + Math.max(0, ms - (serverStart.get(pid) ?? 0)), 0);
    const counted = statements.read();

    const byKind = new Map<string, { n: number; match: number; right: number; review: number; reviewRightInBest: number; noMatch: number }>();
    let decidedMatch = 0;
    let rightMatch = 0;
    let withTruth = 0;
    file.forEach((row, i) => {
      const k = byKind.get(row.kind) ?? { n: 0, match: 0, right: 0, review: 0, reviewRightInBest: 0, noMatch: 0 };
      k.n += 1;
      const decision = decisions[i];
      const best = bests[i];
      if (row.truth !== null) withTruth += 1;
      if (decision === 'match') {
        k.match += 1;
        decidedMatch += 1;
        if (isRight(best, row.truth)) {
          k.right += 1;
          rightMatch += 1;
        }
      } else if (decision === 'review') {
        k.review += 1;
        if (isRight(best, row.truth)) k.reviewRightInBest += 1;
      } else k.noMatch += 1;
      byKind.set(row.kind, k);
    });
    const summary = {
      database: args.database,
      organisations: count,
      file: args.evaluation ? `evaluation set v${EVALUATION_VERSION} (bench/evaluation)` : 'drawn from the database',
      rows: file.length,
      chunk: chunkSize,
      concurrency,
      pool: Number(args.pool),
      assessor: BATCH_ASSESSOR,
      chunkLookups: !args['no-chunk-lookups'],
      seconds: round(seconds, 2),
      rowsPerSecond: Math.round(file.length / seconds),
      clientCpuMsPerRow: round((cpu.user + cpu.system) / 1000 / file.length, 2),
      serverCpuMsPerRow: serverMs === null ? null : round(serverMs / file.length, 2),
      chunkLatency: summariseLatencies(chunkMs),
      statementsPerRow: round(Object.values(counted).reduce((n, k) => n + k.n, 0) / file.length, 2),
      statements: Object.fromEntries(
        Object.entries(counted).map(([kind, k]) => [kind, { n: k.n, perRow: round(k.n / file.length, 3), meanMs: round(k.ms / Math.max(k.n, 1), 2) }]),
      ),
      precision: round(rightMatch / Math.max(decidedMatch, 1), 3),
      recall: round(rightMatch / Math.max(withTruth, 1), 3),
      reviewShare: round(decisions.filter((d) => d === 'review').length / file.length, 3),
      byKind: Object.fromEntries(byKind),
      load: os.loadavg().map((l) => round(l, 2)),
      cpus: os.cpus().length,
      measuredAt: new Date().toISOString(),
    };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    fs.mkdirSync(path.join('bench', 'out'), { recursive: true });
    if (args.decisions !== undefined)
      fs.writeFileSync(
        args.decisions,
        file.map((row, i) => `${JSON.stringify({ row: i, kind: row.kind, decision: decisions[i], best: bests[i], score: scores[i] })}\n`).join(''),
      );
    fs.writeFileSync(path.join('bench', 'out', 'batch-matching.md'), markdown(summary));
  } finally {
    await database.close();
    await reader.close();
  }
}

/**
 * The CPU time (user + system, ms) of each PostgreSQL backend serving the bench's lookups (application_name
 * bench-batch-matching), read from /proc: only when the server runs on this machine (null otherwise). The
 * difference over the run is the server's CPU for the rows (a backend the pool closed during the run is missed).
 */
async function serverCpuMs(reader: ReturnType<typeof createDatabase>): Promise<Map<number, number> | null> {
  const backends = await reader.pool.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = 'bench-batch-matching'`);
  const ticks = new Map<number, number>();
  for (const { pid } of backends.rows) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return null;
    }
    // Fields after the command's closing parenthesis: utime and stime are the 14th and 15th of the line (clock ticks).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND);
  }
  return ticks;
}

/** Linux's USER_HZ (getconf CLK_TCK), the unit of /proc/PID/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Counts the statements the lookups send (and their time, send to answer), by kind (recognised from the SQL
 * text): the round trips per row of the batch matcher.
 */
function countStatements(pool: pg.Pool): { reset(): void; read(): Record<string, { n: number; ms: number }> } {
  let counts: Record<string, { n: number; ms: number }> = {};
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'text' in first ? String(first.text) : '';
    const kind = statementKind(text);
    const t = performance.now();
    try {
      return await original(...args);
    } finally {
      const k = (counts[kind] ??= { n: 0, ms: 0 });
      k.n += 1;
      k.ms += performance.now() - t;
    }
  };
  return {
    reset: () => {
      counts = {};
    },
    read: () => counts,
  };
}

function markdown(s: {
  [key: string]: unknown;
  byKind: Record<string, { n: number; match: number; right: number; review: number; reviewRightInBest: number; noMatch: number }>;
}): string {
  const lines = [
    '# Batch matching benchmark',
    '',
    '```json',
    JSON.stringify({ ...s, byKind: undefined }, null, 2),
    '```',
    '',
    '| kind | rows | match (right) | review (best right) | no match |',
    '|---|---|---|---|---|',
    ...Object.entries(s.byKind).map(([kind, k]) => `| ${kind} | ${k.n} | ${k.match} (${k.right}) | ${k.review} (${k.reviewRightInBest}) | ${k.noMatch} |`),
    '',
  ];
  return lines.join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
