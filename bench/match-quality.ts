/**
 * Match-quality benchmark (issue 12, section 1): recall and precision of the quick lookup at 1M organisations.
 *   BENCH_DATABASE_URL=postgres://... npm run bench:match-quality -- [--count 1000000] [--reuse] [--seed 12] [--version 1] [--database osc_bench_match]
 *
 * Database `osc_bench_match` (or `--database`: one per engineer on a shared server) on BENCH_DATABASE_URL's server (its own, not bench/quick-search.ts's `osc_bench`):
 * `count` synthetic organisations (syntheticOrganisations, seed 1) imported with the product's importer
 * (bench/support/bench-database.ts), plus the evaluation set (bench/evaluation/organisations.v<N>.json)
 * imported with the same importer, each marked by its description `[evaluation v<N>] <id>`; the evaluation
 * rows are re-imported whenever their number differs from the file's. `--reuse` keeps a database holding the
 * synthetic organisations (and applies any new migration to it).
 *
 * Every evaluation query (generateQueries(set, seed): variants by kind and queries naming no organisation)
 * runs through the real route (POST /api/organisations/quick-search, real container, API-key auth, country
 * GLO) served over a real socket by a child process (bench/support/quick-search-server.ts), one client,
 * after a warm-up. Prints recall@1 / recall@5 per kind, `[]` answers to queries that have a match, the
 * false-accept rate (top candidate of a no-organisation query decided a match; n/a while candidates carry no
 * `match`), and p50/p95/p99 over the whole mix. Writes bench/out/match-quality.{md,json} and every miss to
 * bench/out/match-quality-misses.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Pool as HttpPool } from 'undici';
import { z } from 'zod';
import { createApiKey } from '../src/adapters/auth/api-keys';
import { createDatabase } from '../src/adapters/db/client';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { importOrganisations } from '../src/adapters/db/queries/imports/import-organisations';
import { parseEnvOrThrow } from '../src/config/env';
import { evaluationMarker, loadEvaluationSet, toImportLine } from './evaluation/evaluation-set';
import { scoreEvaluation, type EvaluationFigures, type QueryOutcome } from './evaluation/scorer';
import { generateQueries, type EvaluationQuery } from './evaluation/variants';
import { admin, databaseUrl, prepareSyntheticDatabase } from './support/bench-database';
import { forkTs } from './support/fork-ts';
import { postQuickSearch } from './support/quick-search-client';
import type { ServerMessage } from './support/quick-search-server';
import { round, summariseLatencies, type LatencySummary } from './support/stats';

const WARM_UP_QUERIES = 300;

const args = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    reuse: { type: 'boolean', default: false },
    seed: { type: 'string', default: '12' },
    version: { type: 'string', default: '1' },
    database: { type: 'string', default: 'osc_bench_match' },
  },
}).values;
const DATABASE = args.database;
const count = Number(args.count);
const seed = Number(args.seed);
const version = Number(args.version);
if (!Number.isInteger(count) || count < 1000) throw new Error('--count must be a whole number of at least 1000');

const note = (message: string) => process.stderr.write(`[bench:match-quality] ${message}\n`);
const MARKER_PREFIX = `[evaluation v${version}] `;

/** Imports the evaluation set unless the database already holds exactly its organisations. Returns id -> organisation id. */
async function prepareEvaluation(url: string): Promise<Map<string, string>> {
  const set = loadEvaluationSet(version);
  const held = await admin(url, `select count(*)::int as n from organisations where description like $1`, [`${MARKER_PREFIX}%`]);
  if (Number((held.rows[0] as { n: number } | undefined)?.n ?? 0) !== set.organisations.length) {
    note(`importing the ${set.organisations.length} evaluation organisations (v${version})`);
    await admin(url, `delete from organisations where description like '[evaluation v%'`);
    const database = createDatabase(url, { max: 2, applicationName: 'bench-match-quality-evaluation' });
    try {
      let rejected = 0;
      await importOrganisations(
        database.db,
        set.organisations.map((o) => JSON.stringify(toImportLine(o, version))),
        {
          onRejected: (r) => {
            rejected += 1;
            note(`rejected: ${JSON.stringify(r)}`);
          },
        },
      );
      if (rejected > 0) throw new Error(`${rejected} evaluation organisations were rejected by the importer`);
      await database.pool.query('analyze organisations, organisation_aliases, search_words');
    } finally {
      await database.close();
    }
  }
  const rows = await admin(url, `select id::text as id, description from organisations where description like $1`, [`${MARKER_PREFIX}%`]);
  const ids = new Map<string, string>();
  for (const row of rows.rows as { id: string; description: string }[]) ids.set(row.description.slice(MARKER_PREFIX.length), row.id);
  for (const o of set.organisations)
    if (ids.get(o.id) === undefined) throw new Error(`evaluation organisation ${o.id} (${evaluationMarker(version, o.id)}) not found`);
  return ids;
}

