/**
 * Benchmark of the candidate references store (decision 0017): what selection by reference adds to the search
 * stream (one recording per placed batch, before the batch is yielded) and to a selection (one read by key).
 *   `DATABASE_URL=... npx tsx bench/candidate-references.ts [--rounds N]`
 * DATABASE_URL names a server; the bench creates, migrates and drops its own database `osc_bench_candidate_references`.
 * Reports p50 / p95 of: recording a batch of 1, 10 and 30 candidates (the registry's first batch is up to its page
 * size, the agent's arrive one by one), recording a patch, and reading one reference back; with ROWS rows of other
 * accounts already in the table (an hour of searching). Prints a table on stderr and one JSON object on stdout.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { createCandidateReferences } from '../src/adapters/db/queries/candidate-references';
import { parseEnvOrThrow } from '../src/config/env';
import type { StreamedSelectionCandidate } from '../src/core/selection';
import { newCandidateReference } from '../src/server/selection/candidate-references';
import { summariseLatencies } from './support/stats';
import { UNKNOWN_REGISTRY_STATUS } from '../src/core/registry-status';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '200' }, rows: { type: 'string', default: '20000' } } });
const ROUNDS = Number(values.rounds);
const ROWS = Number(values.rows);
const env = parseEnvOrThrow();
if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL server');
const NAME = 'osc_bench_candidate_references';

const facts = (n: number): StreamedSelectionCandidate => ({
  _type: 'candidate',
  canonicalName: `BENCH CANDIDATE ${n} PTY LTD`,
  description: 'A registry row as the stream records it, with a few identifiers and names',
  countryIsoAlpha3: 'AUS',
  key: `AUS|bench candidate ${n}`,
  existingOrgId: null,
  source: 'registry_au',
  website: null,
  logo: null,
  accountLinked: false,
  identifiers: [
    { type: 'ABN', value: '51824753556' },
    { type: 'ACN', value: '824753556' },
  ],
  websiteValidated: false,
  nameKind: 'entity',
  matchedBusinessName: 'Bench Trading',
  parentEntityName: null,
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  type: 'ProprietaryLimited',
});

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function main() {
  const admin = createDatabase(env.DATABASE_URL as string, { max: 1 });
  await admin.db.execute(sql.raw(`drop database if exists ${NAME} with (force)`));
  await admin.db.execute(sql.raw(`create database ${NAME}`));
  const url = new URL(env.DATABASE_URL as string);
  url.pathname = `/${NAME}`;
  const database = createDatabase(url.toString(), { max: 2 });
  try {
    await runMigrations(database.db);
    const references = createCandidateReferences(database.db);
    const others = await insertAccount(database.db, { name: 'bench others' });
    for (let done = 0; done < ROWS; done += 1000) {
      await references.record(others.id, {
        candidates: Array.from({ length: 1000 }, (_, i) => ({ ref: newCandidateReference(), candidate: facts(done + i) })),
        patches: [],
      });
    }
    // The preload's writes settled (statistics, visibility map) before anything is timed.
    await database.db.execute(sql`vacuum analyze candidate_references`);
    await database.db.execute(sql`checkpoint`);
    const account = await insertAccount(database.db, { name: 'bench account' });
    const figures: Record<string, ReturnType<typeof summariseLatencies>> = {};
    const refs: string[] = [];
    for (const size of [1, 10, 30]) {
      const latencies: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const candidates = Array.from({ length: size }, (_, i) => ({ ref: newCandidateReference(), candidate: facts(i) }));
        refs.push(...candidates.map((c) => c.ref));
        latencies.push(await timed(() => references.record(account.id, { candidates, patches: [] })));
      }
      figures[`record ${size}`] = summariseLatencies(latencies);
    }
    const patchLatencies: number[] = [];
    const findLatencies: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const ref = refs[(round * 7) % refs.length] as string;
      patchLatencies.push(
        await timed(() =>
          references.record(account.id, { candidates: [], patches: [{ ref, identifiers: [{ type: 'ABN', value: '53004085616' }], existingOrgId: null }] }),
        ),
      );
      findLatencies.push(await timed(() => references.find(account.id, ref)));
    }
    figures['record a patch'] = summariseLatencies(patchLatencies);
    figures['find'] = summariseLatencies(findLatencies);
    for (const [name, f] of Object.entries(figures)) process.stderr.write(`${name.padEnd(16)} p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms (${f.n})\n`);
    process.stdout.write(`${JSON.stringify({ rows: ROWS, figures })}\n`);
  } finally {
    await database.close();
    await admin.db.execute(sql.raw(`drop database if exists ${NAME} with (force)`));
    await admin.close();
  }
}

await main();
process.exit(0);
