/**
 * Quick lookup, worst inputs against the median (issue 10, section 2: "no input makes one lookup cost more
 * than 10x the median"):
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/quick-search-worst-inputs.ts [--count 100000] [--rounds 30]
 *
 * Imports `count` generated organisations into its own database (`osc_bench_worst`, on BENCH_DATABASE_URL's
 * server, else the embedded PostgreSQL under .data/bench) with the project's importer, then runs the quick
 * lookup use case over the real lookups and the container's bounded pool (QUICK_SEARCH_STATEMENT_TIMEOUT_MS)
 * in process: the database work of one lookup, without HTTP. It measures the normal mix (exact names, names
 * with a typo, prefixes) and each worst input: 200 distinct CJK characters (the issue's), a 200-letter word,
 * 40 misspelled words, 200 digits and punctuation. Then the normal queries' median again while 16 clients
 * send the CJK query. Prints a JSON summary with each input's median and its ratio to the normal median.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../src/adapters/db/client';
import { startEmbeddedPostgres } from '../src/adapters/db/embedded-postgres';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { importOrganisations } from '../src/adapters/db/queries/imports/import-organisations';
import { createAccountMembership, createQuickSearchLookups } from '../src/adapters/db/queries/quick-search/quick-search-lookups';
import { syntheticOrganisations } from '../src/adapters/data-generation/synthetic-organisations';
import { parseEnvOrThrow } from '../src/config/env';
import { createQuickSearch } from '../src/server/quick-search/quick-search';
import { buildQueryMix } from './support/quick-search-queries';
import { round, summariseLatencies } from './support/stats';

const DATABASE = 'osc_bench_worst';
const args = parseArgs({ options: { count: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '30' } } }).values;
const count = Number(args.count);
const rounds = Number(args.rounds);
const note = (message: string) => process.stderr.write(`[bench:quick-search-worst] ${message}\n`);

const cjk = Array.from({ length: 200 }, (_, i) => String.fromCodePoint(0x4e00 + i * 13)).join('');
const WORST_INPUTS: Record<string, string> = {
  'cjk-200-distinct': cjk,
  'cjk-40-words-of-4': Array.from({ length: 40 }, (_, w) => cjk.slice(w * 4, w * 4 + 4)).join(' '),
  'latin-200-one-word': Array.from({ length: 200 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join(''),
  'latin-40-misspelled-words': Array.from({ length: 40 }, (_, i) => `solxr${'abcdefghij'[i % 10]}`)
    .join(' ')
    .slice(0, 200),
  'digits-and-punctuation-200': Array.from({ length: 100 }, (_, i) => `${i % 10}-`).join(''),
  'accented-200': 'éèêëàâäôöûüçñ'.repeat(16).slice(0, 200),
};

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  let adminUrl = env.BENCH_DATABASE_URL;
  let stop = async () => undefined as void;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres(path.join('.data', 'bench'), note);
    adminUrl = embedded.adminUrl;
    if (embedded.owned) stop = () => embedded.stop();
  }
  await admin(adminUrl, `drop database if exists ${DATABASE} with (force)`);
  await admin(adminUrl, `create database ${DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const database = createDatabase(url.toString(), { max: 20 });
  const bounded = createDatabase(url.toString(), { max: 20, statementTimeoutMs: env.QUICK_SEARCH_STATEMENT_TIMEOUT_MS });
  try {
    await runMigrations(database.db);
    note(`importing ${count} organisations`);
    const lines = (function* () {
      for (const organisation of syntheticOrganisations({ count, seed: 1 })) yield JSON.stringify(organisation);
    })();
    await importOrganisations(database.db, lines, {});
    await database.pool.query('vacuum analyze organisations, organisation_aliases, organisation_identifiers, search_words');
    const account = await insertAccount(database.db, { name: 'bench' });
    const quickSearch = createQuickSearch({
      lookups: createQuickSearchLookups(bounded.db),
      membership: createAccountMembership(bounded.db),
      logo: { logoFor: () => null },
      log: { warn: () => undefined },
      limit: 10,
    });
    const lookup = async (query: string): Promise<number> => {
      const started = performance.now();
      await quickSearch.execute({ accountId: account.id, query, countryIsoAlpha3: 'GLO' });
      return performance.now() - started;
    };
    const normal = buildQueryMix({ count, perKind: 40, dataSeed: 1, seed: 7 }).filter((q) =>
      ['exact', 'typo', 'prefix-60', 'prefix-word', 'no-suffix'].includes(q.kind),
    );
    for (const q of normal.slice(0, 50)) await lookup(q.query); // warm-up
    const normalLatencies: number[] = [];
    for (const q of normal) normalLatencies.push(await lookup(q.query));
    const normalSummary = summariseLatencies(normalLatencies);
    const worst: Record<string, { p50: number; max: number; ratioToNormalMedian: number }> = {};
    for (const [name, query] of Object.entries(WORST_INPUTS)) {
      const latencies: number[] = [];
      for (let i = 0; i < rounds; i += 1) latencies.push(await lookup(query));
      const summary = summariseLatencies(latencies);
      worst[name] = { p50: summary.p50Ms, max: summary.maxMs, ratioToNormalMedian: round(summary.p50Ms / normalSummary.p50Ms) };
    }
    // The normal mix again while 16 clients send the CJK query without pause.
    let flooding = true;
    const flood = Array.from({ length: 16 }, async () => {
      while (flooding) await lookup(WORST_INPUTS['cjk-200-distinct'] ?? '');
    });
    const underFlood: number[] = [];
    for (const q of normal) underFlood.push(await lookup(q.query));
    flooding = false;
    await Promise.all(flood);
    process.stdout.write(
      `${JSON.stringify(
        {
          organisations: count,
          statementTimeoutMs: env.QUICK_SEARCH_STATEMENT_TIMEOUT_MS,
          normal: { queries: normalLatencies.length, ...normalSummary },
          worst,
          normalWhile16ClientsSendCjk: summariseLatencies(underFlood),
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await bounded.close();
    await database.close();
    await stop();
  }
}

await main();
