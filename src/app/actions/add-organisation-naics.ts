'use server';
/**
 * Server action `addOrganisationNAICSAction`: the session's account, `revalidatePath`, and the shared body. The
 * body (check order: account, the flag (ForbiddenError), the input, the organisation's visibility; then the use
 * case and the error names) is add-organisation-naics-run.ts, shared with POST /api/organisations/{id}/naics.
 */
import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { getContainer } from '../../composition-root';
import { runAddOrganisationNaicsAction, type AddOrganisationNaicsActionResult } from './add-organisation-naics-run';

export async function addOrganisationNAICSAction(input: { organisationId: string; naicsCode: string }): Promise<AddOrganisationNaicsActionResult> {
  const container = await getContainer();
  const requestHeaders = await headers();
  return runAddOrganisationNaicsAction(input, {
    account: () => container.accountResolver.resolve(requestHeaders),
    container,
    refreshPath: (path) => revalidatePath(path, 'layout'),
  });
}
