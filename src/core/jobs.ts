/**
 * The typed job registry: every background job the service sends, with the zod schema of its payload.
 * A job name and its payload are checked together when sending (at compile time through `JobPayload`,
 * at run time through `parseJobPayload`), and the worker parses the payload again before a handler
 * sees it: a job may sit in the queue across a deploy that changed its shape. Handlers are idempotent
 * (pg-boss delivers at least once).
 */
import { z } from 'zod';
import { ValidationError, validationIssuesOf } from './errors';

/**
 * `organisation.enrich` (spec: Events): runs the enrichment orchestrator for one organisation.
 * profileSource is 'direct' exactly when a website is present (the domain-based provider; the
 * orchestrator falls back to the agentic pipeline when that lookup misses) and 'agentic' without one.
 * The discriminated union makes a mismatched pair fail to compile as well as to parse.
 */
/**
 * The real country the selection resolved (the organisation's, the candidate's or the search's), for an
 * organisation that has none yet; never GLO. Optional: jobs sent before it existed carry none.
 */
const countryHintSchema = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .refine((c) => c !== 'GLO' && c !== 'XXX')
  .nullable()
  .optional();

export const organisationEnrichPayloadSchema = z.discriminatedUnion('profileSource', [
  z.object({
    organisationId: z.uuid(),
    accountId: z.uuid(),
    profileSource: z.literal('direct'),
    website: z.string().trim().min(1).max(2048),
    countryIsoAlpha3: countryHintSchema,
  }),
  z.object({
    organisationId: z.uuid(),
    accountId: z.uuid(),
    profileSource: z.literal('agentic'),
    website: z.null(),
    countryIsoAlpha3: countryHintSchema,
  }),
]);
export type OrganisationEnrichPayload = z.infer<typeof organisationEnrichPayloadSchema>;

/** Builds the payload from what the caller knows: profileSource follows from the website's presence. */
export function organisationEnrichPayload(input: {
  organisationId: string;
  accountId: string;
  website: string | null | undefined;
  countryIsoAlpha3?: string | null;
}): OrganisationEnrichPayload {
  const website = input.website?.trim() ? input.website.trim() : null;
  const common = { organisationId: input.organisationId, accountId: input.accountId, countryIsoAlpha3: input.countryIsoAlpha3 ?? null };
  return website === null ? { ...common, profileSource: 'agentic', website: null } : { ...common, profileSource: 'direct', website };
}

/**
 * `match-batch.run`: matches the next rows of a supplier batch (issue 13), chunk by chunk, each chunk's results
 * and the batch's cursor in one transaction; after a turn (a time slice) it queues its own continuation, so the
 * batches of every account take turns (fair share by account) and a killed worker's batch resumes from its cursor.
 */
export const matchBatchRunPayloadSchema = z.object({ batchId: z.uuid(), accountId: z.uuid() });
export type MatchBatchRunPayload = z.infer<typeof matchBatchRunPayloadSchema>;

/**
 * `monitor.run` (issue 23): one pass of registry monitoring over the watched organisations that are due (of one account's
 * list, or of every list when `accountId` is null). Scheduled by pg-boss's cron (MONITOR_SCHEDULE_CRON); a pass that
 * finds nothing due ends at once.
 */
export const monitorRunPayloadSchema = z.object({ accountId: z.uuid().nullable() });
export type MonitorRunPayload = z.infer<typeof monitorRunPayloadSchema>;

/**
 * `webhook.deliver` (issue 23, section 3): one attempt at one webhook delivery; retried with exponential back-off
 * (WEBHOOK_RETRY_LIMIT, WEBHOOK_RETRY_DELAY_SECONDS) under the delivery's one `webhook-id`. `replay`: sent by
 * POST .../replay (logged as such).
 */
export const webhookDeliverPayloadSchema = z.object({ deliveryId: z.uuid(), replay: z.boolean().default(false) });
export type WebhookDeliverPayload = z.infer<typeof webhookDeliverPayloadSchema>;

/** Every job, by name. Adding a job here is what makes it sendable, workable, and its queue created. */
export const JOBS = {
  'organisation.enrich': organisationEnrichPayloadSchema,
  'match-batch.run': matchBatchRunPayloadSchema,
  'monitor.run': monitorRunPayloadSchema,
  'webhook.deliver': webhookDeliverPayloadSchema,
} as const satisfies Record<string, z.ZodType>;

export type JobName = keyof typeof JOBS;
export type JobPayload<J extends JobName> = z.infer<(typeof JOBS)[J]>;

/** The registry seen per job: indexing it with a generic name keeps the name and the payload type together. */
const SCHEMAS: { readonly [J in JobName]: z.ZodType<JobPayload<J>> } = JOBS;

export const JOB_NAMES: readonly JobName[] = Object.freeze(Object.keys(JOBS).filter(isJobName));

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

/** Parses a payload with its job's schema; a failure is a ValidationError naming each field and rule. */
export function parseJobPayload<J extends JobName>(name: J, input: unknown): JobPayload<J> {
  const schema: z.ZodType<JobPayload<J>> = SCHEMAS[name];
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    throw new ValidationError(validationIssuesOf(parsed.error), `Invalid ${name} job payload`);
  }
  return parsed.data;
}

/**
 * How each job is queued. `singletonKey` makes the queue run at most one job per key at a time (pg-boss's
 * `singleton` policy: one active job per key; more may wait): one enrichment at a time per organisation.
 * Retries back off exponentially from `retryDelaySeconds`. `expireInSeconds` is a job's lease: its worker renews
 * it while the handler runs, so a job may run as long as it needs; a worker killed mid-job stops renewing, and its
 * job is failed one lease later and retried (issue 19, section 4: recovery in under a minute, not five).
 */
/**
 * The queue's retry and supervision defaults, read by the environment's ENRICH_RETRY_LIMIT,
 * ENRICH_RETRY_DELAY_SECONDS, JOB_EXPIRE_SECONDS and JOB_MAINTENANCE_INTERVAL_SECONDS and by the queue adapter.
 */
export const JOB_QUEUE_DEFAULTS = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 30, maintenanceIntervalSeconds: 60 } as const;

export interface JobQueuePolicy<J extends JobName> {
  singletonKey: (payload: JobPayload<J>) => string;
  /**
   * The payload field whose values share the queue fairly (issue 19: batch jobs of one account must not starve
   * another's): jobs of one value take their turns alternating with every other value that has jobs waiting,
   * however many jobs each queued. Without it the queue is first in, first out.
   */
  fairShareField?: keyof JobPayload<J> & string;
}

export const JOB_POLICIES: { readonly [J in JobName]: JobQueuePolicy<J> } = {
  'organisation.enrich': { singletonKey: (payload) => payload.organisationId },
  'match-batch.run': { singletonKey: (payload) => payload.batchId, fairShareField: 'accountId' },
  // One pass at a time per scope: a tick that comes while a pass runs waits, then finds nothing due.
  'monitor.run': { singletonKey: (payload) => `monitor:${payload.accountId ?? 'all'}` },
  'webhook.deliver': { singletonKey: (payload) => payload.deliveryId },
};

/**
 * Webhook deliveries retry for longer than anything else: from 30 s doubling, twelve retries span 34 to 68 hours
 * (pg-boss's back-off is delay x 2^n to twice that), past the WEBHOOK_DISABLE_AFTER_HOURS window of a day, as the
 * Standard Webhooks specification suggests (retries over about a day and a half).
 */
export const WEBHOOK_RETRY_DEFAULTS = { retryLimit: 12, retryDelaySeconds: 30 } as const;
