/**
 * The body of `selectOrganisationAction` and of `POST /api/organisations/select`, free of Next.js so tests
 * call it directly. Order: active account (401), input (400 naming the field), the use case.
 */
import type { Container } from '../../composition-root';
import { UnauthorizedError } from '../../core/errors';
import type { SelectionResult } from '../../core/selection';
import type { AccountContext } from '../../server/auth/account-context';
import { selectOrganisationInputSchema } from '../../server/selection/select-organisation';
import { parseOrThrow } from '../http/parse';
import { runAction, type ActionResult } from './action-result';

export interface ActionDeps {
  account: () => Promise<AccountContext | null>;
  container: Container;
}

export function runSelectOrganisationAction(input: unknown, deps: ActionDeps): Promise<ActionResult<SelectionResult>> {
  return runAction(deps.container.log, async () => {
    const account = await deps.account();
    if (!account) throw new UnauthorizedError();
    return deps.container.selection.selectOrganisation(account.accountId, parseOrThrow(selectOrganisationInputSchema, input));
  });
}
