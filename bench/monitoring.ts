/**
 * Registry monitoring benchmark (issue 23, section 5): re-checks per minute at 100k watched organisations, with
 * zero-latency contract fakes, through the pass the `monitor.run` job and `monitor run` run.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:monitoring -- [--count 100000] [--seconds 120] [--keep]
 *
 * A database of its own (`osc_bench_changes_monitoring`, dropped at the end unless `--keep`), migrated; `--count`
 * synthetic organisations (seed 1) imported through the import CLI's code path onto one account's list (`--link`), so
 * every one with an ABN, a Companies House number or an aggregator id is watched. The ABN Lookup and OpenCorporates
 * contract fakes (zero latency) hold a register entry for each of them (the synthetic names, active), so a read is a
 * hit, as it would be for a registered supplier. The pass runs with the real adapters over loopback HTTP and the real
 * store (row lock, observation, due time), but no pacer: the figure is what one worker can do when the registers'
 * limits are not the bound (they are, at 1M: see bench/README.md). Two passes: the first reads (the baseline), then
 * a day later the re-reads (nothing changed: nothing recorded), each stopped after `--seconds`; reported: reads, reads
 * per minute by register, and the due query's time. Writes bench/out/monitoring.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createProviderCache } from '../src/adapters/cache/provider-cache';
import { createDatabase, type Db } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { importOrganisations } from '../src/adapters/db/queries/imports/import-organisations';
import { syntheticOrganisations } from '../src/adapters/data-generation/synthetic-organisations';
import { createLogger } from '../src/adapters/logging/logger';
import { createRegistryReadsFromEnv } from '../src/adapters/registries/registry-reads';
import { parseEnvOrThrow } from '../src/config/env';
import { normaliseIdentifierValue } from '../src/core/identifiers';
import { createRunMonitorPass, type MonitorPassSummary } from '../src/server/monitoring/run-monitor-pass';
import type { FakeAbrEntity } from '../src/sandbox/abr/dataset';
import { startFakeAbr } from '../src/sandbox/abr/fake-abr-server';
import { FAKE_COMPANIES, type FakeCompany } from '../src/sandbox/opencorporates/dataset';
import { startFakeOpenCorporates } from '../src/sandbox/opencorporates/fake-opencorporates-server';
import { admin, databaseUrl, SYNTHETIC_SEED } from './support/bench-database';
import { round } from './support/stats';

const args = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '120' },
    keep: { type: 'boolean', default: false },
  },
}).values;
const count = Number(args.count);
const budgetMs = Number(args.seconds) * 1000;
const NAME = 'osc_bench_changes_monitoring';
const GUID = 'bench-guid';
const note = (message: string) => process.stderr.write(`[bench:monitoring] ${message}\n`);

const adminUrl: string = process.env.BENCH_DATABASE_URL ?? '';
if (adminUrl === '') throw new Error('BENCH_DATABASE_URL is required (a PostgreSQL server where the bench may create a database)');

/** The register entries of the synthetic organisations: one ABN Lookup entity per ABN, one aggregator company per CH or aggregator id. */
function registersOf(organisations: ReturnType<typeof syntheticOrganisations> extends Generator<infer T> ? T[] : never) {
  const abr: FakeAbrEntity[] = [];
  const companies: FakeCompany[] = [];
  const template = FAKE_COMPANIES[0];
  if (template === undefined) throw new Error('the OpenCorporates fake has no company to copy');
  for (const o of organisations) {
    const value = (type: string) => o.identifiers.find((i) => i.type === type)?.value;
    const abn = value('ABN');
    if (abn !== undefined) {
      abr.push({
        abn: normaliseIdentifierValue(abn),
        acn: normaliseIdentifierValue(value('ACN') ?? ''),
        entityName: o.name.toUpperCase(),
        entityTypeCode: 'PRV',
        status: 'Active',
        statusFrom: '2018-07-01',
        state: 'NSW',
        postcode: '2000',
        businessNames: [],
        tradingNames: [],
        formerNames: [],
        gstFrom: '2018-07-01',
        inDemoSeed: false,
      });
    }
    const ch = value('CH');
    const aggregator = value('OPENCORPORATES');
    const [jurisdiction, number] = ch !== undefined ? ['gb', normaliseIdentifierValue(ch)] : aggregator !== undefined ? aggregator.split('/') : [];
    if (jurisdiction !== undefined && number !== undefined) {
      companies.push({
        ...template,
        name: o.name.toUpperCase(),
        company_number: number,
        jurisdiction_code: jurisdiction,
        dissolution_date: null,
        inactive: false,
        current_status: 'Active',
        previous_names: [],
        opencorporates_url: `https://opencorporates.com/companies/${jurisdiction}/${number}`,
      });
    }
  }
  return { abr, companies };
}

/**
 * The database handle, timing its due query: the pass's only `execute` on the handle itself here (a reading is
 * recorded in a transaction, a failure by an insert, and without GLEIF's changed-since query nothing is marked unchanged).
 */
function timingDueQuery(db: Db, dueTimes: number[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'execute' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        const result: unknown = await Reflect.apply(value, target, args);
        dueTimes.push(performance.now() - started);
        return result;
      };
    },
  });
}

