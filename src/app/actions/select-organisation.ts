/**
 * `selectOrganisationAction` (spec: "Server action: selectOrganisationAction"), also the body of
 * `POST /api/organisations/select`. Order: active account (401), input (400 naming the field), the use case
 * (server/selection/select-organisation.ts). Free of Next.js so tests call it directly; the Next.js entry is
 * server-actions.ts.
 */
import { UnauthorizedError } from '../../core/errors';
import type { SelectionResult } from '../../core/selection';
import { selectOrganisationInputSchema } from '../../server/selection/select-organisation';
import { parseOrThrow } from '../http/parse';
import type { ActionDeps } from './action-deps';
import { runAction, type ActionResult } from './action-result';

export function runSelectOrganisationAction(input: unknown, deps: Pick<ActionDeps, 'account' | 'container'>): Promise<ActionResult<SelectionResult>> {
  return runAction(deps.container.log, async () => {
    const account = await deps.account();
    if (!account) throw new UnauthorizedError();
    return deps.container.selection.selectOrganisation(account.accountId, parseOrThrow(selectOrganisationInputSchema, input));
  });
}
