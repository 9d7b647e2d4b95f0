/**
 * Benchmark of manual NAICS classification: `DATABASE_URL=... npx tsx bench/naics-backfill.ts [rows]`.
 * On the database DATABASE_URL names (migrated here; use a scratch database): seeds NAICS and the demo
 * concordance, creates an account and an organisation with `rows` (default 1,000,000) SPENT and INVESTED
 * transactions (generate_series), runs one whole AddOrganisationNAICS (code 221111: one sector in each
 * basket) and reports backfill rows per second and the add's duration; then the typeahead's p50/p95 over
 * a few hundred terms. Prints one JSON object on stdout.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { createClassificationRepository } from '../src/adapters/db/queries/classification';
import { setFlagValue } from '../src/adapters/db/queries/feature-flags';
import { searchNaicsCodes } from '../src/adapters/db/queries/naics';
import { insertOrganisation } from '../src/adapters/db/queries/organisations-write';
import { seedDemoConcordance } from '../src/adapters/db/seed/demo-concordance';
import { loadNaicsReference, seedNaics } from '../src/adapters/db/seed/naics-seed';
import { createPostgresLock } from '../src/adapters/lock/postgres-lock';
import { parseEnvOrThrow } from '../src/config/env';
import { FLAGS } from '../src/core/flags';
import { AddOrganisationNAICS } from '../src/server/naics/add-organisation-naics';
import { searchNaics } from '../src/server/naics/search-naics';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  if (!env.DATABASE_URL) throw new Error('set DATABASE_URL to a scratch database');
  const rows = Number(process.argv[2] ?? 1_000_000);
  const database = createDatabase(env.DATABASE_URL, { max: 4, applicationName: 'bench-naics' });
  const { db } = database;
  try {
    await runMigrations(db);
    await seedNaics(db);
    await seedDemoConcordance(db);
    const account = await insertAccount(db, { name: 'Bench account' });
    await setFlagValue(db, { flagKey: FLAGS.manualNaicsClassification.key, accountId: account.id, value: true });
    const organisationId = await insertOrganisation(db, { name: `Bench Organisation ${Date.now()}`, countryIsoAlpha3: 'AUS', profileStatus: 'COMPLETED' });
    const half = Math.floor(rows / 2);
    const seedStarted = performance.now();
    await db.execute(sql`insert into transactions (account_id, organisation_id, type, amount, currency, date)
      select ${account.id}::uuid, ${organisationId}::uuid, case when g <= ${half} then 'SPENT' else 'INVESTED' end,
             (g % 10000) / 100.0, 'AUD', date '2026-01-01' + (g % 365)
      from generate_series(1, ${rows}) g`);
    await db.execute(sql`vacuum analyze transactions`);
    await db.execute(sql`analyze transaction_aquila1`);
    const seedMs = performance.now() - seedStarted;

    const log = { warn: () => undefined, info: () => undefined };
    const flags = { isEnabled: async () => true };
    const repository = createClassificationRepository(db);
    const timings: Record<string, number> = {};
    const timed: typeof repository = {
      ...repository,
      async backfillTransactions(params) {
        const started = performance.now();
        const result = await repository.backfillTransactions(params);
        timings[`backfill${params.for}Ms`] = performance.now() - started;
        return result;
      },
    };
    const useCase = new AddOrganisationNAICS({ lock: createPostgresLock(db), flags, repository: timed, log });
    const addStarted = performance.now();
    const result = await useCase.execute({ accountId: account.id, organisationId, naicsCode: '221111' });
    const addMs = performance.now() - addStarted;
    const backfillMs = (timings.backfillSPENTMs ?? 0) + (timings.backfillINVESTEDMs ?? 0);

    const leaves = loadNaicsReference().filter((r) => r.level === 5);
    const words = [...new Set(leaves.flatMap((r) => r.name.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3))].sort();
    const terms: string[] = [];
    for (let i = 0; terms.length < 300; i += 1) {
      const word = words[(i * 37) % words.length] ?? 'farm';
      const pick = i % 3;
      terms.push(pick === 0 ? word.slice(0, 3) : pick === 1 ? word : `${word} ${words[(i * 11) % words.length] ?? ''}`.trim());
      if (i % 10 === 0) terms.push((leaves[(i * 7) % leaves.length]?.code ?? '111110').slice(0, 3 + (i % 3)));
    }
    const catalogue = { searchCodes: (params: { term: string; level: number; limit: number }) => searchNaicsCodes(db, params) };
    for (const term of terms.slice(0, 20)) await searchNaics(catalogue, { term, limit: 25 });
    const latencies: number[] = [];
    for (const term of terms) {
      const started = performance.now();
      await searchNaics(catalogue, { term, limit: 25 });
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);

    const round = (n: number) => Math.round(n * 10) / 10;
    process.stdout.write(
      `${JSON.stringify(
        {
          transactions: rows,
          seedTransactionsMs: round(seedMs),
          add: {
            naicsCode: '221111',
            durationMs: round(addMs),
            transactionsClassified: result.transactionsClassified,
            backfillMs: round(backfillMs),
            backfillRowsPerSecond: Math.round(result.transactionsClassified / (backfillMs / 1000)),
            perType: { SPENT: round(timings.backfillSPENTMs ?? 0), INVESTED: round(timings.backfillINVESTEDMs ?? 0) },
          },
          typeahead: {
            terms: latencies.length,
            p50Ms: round(percentile(latencies, 50)),
            p95Ms: round(percentile(latencies, 95)),
            maxMs: round(latencies.at(-1) ?? NaN),
          },
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