interface PassFigures {
  label: string;
  reads: number;
  seconds: number;
  perMinute: number;
  bySource: Record<string, number>;
  summary: Omit<MonitorPassSummary, 'changes'> & { changes: number };
  dueQueryMs: { mean: number; max: number };
}

async function main(): Promise<void> {
  const url = databaseUrl(adminUrl, NAME);
  await admin(adminUrl, `drop database if exists ${NAME} with (force)`);
  await admin(adminUrl, `create database ${NAME}`);
  const database = createDatabase(url, { max: 4, applicationName: 'bench-monitoring' });
  const servers: { close(): Promise<void> }[] = [];
  try {
    await runMigrations(database.db);
    const account = await insertAccount(database.db, { name: 'Monitoring bench' });
    const organisations = [...syntheticOrganisations({ count, seed: SYNTHETIC_SEED })];
    note(`importing ${count} organisations onto one account's list`);
    const importStarted = performance.now();
    await importOrganisations(
      database.db,
      organisations.map((o) => JSON.stringify(o)),
      { linkAccountId: account.id },
    );
    note(`imported in ${round((performance.now() - importStarted) / 1000)} s`);
    await database.pool.query('vacuum analyze');

    const { abr: abrEntities, companies } = registersOf(organisations);
    const abr = await startFakeAbr({ validGuid: GUID, entities: abrEntities });
    const openCorporates = await startFakeOpenCorporates({ latency: 'zero', companies });
    servers.push(abr, openCorporates);
    const watched = await database.pool.query<{ source: string; n: number }>(`
      select case when i.type in ('ABN', 'ACN') then 'abr' else 'opencorporates' end as source, count(distinct i.organisation_id)::int as n
        from organisation_identifiers i where i.type in ('ABN', 'CH', 'OPENCORPORATES') group by 1 order by 1`);
    note(
      `watched: ${watched.rows.map((r) => `${r.source} ${r.n}`).join(', ')}; register entries: ABN Lookup ${abrEntities.length}, OpenCorporates ${companies.length}`,
    );

    const env = parseEnvOrThrow({
      NODE_ENV: 'test',
      ABR_GUID: GUID,
      ABR_BASE_URL: abr.url,
      OPENCORPORATES_API_TOKEN: 'bench-token',
      OPENCORPORATES_BASE_URL: openCorporates.url,
    });
    const log = createLogger({ level: 'silent', destination: 'stderr' });
    const registries = createRegistryReadsFromEnv(env, { cache: createProviderCache(database.db), log });
    let clock = new Date('2026-12-01T00:00:00Z');

    async function pass(label: string): Promise<PassFigures> {
      const dueTimes: number[] = [];
      const bySource: Record<string, number> = {};
      const run = createRunMonitorPass({
        db: timingDueQuery(database.db, dueTimes),
        registries: {
          read: (read, options) => {
            const source = read.identifierType === 'ABN' || read.identifierType === 'ACN' ? 'abr' : read.identifierType === 'LEI' ? 'gleif' : 'opencorporates';
            bySource[source] = (bySource[source] ?? 0) + 1;
            return registries.read(read, options);
          },
        },
        pace: async () => undefined,
        log,
        intervalHours: 24,
        now: () => clock,
      });
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), budgetMs);
      const started = performance.now();
      const summary = await run({ accountId: null, signal: controller.signal });
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const { changes, ...counts } = summary;
      const figures: PassFigures = {
        label,
        reads: summary.checked,
        seconds: round(seconds),
        perMinute: Math.round((summary.checked / seconds) * 60),
        bySource,
        summary: { ...counts, changes: changes.length },
        dueQueryMs: { mean: round(dueTimes.reduce((a, b) => a + b, 0) / Math.max(1, dueTimes.length)), max: round(Math.max(0, ...dueTimes)) },
      };
      note(`${label}: ${JSON.stringify(figures)}`);
      return figures;
    }

    const first = await pass('first reads (baseline)');
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    const second = await pass('re-reads a day later (nothing changed)');
    const load = os.loadavg().map((l) => round(l, 1));
    const lines = [
      `# Monitoring benchmark (${new Date().toISOString()})`,
      '',
      `${count} synthetic organisations on one list; zero-latency ABN Lookup and OpenCorporates fakes; no pacer; ${os.cpus().length} cores, load ${load.join(' / ')}.`,
      `Watched: ${watched.rows.map((r) => `${r.source} ${r.n}`).join(', ')}.`,
      '',
      '| pass | reads | seconds | reads/min | by register | changes | due query mean / max ms |',
      '|---|---|---|---|---|---|---|',
      ...[first, second].map(
        (f) =>
          `| ${f.label} | ${f.reads} | ${f.seconds} | ${f.perMinute} | ${Object.entries(f.bySource)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')} | ${f.summary.changes} | ${f.dueQueryMs.mean} / ${f.dueQueryMs.max} |`,
      ),
    ];
    const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'out');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'monitoring.md'), `${lines.join('\n')}\n`);
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
    await database.close();
    if (!args.keep) await admin(adminUrl, `drop database if exists ${NAME} with (force)`);
  }
}

await main();
