/**
 * Batch matching benchmark (issue 13, section 3): internal-only matching throughput at 1M organisations, and
 * the decisions' precision and recall on a supplier file whose truth is known.
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/batch-matching.ts [--database osc_bench] [--rows 20000] [--chunk 500] [--concurrency 8] [--pool 8]
 *   (npm run bench:batch-matching -- ...)
 *
 * The database is the 1M-organisation database `npm run bench:quick-search -- --count 1000000` builds
 * (`osc_bench`); it is only read (no migration, no write). A supplier file of `--rows` rows is drawn from it
 * (fixed seed): 45 % exact registered names, 15 % the name without its legal form, 10 % one transposed letter,
 * 10 % the name with its identifier, 5 % a website only with the brand, 15 % names of no organisation. Each
 * row's truth is the organisation it was drawn from (null for the invented ones).
 *
 * The rows run through the batch's own matcher (src/server/batch-matching/match-rows.ts: the quick lookup's
 * lookups, the match object, decideRow) in chunks of `--chunk` rows like the `match-batch.run` job, with
 * `--concurrency` rows at once over a pool of `--pool` connections. Reported: rows/s over the whole file,
 * chunk latency percentiles, decisions, and precision (decided matches that are right) and recall (rows with
 * an organisation decided a match to it); review rows are counted apart. Writes bench/out/batch-matching.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDatabase } from '../src/adapters/db/client';
import { createExactNameLookup } from '../src/adapters/db/queries/exact-name-lookup';
import { createQuickSearchLookups } from '../src/adapters/db/queries/quick-search-lookups';
import { parseEnvOrThrow } from '../src/config/env';
import type { BatchRowInput } from '../src/core/batch-matching';
import { BATCH_ASSESSOR, batchAssessMatch } from '../src/server/batch-matching/assessor';
import { createMatchRows } from '../src/server/batch-matching/match-rows';
import { round, seededRandom, summariseLatencies } from './support/stats';
import { EVALUATION_VERSION, evaluationMarker, loadEvaluationSet } from './evaluation/evaluation-set';
import { generateQueries } from './evaluation/variants';

const args = parseArgs({
  options: {
    database: { type: 'string', default: 'osc_bench' },
    rows: { type: 'string', default: '20000' },
    chunk: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '8' },
    pool: { type: 'string', default: '8' },
    seed: { type: 'string', default: '20261125' },
    'no-exact-path': { type: 'boolean', default: false },
    evaluation: { type: 'boolean', default: false },
  },
}).values;
const rowsWanted = Number(args.rows);
const chunkSize = Number(args.chunk);
const concurrency = Number(args.concurrency);
const note = (message: string) => process.stderr.write(`[bench:batch-matching] ${message}\n`);

interface Drawn {
  id: string;
  name: string;
  country: string | null;
  website: string | null;
  identifier: string | null;
}

type Kind = string;
interface SupplierRow {
  kind: Kind;
  input: BatchRowInput;
  truth: string | null;
}

const LEGAL = /\s+(pty\.?\s+ltd\.?|limited|ltd\.?|inc\.?|llc|plc|gmbh|corporation|corp\.?|co\.?)$/i;

function transpose(name: string, next: () => number): string {
  const words = name.split(' ');
  const candidates = words.map((w, i) => ({ w, i })).filter(({ w }) => w.length >= 5 && /^[A-Za-z]+$/.test(w));
  const pick = candidates[Math.floor(next() * candidates.length)];
  if (pick === undefined) return name;
  const at = 1 + Math.floor(next() * (pick.w.length - 2));
  const swapped = pick.w.slice(0, at) + (pick.w[at + 1] ?? '') + (pick.w[at] ?? '') + pick.w.slice(at + 2);
  words[pick.i] = swapped;
  return words.join(' ');
}

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

/** The best candidate is the truth (or one of several equally right organisations, `any:id,id`). */
function isRight(best: string | null | undefined, truth: string | null): boolean {
  if (best === null || best === undefined || truth === null) return false;
  return truth.startsWith('any:') ? truth.slice(4).split(',').includes(best) : best === truth;
}

