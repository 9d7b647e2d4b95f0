/**
 * The server half of the quick-search benchmark, run as its own process (forked by bench/quick-search.ts)
 * so its RSS and CPU time are the server's alone: the real container (buildContainer + installContainer)
 * over the benchmark database and the real route's POST, served by @hono/node-server on a real socket.
 *
 * IPC: parent -> {type:'start', databaseUrl} | {type:'stats'} | {type:'exit'};
 *      child  -> {type:'ready', port} | {type:'stats', rssBytes, heapUsedBytes, cpuUserMicros, cpuSystemMicros}.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildContainer, installContainer } from '../../src/composition-root';
import { parseEnvOrThrow } from '../../src/config/env';
import { createLogger } from '../../src/adapters/logging/logger';
import { POST } from '../../src/app/api/organisations/quick-search/route';

export type ServerMessage =
  { type: 'ready'; port: number } | { type: 'stats'; rssBytes: number; heapUsedBytes: number; cpuUserMicros: number; cpuSystemMicros: number };

type ParentMessage = { type: 'start'; databaseUrl: string } | { type: 'stats' } | { type: 'exit' };

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function start(databaseUrl: string): Promise<() => Promise<void>> {
  // An explicit environment: the defaults of a production-like server, silent logs (logging is not measured).
  const env = parseEnvOrThrow({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, QUICK_SEARCH_RATE_LIMIT_PER_MINUTE: '1000000' });
  const container = await buildContainer({ env, databaseUrl, log: createLogger({ level: 'silent' }) });
  installContainer(container);
  const server = serve({ port: 0, hostname: '127.0.0.1', fetch: (request: Request) => POST(request) });
  server.on('listening', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));
  return async () => {
    server.close();
    await container.close();
  };
}

let stop: (() => Promise<void>) | undefined;
process.on('message', (raw) => {
  const message = raw as ParentMessage;
  if (message.type === 'start') {
    start(message.databaseUrl).then(
      (s) => {
        stop = s;
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else if (message.type === 'stats') {
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    send({ type: 'stats', rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, cpuUserMicros: cpu.user, cpuSystemMicros: cpu.system });
  } else if (message.type === 'exit') {
    void (stop?.() ?? Promise.resolve()).finally(() => process.exit(0));
  }
});
