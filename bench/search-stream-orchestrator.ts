/**
 * The orchestrator's own cost, without I/O: `streamSearch` over in-memory ports that answer at once
 * (20 registry candidates with identifiers, 10 agent candidates, half with websites, internal matches from a
 * Map). Reports CPU per stream and the time from the call to the first and last item, so the server's
 * share of the time to first item can be told apart from the providers' and the database's.
 * Run alone with `npx tsx bench/search-stream-orchestrator.ts`; bench/search-stream.ts runs it first.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { AgentCandidate, RegistryCandidate } from '../src/server/search/ports';
import type { InternalMatch } from '../src/server/search/ports';
import { createSearchOrganisations } from '../src/server/search/search-organisations';
import { formatAbn, makeAbn } from '../src/core/identifiers';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export async function benchmarkOrchestrator(streams = 2000) {
  const registry: RegistryCandidate[] = Array.from({ length: 20 }, (_, i) => ({
    name: `Acme ${i} Holdings Pty Ltd`,
    countryIsoAlpha3: 'AUS',
    identifiers: [{ type: 'ABN', value: formatAbn(makeAbn(i + 1)) }],
    description: 'A registry entity',
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
    score: 90 - i,
  }));
  const agent: AgentCandidate[] = Array.from({ length: 10 }, (_, i) => ({
    name: i < 5 ? `Acme ${i} Holdings Pty Ltd` : `Acme Web ${i} Pty Ltd`,
    countryIsoAlpha3: 'AUS',
    website: i % 2 === 0 ? `https://acme${i}.com.au` : null,
    description: 'Found on the web',
    identifiers: [],
  }));
  const matches = new Map<string, InternalMatch>([['AUS|acme 3 holdings pty ltd', { organisationId: 'org-3', owned: false, accountLinked: true }]]);
  const search = createSearchOrganisations({
    nationalRegistry: { searchByName: async () => ({ candidates: registry, error: null }) },
    globalRegistry: { searchByName: async () => ({ candidates: [], error: null }) },
    agent: {
      async *discover() {
        for (const candidate of agent) yield candidate;
      },
    },
    websiteValidator: { validate: async () => ({ accepted: true, tier: 1, score: 1, reason: 'bench' }) },
    internalMatches: {
      byKeys: async ({ keys }) => new Map(keys.flatMap((k) => (matches.has(k) ? [[k, matches.get(k) as InternalMatch]] : []))),
      linkedOrganisationIds: async () => new Set(),
    },
    flags: {
      isEnabled: async (flag) => flag === 'hybridSearch',
      all: async () => ({ hybridSearch: true, commandKSearch: false, devMode: false, manualNaicsClassification: false }),
    },
    logo: { logoFor: (w) => (w ? `https://cdn.example/${w}` : null) },
    log: { debug: () => undefined, warn: () => undefined },
  });
  const run = async () => {
    const started = performance.now();
    let first = Number.NaN;
    let items = 0;
    for await (const item of search.stream({ query: 'acme', countryIsoAlpha3: 'AUS' }, { accountId: 'bench' }, new AbortController().signal)) {
      if (items === 0) first = performance.now() - started;
      items += 1;
      JSON.stringify(item);
    }
    return { first, last: performance.now() - started, items };
  };
  for (let i = 0; i < 200; i += 1) await run(); // warm-up
  const cpu = process.cpuUsage();
  const results = [];
  for (let i = 0; i < streams; i += 1) results.push(await run());
  const used = process.cpuUsage(cpu);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    streams,
    itemsPerStream: results[0]?.items ?? 0,
    cpuMsPerStream: round((used.user + used.system) / 1000 / streams),
    firstItemMs: {
      p50: round(
        percentile(
          results.map((r) => r.first),
          50,
        ),
      ),
      p95: round(
        percentile(
          results.map((r) => r.first),
          95,
        ),
      ),
    },
    lastItemMs: {
      p50: round(
        percentile(
          results.map((r) => r.last),
          50,
        ),
      ),
      p95: round(
        percentile(
          results.map((r) => r.last),
          95,
        ),
      ),
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void benchmarkOrchestrator().then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`));
}