function buildFile(drawn: Drawn[], next: () => number): SupplierRow[] {
  const rows: SupplierRow[] = [];
  const withId = drawn.filter((d) => d.identifier !== null);
  const withSite = drawn.filter((d) => d.website !== null);
  let at = 0;
  const take = (pool: Drawn[]) => pool[Math.floor(next() * pool.length)] ?? drawn[at++ % drawn.length];
  for (let i = 0; i < rowsWanted; i += 1) {
    const r = next();
    const d = drawn[at++ % drawn.length];
    if (d === undefined) throw new Error('nothing drawn');
    if (r < 0.45) rows.push({ kind: 'exact', truth: d.id, input: { name: d.name, country: d.country, identifier: null, website: null } });
    else if (r < 0.6)
      rows.push({ kind: 'no_legal_form', truth: d.id, input: { name: d.name.replace(LEGAL, ''), country: d.country, identifier: null, website: null } });
    else if (r < 0.7) rows.push({ kind: 'typo', truth: d.id, input: { name: transpose(d.name, next), country: d.country, identifier: null, website: null } });
    else if (r < 0.8) {
      const o = take(withId);
      if (o === undefined) throw new Error('nothing drawn');
      rows.push({ kind: 'identifier', truth: o.id, input: { name: o.name, country: o.country, identifier: o.identifier, website: null } });
    } else if (r < 0.85) {
      const o = take(withSite);
      if (o === undefined) throw new Error('nothing drawn');
      rows.push({ kind: 'website', truth: o.id, input: { name: o.name.replace(LEGAL, ''), country: null, identifier: null, website: o.website } });
    } else {
      rows.push({
        kind: 'absent',
        truth: null,
        input: { name: `Qzx ${Math.floor(next() * 1e9).toString(36)} Vorbl Trading`, country: d.country, identifier: null, website: null },
      });
    }
  }
  return rows;
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  if (!env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL is required (the server holding the 1M-organisation database)');
  const url = new URL(env.BENCH_DATABASE_URL);
  url.pathname = `/${args.database}`;
  const database = createDatabase(url.toString(), { max: Number(args.pool), applicationName: 'bench-batch-matching', statementTimeoutMs: 30_000 });
  // Drawing the file reads the whole table: its own connection, without the lookups' statement timeout.
  const reader = createDatabase(url.toString(), { max: 1, applicationName: 'bench-batch-matching-draw' });
  try {
    const count = Number((await reader.pool.query<{ n: string }>('select count(*) as n from organisations')).rows[0]?.n ?? 0);
    note(`${args.database}: ${count} organisations`);
    const next = seededRandom(Number(args.seed)); // the same file is drawn every run
    // A deterministic sample: organisations whose id hashes into a bucket (repeatable, spread over the table).
    const drawnRows = await reader.pool.query<{ id: string; name: string; country: string | null; website: string | null; identifier: string | null }>(
      `select o.id, o.name, o.country_iso_alpha3 as country, o.website,
         (select i.value from organisation_identifiers i where i.organisation_id = o.id order by i.type limit 1) as identifier
       from organisations o
       where not exists (select 1 from organisation_owners ow where ow.organisation_id = o.id)
         and abs(hashtext(o.id::text || $1)) % 1000 < $2
       limit $3`,
      [args.seed, Math.max(1, Math.ceil((rowsWanted * 1000) / Math.max(count, 1)) * 2), rowsWanted],
    );
    const drawn: Drawn[] = drawnRows.rows.sort(() => next() - 0.5);
    note(`drew ${drawn.length} organisations; building ${rowsWanted} supplier rows`);
    const file = args.evaluation ? await evaluationFile(reader) : buildFile(drawn, next);
    const matchRows = createMatchRows({
      lookups: createQuickSearchLookups(database.db),
      exactNames: args['no-exact-path'] ? undefined : createExactNameLookup(database.db),
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
      }
      if ((at / chunkSize) % 10 === 0) note(`${at + chunk.length} rows, ${Math.round((at + chunk.length) / ((performance.now() - started) / 1000))} rows/s`);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuStart);

    const byKind = new Map<Kind, { n: number; match: number; right: number; review: number; reviewRightInBest: number; noMatch: number }>();
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
      exactPath: !args['no-exact-path'],
      seconds: round(seconds, 2),
      rowsPerSecond: Math.round(file.length / seconds),
      clientCpuMsPerRow: round((cpu.user + cpu.system) / 1000 / file.length, 2),
      chunkLatency: summariseLatencies(chunkMs),
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
    fs.writeFileSync(path.join('bench', 'out', 'batch-matching.md'), markdown(summary));
  } finally {
    await database.close();
    await reader.close();
  }
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
