'use server';
/** Server action `rejectSelectionAction`: the confirm header's "No" (the organisation leaves the account's list). */
import { headers } from 'next/headers';
import { revalidatePath } from 'next/cache';
import { getContainer } from '../../composition-root';
import type { ActionResult } from './action-result';
import { runRejectSelectionAction } from './organisation-actions-run';

export async function rejectSelectionAction(input: { organisationId: string }): Promise<ActionResult<{ organisationId: string }>> {
  const container = await getContainer();
  const requestHeaders = await headers();
  return runRejectSelectionAction(input, {
    account: () => container.accountResolver.resolve(requestHeaders),
    container,
    refreshPath: (path) => revalidatePath(path, 'layout'),
  });
}
