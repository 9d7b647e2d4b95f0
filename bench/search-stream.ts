/**
 * Benchmark of the streamed search:
 *   `DATABASE_URL=... npx tsx bench/search-stream.ts [--quick] [--latency zero|realistic|both] [--rounds N] [--records DIR]`
 * (--rounds: sequential streams of the 1-stream scenario; --records: each request's server-side marks, in ms
 * after the handler was entered, written as JSON per scenario into DIR).
 * On the database DATABASE_URL names (migrated here; use a scratch database).
 *
 * The contract fakes run in this process; the server (container, real adapters pointed at the fakes, the
 * route's POST on @hono/node-server) runs in a forked process (bench/search-stream-server.ts), so its CPU
 * time is its own. For each latency profile of the fakes (zero; realistic: registry name search 300-800 ms,
 * ~100 ms per detail record, aggregator 500-1500 ms, agent run 3-8 s) and each concurrency (1 and 50
 * streams at once), auto-mode searches over AUS and GBR queries report, at the client:
 *   time to first item (TTFI) and to the last item (TTLI), p50 / p95, and from the last item to the end of the
 *   response (the page says "done" then: a closing model turn after the agent's last report shows here), per query too;
 * and on the server's clock:
 *   CPU time per stream (process.cpuUsage of the server process / streams),
 *   own time before the first item = (first provider call - handler entered: auth, rate limit, validation,
 *   flags) + (first byte written - the provider result that made it possible: guards, keys, internal
 *   match query, encoding). Target: under 5 ms.
 * First, the orchestrator alone over in-memory ports (bench/search-stream-orchestrator.ts): its own CPU and
 * time to first item without any I/O.
 * Prints a table on stderr and one JSON object on stdout.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createDatabase } from '../src/adapters/db/client';
import { runMigrations } from '../src/adapters/db/migrate';
import { insertAccount } from '../src/adapters/db/queries/accounts';
import { createApiKey } from '../src/adapters/auth/api-keys';
import { parseEnvOrThrow } from '../src/config/env';
import { REGISTRY_LEAD_MS } from '../src/server/search/registry-lead';
import type { RequestRecord } from './search-stream-server';
import { fakeUrls, startSearchFakes } from './search-stream-ports';
import { benchmarkOrchestrator } from './search-stream-orchestrator';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Queries both the registries and the web-search fake answer, so every stream has registry and agent items. */
const QUERIES: { query: string; countryIsoAlpha3: string }[] = [
  { query: 'koala logistics', countryIsoAlpha3: 'AUS' },
  { query: 'solar', countryIsoAlpha3: 'AUS' },
  { query: 'harbourline solar', countryIsoAlpha3: 'GBR' },
];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (n: number) => Math.round(n * 10) / 10;
const summary = (values: number[]) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) });

interface ClientTiming {
  query: string;
  ttfi: number | null;
  ttli: number;
  /** When the response ended (the page's "done"). */
  end: number;
  items: number;
  status: number;
}

async function oneStream(baseUrl: string, authorization: string, body: { query: string; countryIsoAlpha3: string; mode: string }): Promise<ClientTiming> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/organisations/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify(body),
  });
  let ttfi: number | null = null;
  let items = 0;
  let lastItem = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const now = performance.now() - started;
      const lines = Buffer.from(chunk.value).toString('utf8').split('\n').filter(Boolean).length;
      if (lines > 0) {
        ttfi ??= now;
        items += lines;
        lastItem = now;
      }
    }
  }
  const end = performance.now() - started;
  return { query: body.query, ttfi, ttli: items > 0 ? lastItem : end, end, items, status: response.status };
}

function request(child: ChildProcess, type: string): Promise<{ cpu: NodeJS.CpuUsage; records: RequestRecord[] }> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; cpu: NodeJS.CpuUsage; records: RequestRecord[] }) => {
      if (message.type !== 'stats') return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

/** A request's marks in ms after the handler was entered (for --records). */
function relativeTo(r: RequestRecord): Record<string, number | boolean> {
  return Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, typeof v === 'number' && k !== 'registryCandidates' ? Math.round((v - r.entered) * 100) / 100 : v]),
  );
}