const responseSchema = z.object({
  candidates: z.array(z.object({ existingOrgId: z.string(), canonicalName: z.string(), match: z.object({ match: z.boolean() }).passthrough().optional() })),
});

interface Answer {
  latencyMs: number;
  status: number;
  candidates: z.infer<typeof responseSchema>['candidates'];
}

async function lookup(http: HttpPool, apiKey: string, query: string): Promise<Answer> {
  const { latencyMs, status, body } = await postQuickSearch(http, apiKey, query, responseSchema);
  return { latencyMs, status, candidates: body?.candidates ?? [] };
}

interface Summary {
  startedAt: string;
  machine: Record<string, unknown>;
  organisations: { synthetic: number; evaluation: number };
  evaluationVersion: number;
  seed: number;
  queries: number;
  non200: number;
  latency: LatencySummary;
  latencyByKind: Record<string, LatencySummary>;
  figures: EvaluationFigures;
}

const fmt = (v: number | 'n/a') => (v === 'n/a' ? 'n/a' : Number.isNaN(v) ? '–' : v.toFixed(3));

function markdown(s: Summary): string {
  return [
    `# Quick-lookup match quality at ${s.organisations.synthetic.toLocaleString('en')} + ${s.organisations.evaluation} organisations`,
    '',
    `Run ${s.startedAt}; evaluation v${s.evaluationVersion}, seed ${s.seed}, ${s.queries} queries (GLO), ${s.non200} non-200; ${JSON.stringify(s.machine)}`,
    '',
    `Latency over the whole mix (1 client, HTTP): p50 ${s.latency.p50Ms} / p95 **${s.latency.p95Ms}** / p99 ${s.latency.p99Ms} ms (max ${s.latency.maxMs}).`,
    '',
    '| kind | n | recall@1 | recall@5 | [] | p50 / p95 ms |',
    '|---|---|---|---|---|---|',
    ...s.figures.byKind.map(
      (k) =>
        `| ${k.kind} | ${k.n} | ${fmt(k.recallAt1)} | ${fmt(k.recallAt5)} | ${k.empty} | ${s.latencyByKind[k.kind]?.p50Ms} / ${s.latencyByKind[k.kind]?.p95Ms} |`,
    ),
    `| **all with a match** | ${s.figures.all.n} | ${fmt(s.figures.all.recallAt1)} | ${fmt(s.figures.all.recallAt5)} | ${s.figures.all.empty} | |`,
    `| no-organisation | ${s.figures.noOrganisation.n} | false-accept rate **${fmt(s.figures.noOrganisation.falseAcceptRate)}** | answered ${s.figures.noOrganisation.answered} | | ${s.latencyByKind['no-organisation']?.p50Ms} / ${s.latencyByKind['no-organisation']?.p95Ms} |`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const env = parseEnvOrThrow();
  if (!env.BENCH_DATABASE_URL) throw new Error('set BENCH_DATABASE_URL (an admin URL of a PostgreSQL 15+ server with pg_trgm)');
  const adminUrl = env.BENCH_DATABASE_URL;
  const url = databaseUrl(adminUrl, DATABASE);
  const synthetic = await prepareSyntheticDatabase({
    adminUrl,
    name: DATABASE,
    count,
    reuse: args.reuse,
    notSynthetic: `o.description like '[evaluation v%'`,
    applicationName: 'bench-match-quality-import',
    note,
  });
  note(`synthetic: ${JSON.stringify(synthetic)}`);
  const evaluationIds = await prepareEvaluation(url);
  const byOrganisationId = new Map([...evaluationIds].map(([evaluationId, id]) => [id, evaluationId]));

  const database = createDatabase(url, { max: 2 });
  const account = await insertAccount(database.db, { name: `Match-quality bench ${startedAt.toISOString()}` });
  const { apiKey } = await createApiKey(database.db, { accountId: account.id });
  await database.close();

  const set = loadEvaluationSet(version);
  const queries = generateQueries(set, seed);
  note(`${queries.length} queries`);

  const child = forkTs<ServerMessage>(new URL('./support/quick-search-server.ts', import.meta.url).href);
  child.send({ type: 'start', databaseUrl: url });
  const { port } = await child.next<Extract<ServerMessage, { type: 'ready' }>>('ready');
  const http = new HttpPool(`http://127.0.0.1:${port}`, { connections: 2 });
  const answers: Answer[] = [];
  try {
    note('warm-up');
    for (const q of queries.slice(0, WARM_UP_QUERIES)) await lookup(http, apiKey, q.query);
    note('measuring');
    for (const q of queries) answers.push(await lookup(http, apiKey, q.query));
  } finally {
    await http.close();
    await child.stop();
  }

  const outcomes: QueryOutcome[] = queries.map((query, i) => ({
    query,
    candidates: (answers[i]?.candidates ?? []).map((c) => ({ evaluationId: byOrganisationId.get(c.existingOrgId) ?? null, match: c.match })),
  }));
  const figures = scoreEvaluation(outcomes);
  const kinds = [...new Set(queries.map((q) => q.kind))];
  const latencyByKind = Object.fromEntries(
    kinds.map((kind) => [kind, summariseLatencies(answers.filter((_, i) => queries[i]?.kind === kind).map((a) => a.latencyMs))]),
  );
  const summary: Summary = {
    startedAt: startedAt.toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      node: process.version,
      loadAverageBefore: loadBefore.map((l) => round(l, 2)),
      loadAverageAfter: os.loadavg().map((l) => round(l, 2)),
    },
    organisations: { synthetic: synthetic.imported, evaluation: evaluationIds.size },
    evaluationVersion: version,
    seed,
    queries: queries.length,
    non200: answers.filter((a) => a.status !== 200).length,
    latency: summariseLatencies(answers.map((a) => a.latencyMs)),
    latencyByKind,
    figures,
  };
  const misses = outcomes
    .map((o, i) => ({ o, answer: answers[i] }))
    .filter(
      ({ o }) => o.query.targetIds.length === 0 || !o.candidates.slice(0, 1).some((c) => c.evaluationId !== null && o.query.targetIds.includes(c.evaluationId)),
    )
    .map(({ o, answer }) => ({
      kind: o.query.kind,
      query: o.query.query,
      targets: o.query.targetIds,
      rank: o.candidates.findIndex((c) => c.evaluationId !== null && o.query.targetIds.includes(c.evaluationId)) + 1 || null,
      top: (answer?.candidates ?? []).slice(0, 5).map((c) => c.canonicalName),
      ms: round(answer?.latencyMs ?? Number.NaN),
      status: answer?.status,
    })) satisfies { kind: EvaluationQuery['kind'] }[];
  fs.mkdirSync(path.join('bench', 'out'), { recursive: true });
  fs.writeFileSync(path.join('bench', 'out', 'match-quality.md'), markdown(summary));
  fs.writeFileSync(path.join('bench', 'out', 'match-quality.json'), `${JSON.stringify(summary, null, 2)}\n`);
  fs.writeFileSync(path.join('bench', 'out', 'match-quality-misses.json'), `${JSON.stringify(misses, null, 1)}\n`);
  process.stdout.write(markdown(summary));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
