/**
 * TriggerEnrichment (spec: "Server action: triggerEnrichmentAction"): re-runs the enrichment of an existing
 * organisation the account can see. Always agentic: no website is passed, so the company-data provider is
 * not asked again. The profile goes PENDING and `organisation.enrich` is sent in the same transaction.
 */
import { NotFoundError } from '../../core/errors';
import { organisationEnrichPayload } from '../../core/jobs';
import type { JobQueue } from '../jobs/job-queue';
import type { SelectionStore } from '../selection/ports';

export type TriggerEnrichment = (accountId: string, organisationId: string) => Promise<{ organisationId: string }>;

export function createTriggerEnrichment({ store, jobs }: { store: SelectionStore; jobs: JobQueue }): TriggerEnrichment {
  return (accountId, requestedId) =>
    store.transaction(async (tx) => {
      const organisation = await tx.findVisible(accountId, requestedId);
      if (!organisation) throw new NotFoundError(`organisation ${requestedId} is not visible to account ${accountId}`, 'Organisation not found');
      await tx.markPending(organisation.id, { profileSource: 'agentic' });
      const payload = organisationEnrichPayload({ organisationId: organisation.id, accountId, website: null, countryIsoAlpha3: organisation.countryIsoAlpha3 });
      await jobs.send('organisation.enrich', payload, { tx: tx.handle });
      return { organisationId: organisation.id };
    });
}