/** Server-side own time before the first item, per request (ms), or undefined when no item was written. */
function ownTimeBeforeFirstItem(r: RequestRecord, leadMs: number): { before: number; after: number } | undefined {
  if (r.firstByte === undefined || r.providerStart === undefined) return undefined;
  // The registry's items exist once its answer (and, for AUS, the website enrichment) is in.
  const registryReady = r.registryEnriched ?? r.registryAnswered;
  const release = Math.min(registryReady ?? Number.POSITIVE_INFINITY, r.entered + leadMs);
  const agentEmittable = r.firstAgentCandidate === undefined ? Number.POSITIVE_INFINITY : Math.max(r.firstAgentCandidate, release);
  // The registry's answer writes at once when it has candidates or is degraded (channel-degraded).
  const registryWrites = r.registryAnswered !== undefined && ((r.registryCandidates ?? 0) > 0 || r.registryDegraded === true);
  const enabling = Math.min(registryWrites ? (registryReady ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY, agentEmittable);
  if (!Number.isFinite(enabling)) return undefined;
  return { before: r.providerStart - r.entered, after: Math.max(0, r.firstByte - enabling) };
}

async function scenario(child: ChildProcess, baseUrl: string, authorizations: string[], concurrency: number, rounds: number, recordsFile?: string) {
  await request(child, 'stats'); // drop earlier records
  const cpuBefore = (await request(child, 'stats')).cpu;
  const timings: ClientTiming[] = [];
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    const batch = Array.from({ length: concurrency }, (_, i) => {
      const q = QUERIES[(round * concurrency + i) % QUERIES.length] ?? { query: 'acme', countryIsoAlpha3: 'AUS' };
      return oneStream(baseUrl, authorizations[i] ?? '', { ...q, mode: 'auto' });
    });
    timings.push(...(await Promise.all(batch)));
  }
  const wallMs = performance.now() - started;
  const { cpu, records } = await request(child, 'stats');
  if (recordsFile) fs.writeFileSync(recordsFile, JSON.stringify(records.map((r) => relativeTo(r))));
  const streams = timings.length;
  const cpuMsPerStream = (cpu.user - cpuBefore.user + (cpu.system - cpuBefore.system)) / 1000 / streams;
  const own = records.map((r) => ownTimeBeforeFirstItem(r, REGISTRY_LEAD_MS)).filter((o) => o !== undefined);
  const withItems = timings.filter((t) => t.ttfi !== null);
  return {
    concurrency,
    streams,
    statuses: [...new Set(timings.map((t) => t.status))],
    itemsPerStream: round(timings.reduce((n, t) => n + t.items, 0) / streams),
    ttfiMs: summary(withItems.map((t) => t.ttfi ?? 0)),
    ttliMs: summary(timings.map((t) => t.ttli)),
    // From the last item to the end of the response: how long the page says "streaming" with nothing more to come.
    lastItemToEndMs: summary(withItems.map((t) => t.end - t.ttli)),
    lastItemToEndByQueryMs: Object.fromEntries(
      QUERIES.map(({ query }) => [query, summary(withItems.filter((t) => t.query === query).map((t) => t.end - t.ttli))]),
    ),
    serverCpuMsPerStream: round(cpuMsPerStream),
    serverPhasesMs: {
      authenticated: summary(records.flatMap((r) => (r.authenticated ? [r.authenticated - r.entered] : []))),
      rateLimitChecked: summary(records.flatMap((r) => (r.rateLimitChecked ? [r.rateLimitChecked - r.entered] : []))),
      flagsResolved: summary(records.flatMap((r) => (r.flagsResolved ? [r.flagsResolved - r.entered] : []))),
      responseReturned: summary(records.flatMap((r) => (r.responseReturned ? [r.responseReturned - r.entered] : []))),
      providerStart: summary(records.flatMap((r) => (r.providerStart ? [r.providerStart - r.entered] : []))),
    },
    serverOwnBeforeFirstItemMs: {
      total: summary(own.map((o) => o.before + o.after)),
      beforeProviders: summary(own.map((o) => o.before)),
      afterFirstResult: summary(own.map((o) => o.after)),
      measured: own.length,
    },
    wallMs: Math.round(wallMs),
  };
}

