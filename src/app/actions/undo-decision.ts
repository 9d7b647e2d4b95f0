/**
 * `undoDecisionAction`: the decisions page's "Undo" (use case: `undo` of server/decisions/decisions.ts). The active account,
 * then the decision id, then the use case; the decisions page re-renders. Free of Next.js so tests call it directly;
 * the Next.js entry is server-actions.ts.
 */
import { z } from 'zod';
import { UnauthorizedError } from '../../core/errors';
import { parseOrThrow } from '../http/parse';
import { runAction, type ActionResult } from './action-result';
import type { ActionDeps } from './action-deps';

export const decisionIdInputSchema = z.object({ decisionId: z.uuid({ error: 'must be a decision id' }) });

export function runUndoDecisionAction(input: unknown, deps: ActionDeps): Promise<ActionResult<{ id: string }>> {
  return runAction(deps.container.log, async () => {
    const account = await deps.account();
    if (!account) throw new UnauthorizedError();
    const { decisionId } = parseOrThrow(decisionIdInputSchema, input);
    const undone = await deps.container.decisions.undo(account.accountId, decisionId);
    deps.container.log.info({ accountId: account.accountId, decisionId }, 'decision undone');
    deps.refreshPath('/decisions');
    return undone;
  });
}
