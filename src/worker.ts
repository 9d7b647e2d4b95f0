/**
 * `npm run worker`: the enrichment worker on its own, for scaling out (run as many as you like against one
 * database). Same database rules as `npm start` and the CLI (DATABASE_URL, else the embedded server for
 * DATA_DIR); in sandbox mode it starts its own contract fakes. SIGINT/SIGTERM let the running job finish
 * (up to 10 s; after that it is handed back to the queue and retried), then exit 0.
 */
import { InvalidEnvironmentError, parseEnvOrThrow } from './config/env';
import { createLogger } from './adapters/logging/logger';
import { openDatabase } from './adapters/db/open-database';
import { createDatabase } from './adapters/db/client';
import { runMigrations } from './adapters/db/migrate';
import { buildContainer } from './composition-root';
import { startSandbox } from './sandbox/start-sandbox';
import { startEnrichmentWorker } from './server/enrichment/enrichment-worker';
import { startMatchBatchWorker } from './server/batch-matching/match-batch-worker';
import { startMonitorWorker } from './server/monitoring/monitor-worker';
import { startWebhookWorker } from './server/webhooks/webhook-worker';

async function main(): Promise<void> {
  const env = parseEnvOrThrow();
  const log = createLogger({ level: env.LOG_LEVEL, name: 'worker', format: env.LOG_FORMAT, colour: !env.NO_COLOR });
  const database = await openDatabase(env, (message) => log.info(message));
  const migrator = createDatabase(database.url, { max: 1 });
  try {
    await runMigrations(migrator.db);
  } finally {
    await migrator.close();
  }
  const sandbox = env.APP_ENV === 'sandbox' ? await startSandbox(env, log) : undefined;
  const container = await buildContainer({
    env: sandbox?.env ?? env,
    databaseUrl: database.url,
    log,
    websiteFetcher: sandbox?.websiteFetcher,
    monitorClock: sandbox?.monitorClock,
  });
  await startEnrichmentWorker({ jobs: container.jobs, enrichOrganisation: container.enrichment.enrichOrganisation, concurrency: env.WORKER_CONCURRENCY });
  await startMatchBatchWorker({ jobs: container.jobs, runMatchBatch: container.matchBatches.run });
  await startMonitorWorker({ jobs: container.jobs, runMonitorPass: container.monitoring.runPass, cron: env.MONITOR_SCHEDULE_CRON, log: container.log });
  await startWebhookWorker({ jobs: container.jobs, deliverWebhook: container.webhooks.deliver, concurrency: env.WEBHOOK_WORKER_CONCURRENCY });
  log.info({ concurrency: env.WORKER_CONCURRENCY }, 'enrichment, match-batch, monitoring and webhook workers ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    await container.close().catch((error: unknown) => log.warn({ err: error }, 'closing the container failed'));
    await sandbox?.close();
    await database.stop();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    error instanceof InvalidEnvironmentError
      ? `${error.message}\n`
      : `Worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