async function main(): Promise<void> {
  const { values: options } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      latency: { type: 'string', default: 'both' },
      rounds: { type: 'string' },
      records: { type: 'string' },
    },
  });
  const quick = options.quick;
  const profiles = options.latency === 'both' ? (['zero', 'realistic'] as const) : z.enum(['zero', 'realistic']).array().parse([options.latency]);
  const singleRounds = (latency: 'zero' | 'realistic') => (options.rounds ? Number(options.rounds) : quick ? 3 : latency === 'zero' ? 100 : 30);
  const env = parseEnvOrThrow();
  if (!env.DATABASE_URL) throw new Error('set DATABASE_URL to a scratch database');
  const database = createDatabase(env.DATABASE_URL, { max: 2, applicationName: 'bench-search-stream' });
  await runMigrations(database.db);
  // One account per concurrent stream, as 50 analysts would be (one account's burst would also be rate limited).
  const authorizations: string[] = [];
  for (let i = 0; i < 50; i += 1) {
    const account = await insertAccount(database.db, { name: `Bench search account ${i}` });
    const { apiKey } = await createApiKey(database.db, { accountId: account.id });
    authorizations.push(`Bearer ${apiKey}`);
  }
  await database.close();

  const orchestrator = await benchmarkOrchestrator(quick ? 300 : 2000);
  process.stderr.write(
    `orchestrator alone (in-memory ports, ${orchestrator.itemsPerStream} items): CPU/stream=${orchestrator.cpuMsPerStream} ms  ` +
      `first item p50/p95=${orchestrator.firstItemMs.p50}/${orchestrator.firstItemMs.p95} ms\n`,
  );
  const results = [];
  for (const latency of profiles) {
    const fakes = await startSearchFakes(latency);
    const child = fork(path.join(here, 'search-stream-server.ts'), [JSON.stringify(fakeUrls(fakes))], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
        child.on('message', (m: { type: string; port?: number }) => {
          if (m.type === 'ready' && m.port) resolve(m.port);
        });
      });
      const baseUrl = `http://127.0.0.1:${port}`;
      await oneStream(baseUrl, authorizations[0] ?? '', { query: 'acme', countryIsoAlpha3: 'AUS', mode: 'auto' }); // warm-up
      const single = await scenario(child, baseUrl, authorizations, 1, singleRounds(latency), options.records && `${options.records}/${latency}-1.json`);
      const fifty = await scenario(
        child,
        baseUrl,
        authorizations,
        50,
        quick ? 1 : latency === 'zero' ? 4 : 2,
        options.records && `${options.records}/${latency}-50.json`,
      );
      for (const s of [single, fifty]) {
        results.push({ latency, ...s });
        process.stderr.write(
          `${latency.padEnd(9)} x${String(s.concurrency).padEnd(3)} streams=${s.streams} items/stream=${s.itemsPerStream} ` +
            `TTFI p50/p95=${s.ttfiMs.p50}/${s.ttfiMs.p95} ms  TTLI p50/p95=${s.ttliMs.p50}/${s.ttliMs.p95} ms  ` +
            `last item to end p50/p95=${s.lastItemToEndMs.p50}/${s.lastItemToEndMs.p95} ms ` +
            `(${Object.entries(s.lastItemToEndByQueryMs)
              .map(([query, tail]) => `${query} ${tail.p50}/${tail.p95}`)
              .join(', ')})  ` +
            `server CPU/stream=${s.serverCpuMsPerStream} ms  own before first item p50/p95=${s.serverOwnBeforeFirstItemMs.total.p50}/${s.serverOwnBeforeFirstItemMs.total.p95} ms ` +
            `(pre-provider ${s.serverOwnBeforeFirstItemMs.beforeProviders.p50}, post-result ${s.serverOwnBeforeFirstItemMs.afterFirstResult.p50})\n`,
        );
      }
    } finally {
      child.send({ type: 'exit' });
      await new Promise((resolve) => child.once('exit', resolve));
      await fakes.close();
    }
  }
  process.stdout.write(`${JSON.stringify({ benchmark: 'search-stream', registryLeadMs: REGISTRY_LEAD_MS, orchestrator, results }, null, 2)}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
