/**
 * `markChangesReadAction`: the `/changes` page's "Mark read" (one change) and "Mark all as read" (every change the
 * page's filter shows), and the History's "Mark read" (use case `markChangesRead`). The active
 * account, then the input, then the use case; the main layout re-renders (the header's unread count with it).
 */
import { UnauthorizedError } from '../../core/errors';
import { markChangesReadInputSchema } from '../../core/change-view';
import { parseOrThrow } from '../http/parse';
import { runAction, type ActionResult } from './action-result';
import type { ActionDeps } from './action-deps';
import { markChangesRead } from '../../server/monitoring/account-changes';

export function runMarkChangesReadAction(input: unknown, deps: ActionDeps): Promise<ActionResult<{ marked: number }>> {
  return runAction(deps.container.log, async () => {
    const account = await deps.account();
    if (!account) throw new UnauthorizedError();
    const parsed = parseOrThrow(markChangesReadInputSchema, input);
    const result = await markChangesRead(deps.container.database.db, account.accountId, parsed);
    deps.refreshPath('/changes');
    return result;
  });
}
