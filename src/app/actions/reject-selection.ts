/**
 * `rejectSelectionAction`: the confirm header's "No" (the organisation leaves the account's list; use case
 * server/selection/reject-selection.ts). The active account, then the organisation id, then the use case; the
 * identify list re-renders. With the search the selection came from (`query`, `country`), the "No" is remembered
 * as a decision (issue 20, section 6) and the decisions page re-renders too. Free of Next.js so tests call it
 * directly; the Next.js entry is server-actions.ts.
 */
import { z } from 'zod';
import { parseOrThrow } from '../http/parse';
import { runAction, type ActionResult } from './action-result';
import { withActiveAccount, type ActionDeps } from './action-deps';

const rejectedSearchSchema = z.object({
  query: z.string().trim().max(200).optional(),
  country: z.string().trim().max(3).optional(),
});

export function runRejectSelectionAction(input: unknown, deps: ActionDeps): Promise<ActionResult<{ organisationId: string }>> {
  return runAction(deps.container.log, () =>
    withActiveAccount(deps, input, async (accountId, organisationId) => {
      const { query, country } = parseOrThrow(rejectedSearchSchema, input);
      const userId = (await deps.account())?.userId ?? null;
      const search = query ? { query, countryIsoAlpha3: country || null, decidedBy: userId } : undefined;
      const { deleted } = await deps.container.selection.rejectSelection(accountId, organisationId, search);
      deps.container.log.info({ accountId, organisationId, deleted, remembered: search !== undefined }, 'selection rejected at the confirm header');
      deps.refreshPath('/identify');
      if (search) deps.refreshPath('/decisions');
      return { organisationId };
    }),
  );
}
