/**
 * TriggerEnrichment (spec: "Server action: triggerEnrichmentAction"): re-runs the enrichment of an existing
 * organisation the account can see. Always agentic: no website is passed, so the company-data provider is
 * not asked again. The profile goes PENDING and `organisation.enrich` is sent in the same transaction.
 *
 * Bounded (issue 19 section 2), in this order:
 * 1. the account's request counts against its re-enrichment limit (ReEnrichmentRateLimiter): 429 over it;
 * 2. the organisation must be visible: 404 otherwise;
 * 3. one pending enrichment per organisation: with a job of the organisation queued, waiting for a retry or
 *    running, the request joins it (the same answer; nothing is queued or changed). Race-safe: the check takes
 *    the organisation's job lock for the transaction (JobQueue.pendingJobForUpdate), so of concurrent requests
 *    exactly one queues and the others, run after its commit, join;
 * 4. a global organisation whose profile is fresh (COMPLETED less than REENRICH_GLOBAL_MIN_AGE_HOURS ago) is
 *    refused with 409 (core/re-enrichment.ts); an owned one, a FAILED one or an old one is re-enriched.
 */
import { ConflictError, NotFoundError } from '../../core/errors';
import { JOB_POLICIES, organisationEnrichPayload } from '../../core/jobs';
import { reEnrichmentRefusal } from '../../core/re-enrichment';
import type { JobQueue } from '../ports';
import type { SelectionStore } from '../selection/ports';
import type { ReEnrichmentRateLimiter } from './ports';

export type TriggerEnrichment = (accountId: string, organisationId: string) => Promise<{ organisationId: string }>;

export interface TriggerEnrichmentDependencies {
  store: SelectionStore;
  jobs: JobQueue;
  limiter: ReEnrichmentRateLimiter;
  /** REENRICH_GLOBAL_MIN_AGE_HOURS: how old a global organisation's COMPLETED profile must be to be re-run. */
  globalMinAgeHours: number;
  now?: () => Date;
}

export function createTriggerEnrichment({ store, jobs, limiter, globalMinAgeHours, now = () => new Date() }: TriggerEnrichmentDependencies): TriggerEnrichment {
  return async (accountId, requestedId) => {
    await limiter.consumeOrThrow(accountId);
    return store.transaction(async (tx) => {
      const organisation = await tx.findVisible(accountId, requestedId);
      if (!organisation) throw new NotFoundError(`organisation ${requestedId} is not visible to account ${accountId}`, 'Organisation not found');
      const payload = organisationEnrichPayload({ organisationId: organisation.id, accountId, website: null, countryIsoAlpha3: organisation.countryIsoAlpha3 });
      const singletonKey = JOB_POLICIES['organisation.enrich'].singletonKey(payload);
      if ((await jobs.pendingJobForUpdate('organisation.enrich', singletonKey, { tx: tx.handle })) !== null) {
        return { organisationId: organisation.id };
      }
      const refusal = reEnrichmentRefusal(organisation, now(), globalMinAgeHours);
      if (refusal !== null) throw new ConflictError(`organisation ${organisation.id} is global with a fresh profile`, refusal);
      await tx.markPending(organisation.id, { profileSource: 'agentic' });
      await jobs.send('organisation.enrich', payload, { tx: tx.handle });
      return { organisationId: organisation.id };
    });
  };
}
