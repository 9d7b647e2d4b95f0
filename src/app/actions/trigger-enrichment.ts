'use server';
/** Server action `triggerEnrichmentAction` (spec): re-runs the enrichment, always agentic. */
import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { getContainer } from '../../composition-root';
import type { ActionResult } from './action-result';
import { runTriggerEnrichmentAction } from './organisation-actions-run';

export async function triggerEnrichmentAction(input: { organisationId: string }): Promise<ActionResult<{ organisationId: string }>> {
  const container = await getContainer();
  const requestHeaders = await headers();
  return runTriggerEnrichmentAction(input, {
    account: () => container.accountResolver.resolve(requestHeaders),
    container,
    refreshPath: (path) => revalidatePath(path, 'layout'),
  });
}
