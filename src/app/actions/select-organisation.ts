'use server';
/** Server action `selectOrganisationAction` (spec): the session's account and the shared body. */
import { headers } from 'next/headers';
import { getContainer } from '../../composition-root';
import type { SelectionResult } from '../../core/selection';
import type { ActionResult } from './action-result';
import { runSelectOrganisationAction } from './select-organisation-run';

export async function selectOrganisationAction(input: unknown): Promise<ActionResult<SelectionResult>> {
  const container = await getContainer();
  const requestHeaders = await headers();
  return runSelectOrganisationAction(input, { account: () => container.accountResolver.resolve(requestHeaders), container });
}
