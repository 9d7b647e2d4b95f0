/**
 * Where the quick lookup's time goes, per kind of the benchmark's query mix (issue 20, section 7: "profile
 * (EXPLAIN ANALYZE, statement counts per kind)"):
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/quick-search-profile.ts --database osc_bench [--count 1000000] [--per-kind 40] [--explain] [--kinds transliteration,identifier] [--per-query]
 *
 * Runs the use case in process (createQuickSearch over the real PostgreSQL lookups, membership and remembered
 * decisions, as the composition root wires them; no HTTP) over an existing benchmark database holding the first
 * `count` generated organisations (bench/quick-search.ts builds one), one query at a time, after a warm-up. Per kind:
 * the lookup's latency (p50 / p95), the statements it sent (round trips) by kind, recognised from their SQL, with
 * their mean time from send to answer. With `--explain`, every statement is run a second time under
 * `EXPLAIN (ANALYZE, FORMAT JSON)` and its planning and execution times are reported by statement kind (the
 * latencies of that run include the EXPLAINs: read them from a run without it). `--kinds` keeps only those kinds of
 * the mix; `--per-query` adds one line per query: its latency and its statements in the order sent (each with its
 * time from send to answer, and its planning + execution under `--explain`), to find what a kind's tail is made of.
 * Prints markdown.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { createDatabase, genericCompanionOf } from '../src/adapters/db/client';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { findOrganisationsByIds } from '../src/adapters/db/queries/quick-search/exact-lookups';
import { createAccountMembership, createQuickSearchLookups } from '../src/adapters/db/queries/quick-search/quick-search-lookups';
import { parseEnvOrThrow } from '../src/config/env';
import { createDecisions } from '../src/server/decisions/decisions';
import { createQuickSearch } from '../src/server/quick-search/quick-search';
import { databaseUrl } from './support/bench-database';
import { buildQueryMix, QUERY_KINDS, type QueryKind } from './support/quick-search-queries';
import { statementKind } from './support/statement-kinds';
import { round, summariseLatencies } from './support/stats';

const args = parseArgs({
  options: {
    database: { type: 'string', default: 'osc_bench' },
    count: { type: 'string', default: '1000000' },
    'per-kind': { type: 'string', default: '40' },
    explain: { type: 'boolean', default: false },
    // Only these kinds (comma-separated), and one line per query (its latency and statements in order).
    kinds: { type: 'string' },
    'per-query': { type: 'boolean', default: false },
  },
}).values;

interface Counted {
  n: number;
  ms: number;
  planningMs: number;
  executionMs: number;
  explained: number;
}

/** One statement as sent: its kind, ms from send to answer and, under `--explain`, planning + execution ms. */
interface Sent {
  kind: string;
  ms: number;
  planned?: string;
}

