/**
 * What an action body needs besides its input: the caller's account (null when there is none: 401), the container,
 * and a way to refresh a path's server-rendered pages. server-actions.ts gives the session's account and Next.js's
 * revalidation; routes and tests give their own.
 */
import { z } from 'zod';
import type { Container } from '../../composition-root';
import { UnauthorizedError } from '../../core/errors';
import type { AccountContext } from '../../server/ports';
import { parseOrThrow } from '../http/parse';

export interface ActionDeps {
  account: () => Promise<AccountContext | null>;
  container: Container;
  /** Re-renders the pages under the path from the server (the organisation page after an add or an enrichment). */
  refreshPath: (path: string) => void;
}

export const organisationIdInputSchema = z.object({ organisationId: z.uuid({ error: 'must be an organisation id' }) });

/** The account, which must be active (UnauthorizedError), then the input's organisation id (ValidationError). */
export async function withActiveAccount<T>(deps: ActionDeps, input: unknown, run: (accountId: string, organisationId: string) => Promise<T>): Promise<T> {
  const account = await deps.account();
  if (!account) throw new UnauthorizedError();
  const { organisationId } = parseOrThrow(organisationIdInputSchema, input);
  return run(account.accountId, organisationId);
}
