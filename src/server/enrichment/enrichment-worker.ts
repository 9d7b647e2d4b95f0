/**
 * The `organisation.enrich` worker: each job runs the enrichment orchestrator. `concurrency` pollers per
 * process; the queue itself keeps one active job per organisation (singleton key), retries a failed attempt
 * with back-off, and re-runs a job whose worker died (its lease expired). On the last attempt the orchestrator settles
 * the profile FAILED instead of throwing.
 */
import type { JobQueue } from '../ports';
import type { EnrichOrganisation } from './enrich-organisation';

export async function startEnrichmentWorker(deps: { jobs: JobQueue; enrichOrganisation: EnrichOrganisation; concurrency: number }): Promise<void> {
  for (let poller = 0; poller < deps.concurrency; poller += 1) {
    await deps.jobs.work('organisation.enrich', async (payload, job) => {
      // The attempt's signal: a worker that lost the job's lease stops, and does not write over the attempt that took it.
      await deps.enrichOrganisation(payload, { isLastAttempt: job.isLastAttempt, signal: job.signal });
    });
  }
}
