/**
 * `rejectSelectionAction`: the confirm header's "No" (the organisation leaves the account's list; use case
 * server/selection/reject-selection.ts). The active account, then the organisation id, then the use case; the
 * identify list re-renders. Free of Next.js so tests call it directly; the Next.js entry is server-actions.ts.
 */
import { runAction, type ActionResult } from './action-result';
import { withActiveAccount, type ActionDeps } from './action-deps';

export function runRejectSelectionAction(input: unknown, deps: ActionDeps): Promise<ActionResult<{ organisationId: string }>> {
  return runAction(deps.container.log, () =>
    withActiveAccount(deps, input, async (accountId, organisationId) => {
      const { deleted } = await deps.container.selection.rejectSelection(accountId, organisationId);
      deps.container.log.info({ accountId, organisationId, deleted }, 'selection rejected at the confirm header');
      deps.refreshPath('/identify');
      return { organisationId };
    }),
  );
}
