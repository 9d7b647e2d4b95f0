import { z } from 'zod';
import { createProviderCache } from '../../adapters/cache/provider-cache';
import { createPgBossJobQueue, jobQueuePoliciesFromEnv } from '../../adapters/queue/pg-boss-queue';
import { createEnqueueChangeDeliveries } from '../../server/webhooks/enqueue-change-deliveries';
import { createRegistryPacer } from '../../adapters/rate-limit/registry-pacer';
import { createRegistryReadsFromEnv } from '../../adapters/registries/registry-reads';
import { createRunMonitorPass } from '../../server/monitoring/run-monitor-pass';
import { sandboxClockPath, sandboxNow } from '../../sandbox/sandbox-clock';
import { readSandboxRegisters } from '../../sandbox/sandbox-registers';
import type { Env } from '../../config/env';
import { defineCommand } from '../command';
import { accountIdFlag, requireAccountOrThrow } from './account-id';

/** The env with the running sandbox's register for each register the env gives no credential for (as `npm start` does). */
function withSandboxRegisters(env: Env): Env {
  const running = readSandboxRegisters(env.DATA_DIR);
  const next: Env = { ...env };
  if (!env.ABR_GUID && running.ABR_GUID && running.ABR_BASE_URL) Object.assign(next, { ABR_GUID: running.ABR_GUID, ABR_BASE_URL: running.ABR_BASE_URL });
  if (!env.OPENCORPORATES_API_TOKEN && running.OPENCORPORATES_API_TOKEN && running.OPENCORPORATES_BASE_URL) {
    Object.assign(next, { OPENCORPORATES_API_TOKEN: running.OPENCORPORATES_API_TOKEN, OPENCORPORATES_BASE_URL: running.OPENCORPORATES_BASE_URL });
  }
  if (!env.GLEIF_BASE_URL && running.GLEIF_BASE_URL) next.GLEIF_BASE_URL = running.GLEIF_BASE_URL;
  return next;
}

export const monitorRunCommand = defineCommand({
  usage: 'monitor run [--account ID]',
  description:
    "Runs one pass of registry monitoring now: every watched organisation (on an account's list, or on --account's only, with a registry identifier) whose re-read is due (MONITOR_INTERVAL_HOURS) is read from its register, paced like the batch registry pass (MATCH_REGISTRY_CALLS_PER_MINUTE per provider); in sandbox mode, the registers of the running product with the same DATA_DIR unless the env names others; prints the counts and every change recorded. Each change is queued to the webhook endpoints that want it (the running product's worker delivers them).",
  options: { account: { type: 'string' } },
  input: z.object({ account: accountIdFlag.optional() }),
  async run(context, input) {
    const database = await context.database();
    if (input.account) await requireAccountOrThrow(database.db, input.account);
    const log = context.log.child({ command: 'monitor run' });
    // In sandbox mode, the registers of the running `npm start` with this DATA_DIR (what `sandbox advance` changes).
    const env = context.env.APP_ENV === 'sandbox' ? withSandboxRegisters(context.env) : context.env;
    const pacer = createRegistryPacer({
      connectionString: database.pool.options.connectionString ?? '',
      callsPerMinute: context.env.MATCH_REGISTRY_CALLS_PER_MINUTE,
    });
    // pg-boss starts only if a change has a webhook endpoint to go to.
    const jobs = createPgBossJobQueue({
      connectionString: database.pool.options.connectionString ?? '',
      log,
      ...jobQueuePoliciesFromEnv(context.env),
      ownsQueuePolicies: false,
    });
    const enqueueChangeDeliveries = createEnqueueChangeDeliveries({ jobs });
    try {
      const runPass = createRunMonitorPass({
        db: database.db,
        afterChanges: async (changes, tx) => void (await enqueueChangeDeliveries(changes, tx)),
        registries: createRegistryReadsFromEnv(env, { cache: createProviderCache(database.db), log }),
        pace: pacer.pace,
        log,
        intervalHours: context.env.MONITOR_INTERVAL_HOURS,
        fullReadDays: context.env.MONITOR_FULL_READ_DAYS,
        // In sandbox mode, the sandbox clock's time: after `sandbox advance --days N` the reads of those days are due.
        now: context.env.APP_ENV === 'sandbox' ? sandboxNow(sandboxClockPath(context.env.DATA_DIR)) : undefined,
      });
      const { changes, ...counts } = await runPass({ accountId: input.account ?? null });
      return {
        ...counts,
        changes: changes.map((c) => ({
          id: c.id,
          organisationId: c.organisationId,
          kind: c.kind,
          field: c.field,
          before: c.before,
          after: c.after,
          source: c.source,
          observedAt: c.observedAt.toISOString(),
        })),
      };
    } finally {
      await pacer.close();
      await jobs.close();
    }
  },
});