function instrument(pool: pg.Pool, explain: boolean, sent: Sent[]): { take(): Record<string, Counted> } {
  let counts: Record<string, Counted> = {};
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...callArgs: unknown[]) => {
    const first = callArgs[0];
    const text = typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'text' in first ? String(first.text) : '';
    const values = typeof first === 'object' && first !== null && 'values' in first ? (first.values as unknown[]) : (callArgs[1] as unknown[] | undefined);
    const kind = statementKind(text);
    const t = performance.now();
    const result = await original(...callArgs);
    const k = (counts[kind] ??= { n: 0, ms: 0, planningMs: 0, executionMs: 0, explained: 0 });
    const ms = performance.now() - t;
    const one: Sent = { kind, ms };
    sent.push(one);
    k.n += 1;
    k.ms += ms;
    if (explain && text !== '' && !/^\s*(begin|commit|rollback|set|explain)/i.test(text)) {
      const plan = (await original({ text: `explain (analyze, format json) ${text}`, values })) as {
        rows: { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] }[];
      };
      const top = plan.rows[0]?.['QUERY PLAN'][0];
      if (top) {
        k.planningMs += top['Planning Time'];
        k.executionMs += top['Execution Time'];
        k.explained += 1;
        one.planned = `${round(top['Planning Time'], 1)} + ${round(top['Execution Time'], 1)}`;
      }
    }
    return result;
  };
  return {
    take: () => {
      const taken = counts;
      counts = {};
      return taken;
    },
  };
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  if (!env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL is required');
  const url = databaseUrl(env.BENCH_DATABASE_URL, args.database);
  // As the composition root builds the quick lookup's pool: its statement timeout and its generic companion (decision 0031).
  const lookupsDb = createDatabase(url, {
    max: 4,
    applicationName: 'bench-quick-search-profile',
    statementTimeoutMs: env.QUICK_SEARCH_STATEMENT_TIMEOUT_MS,
    genericCompanion: true,
  });
  const companion = genericCompanionOf(lookupsDb.pool);
  if (companion === undefined) throw new Error('the lookups pool has no generic companion');
  const otherDb = createDatabase(url, { max: 2, applicationName: 'bench-quick-search-profile' });
  try {
    const account = await insertAccount(otherDb.db, { name: `Profile account ${new Date().toISOString()}` });
    const decisions = createDecisions(otherDb.db);
    const quickSearch = createQuickSearch({
      lookups: createQuickSearchLookups(lookupsDb.db),
      membership: createAccountMembership(otherDb.db),
      logo: { logoFor: () => null },
      log: { warn: () => undefined },
      limit: 10,
      judged: { judgements: decisions.judgements, byIds: (params) => findOrganisationsByIds(lookupsDb.db, params) },
    });
    const sent: Sent[] = [];
    const statements = {
      lookups: instrument(lookupsDb.pool, args.explain, sent),
      companion: instrument(companion, args.explain, sent),
      other: instrument(otherDb.pool, args.explain, sent),
    };
    const wanted = args.kinds === undefined ? undefined : new Set(args.kinds.split(','));
    const queries = buildQueryMix({ count: Number(args.count), perKind: Number(args['per-kind']), dataSeed: 1, seed: 20261122 }).filter(
      (q) => wanted === undefined || wanted.has(q.kind),
    );
    const perQuery: string[] = [];
    const run = (query: string) => quickSearch.execute({ accountId: account.id, query, countryIsoAlpha3: 'GLO' });
    for (const q of queries.slice(0, 100)) await run(q.query); // warm-up
    for (const counted of Object.values(statements)) counted.take();
    sent.length = 0;
    const loadBefore = os.loadavg();
    const byKind = new Map<QueryKind, { latencies: number[]; statements: Record<string, Counted> }>();
    for (const q of queries) {
      const t = performance.now();
      await run(q.query);
      const ms = performance.now() - t;
      if (args['per-query']) {
        const steps = sent.map((x) => `${x.kind} ${round(x.ms, 1)}${x.planned === undefined ? '' : ` (${x.planned})`}`);
        perQuery.push(`| ${q.kind} | ${q.query} | ${round(ms, 1)} | ${steps.join('; ')} |`);
      }
      sent.length = 0;
      const entry = byKind.get(q.kind) ?? { latencies: [], statements: {} };
      entry.latencies.push(ms);
      for (const [kind, c] of Object.values(statements).flatMap((counted) => Object.entries(counted.take()))) {
        const into = (entry.statements[kind] ??= { n: 0, ms: 0, planningMs: 0, executionMs: 0, explained: 0 });
        into.n += c.n;
        into.ms += c.ms;
        into.planningMs += c.planningMs;
        into.executionMs += c.executionMs;
        into.explained += c.explained;
      }
      byKind.set(q.kind, entry);
    }
    const loadAfter = os.loadavg();
    const lines = [
      `# Quick lookup profile: ${args.database}, ${queries.length} queries, load ${loadBefore.map((l) => l.toFixed(1)).join(' ')} -> ${loadAfter.map((l) => l.toFixed(1)).join(' ')}${args.explain ? ' (with EXPLAIN ANALYZE: latencies include it)' : ''}`,
      '',
      '| kind | n | p50 / p95 ms | statements per query | by kind: per query x mean ms' + (args.explain ? ' (planning + execution ms)' : '') + ' |',
      '|---|---|---|---|---|',
    ];
    for (const kind of QUERY_KINDS) {
      const entry = byKind.get(kind);
      if (!entry) continue;
      const n = entry.latencies.length;
      const s = summariseLatencies(entry.latencies);
      const total = Object.values(entry.statements).reduce((sum, c) => sum + c.n, 0);
      const parts = Object.entries(entry.statements)
        .sort((a, b) => b[1].ms - a[1].ms)
        .map(
          ([name, c]) =>
            `${name} ${round(c.n / n, 2)} x ${round(c.ms / c.n, 2)}` +
            (c.explained > 0 ? ` (${round(c.planningMs / c.explained, 2)} + ${round(c.executionMs / c.explained, 2)})` : ''),
        );
      lines.push(`| ${kind} | ${n} | ${s.p50Ms} / ${s.p95Ms} | ${round(total / n, 2)} | ${parts.join('; ')} |`);
    }
    if (perQuery.length > 0)
      lines.push('', '| kind | query | ms | statements in order: ms from send to answer (planning + execution) |', '|---|---|---|---|', ...perQuery);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await lookupsDb.close();
    await otherDb.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
