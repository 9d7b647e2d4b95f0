/**
 * The bodies of `triggerEnrichmentAction` and `rejectSelectionAction`, free of Next.js so tests call them
 * directly: active account first, then the input, then the use case; every failure is a value.
 */
import { z } from 'zod';
import type { Container } from '../../composition-root';
import { UnauthorizedError } from '../../core/errors';
import type { AccountContext } from '../../server/auth/account-context';
import { parseOrThrow } from '../http/parse';
import { runAction, type ActionResult } from './action-result';

export const organisationIdInputSchema = z.object({ organisationId: z.uuid({ error: 'must be an organisation id' }) });

export interface OrganisationActionDeps {
  account: () => Promise<AccountContext | null>;
  container: Container;
  refreshPath: (path: string) => void;
}

async function withActiveAccount<T>(deps: OrganisationActionDeps, input: unknown, run: (accountId: string, organisationId: string) => Promise<T>) {
  const account = await deps.account();
  if (!account) throw new UnauthorizedError();
  const { organisationId } = parseOrThrow(organisationIdInputSchema, input);
  return run(account.accountId, organisationId);
}

export function runTriggerEnrichmentAction(input: unknown, deps: OrganisationActionDeps): Promise<ActionResult<{ organisationId: string }>> {
  return runAction(deps.container.log, () =>
    withActiveAccount(deps, input, async (accountId, organisationId) => {
      const result = await deps.container.organisations.triggerEnrichment(accountId, organisationId);
      deps.refreshPath(`/organisations/${result.organisationId}`);
      return result;
    }),
  );
}

export function runRejectSelectionAction(input: unknown, deps: OrganisationActionDeps): Promise<ActionResult<{ organisationId: string }>> {
  return runAction(deps.container.log, () =>
    withActiveAccount(deps, input, async (accountId, organisationId) => {
      const { deleted } = await deps.container.selection.rejectSelection(accountId, organisationId);
      deps.container.log.info({ accountId, organisationId, deleted }, 'selection rejected at the confirm header');
      deps.refreshPath('/identify');
      return { organisationId };
    }),
  );
}
