/**
 * The server half of the search stream benchmark, run as its own process (forked by bench/search-stream.ts)
 * so its CPU time is the server's alone: the container over DATABASE_URL, the real adapters pointed at the
 * contract fakes whose URLs the parent passes, and the route's POST served by @hono/node-server.
 *
 * Each request is timed on the server's clock (AsyncLocalStorage carries its record into the ports):
 * handler entered, first provider call, registry answered, first agent candidate, first body byte, end.
 * argv[2]: the fakes' URLs as JSON. IPC messages: parent -> {type:'stats'} | {type:'exit'}; child -> {type:'ready', port} | {type:'stats', cpu, records}.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { buildContainer, installContainer, type SearchPorts } from '../src/composition-root';
import { parseEnvOrThrow } from '../src/config/env';
import { createLogger } from '../src/adapters/logging/logger';
import { POST } from '../src/app/api/organisations/search/route';
import { z } from 'zod';
import { searchPortsOverFakes } from './search-stream-ports';

const fakeUrlsSchema = z.object({ abr: z.string(), openCorporates: z.string(), openAi: z.string(), brave: z.string() });

export interface RequestRecord {
  entered: number;
  /** Phases before the first provider call. */
  authenticated?: number;
  rateLimitChecked?: number;
  flagsResolved?: number;
  responseReturned?: number;
  providerStart?: number;
  registryAnswered?: number;
  registryCandidates?: number;
  registryDegraded?: boolean;
  /** The registry's website enrichment (AUS) finished: the registry's items can be written. */
  registryEnriched?: number;
  firstAgentCandidate?: number;
  firstByte?: number;
  end?: number;
}

const store = new AsyncLocalStorage<RequestRecord>();
const records: RequestRecord[] = [];

function timedPorts(ports: SearchPorts): SearchPorts {
  const started = () => {
    const record = store.getStore();
    if (record && record.providerStart === undefined) record.providerStart = performance.now();
  };
  const answered = async <T extends { candidates: unknown[]; error: unknown }>(call: Promise<T>) => {
    const result = await call;
    const record = store.getStore();
    if (record) {
      record.registryAnswered = performance.now();
      record.registryCandidates = result.candidates.length;
      record.registryDegraded = result.error !== null;
    }
    return result;
  };
  const enrich = ports.enrichRegistryWebsites;
  return {
    ...ports,
    enrichRegistryWebsites: enrich
      ? async (candidates, options) => {
          const enriched = await enrich(candidates, options);
          const record = store.getStore();
          if (record) record.registryEnriched = performance.now();
          return enriched;
        }
      : undefined,
    nationalRegistry: {
      searchByName: (name, options) => {
        started();
        return answered(ports.nationalRegistry.searchByName(name, options));
      },
    },
    globalRegistry: {
      searchByName: (name, options) => {
        started();
        return answered(ports.globalRegistry.searchByName(name, options));
      },
    },
    agent: {
      async *discover(query, signal) {
        started();
        for await (const candidate of ports.agent.discover(query, signal)) {
          const record = store.getStore();
          if (record && record.firstAgentCandidate === undefined) record.firstAgentCandidate = performance.now();
          yield candidate;
        }
      },
    },
  };
}

async function main(): Promise<void> {
  const urls = fakeUrlsSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
  // Every search counts against the real limiter (its cost is measured), with a budget no stream hits.
  const env = { ...parseEnvOrThrow(), LOG_LEVEL: 'silent' as const, SEARCH_RATE_LIMIT_PER_MINUTE: 100_000 };
  if (!env.DATABASE_URL) throw new Error('DATABASE_URL is required');
  const log = createLogger({ level: 'silent' });
  const container = await buildContainer({
    env,
    databaseUrl: env.DATABASE_URL,
    log,
    searchPorts: timedPorts(searchPortsOverFakes(urls, log)),
  });
  // Phase marks on the request's record (the container's own adapters, wrapped).
  const mark = (field: 'authenticated' | 'rateLimitChecked' | 'flagsResolved') => {
    const record = store.getStore();
    if (record && record[field] === undefined) record[field] = performance.now();
  };
  const { accountResolver, searchRateLimiter, flags } = container;
  Object.assign(container, {
    accountResolver: { resolve: (headers: Headers) => accountResolver.resolve(headers).finally(() => mark('authenticated')) },
    searchRateLimiter: {
      consumeOrThrow: (id: string) => searchRateLimiter.consumeOrThrow(id).finally(() => mark('rateLimitChecked')),
      hasHeadroom: (id: string) => searchRateLimiter.hasHeadroom(id),
      refund: (id: string) => searchRateLimiter.refund(id),
    } satisfies typeof searchRateLimiter,
  });
  const isEnabled = flags.isEnabled.bind(flags);
  flags.isEnabled = (flag, accountId) => isEnabled(flag, accountId).finally(() => mark('flagsResolved'));
  installContainer(container);

  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (request: Request) => {
      const record: RequestRecord = { entered: performance.now() };
      records.push(record);
      return store.run(record, async () => {
        const response = await POST(request);
        record.responseReturned = performance.now();
        if (!response.body || response.status !== 200) return response;
        const timed = response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              if (record.firstByte === undefined) record.firstByte = performance.now();
              controller.enqueue(chunk);
            },
            flush() {
              record.end = performance.now();
            },
          }),
        );
        return new Response(timed, { status: response.status, headers: response.headers });
      });
    },
  });
  server.on('listening', () => {
    const port = (server.address() as AddressInfo).port;
    process.send?.({ type: 'ready', port });
  });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stats') {
      process.send?.({ type: 'stats', cpu: process.cpuUsage(), records: records.splice(0) });
    } else if (message.type === 'exit') {
      server.close();
      void container.close().finally(() => process.exit(0));
    }
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
