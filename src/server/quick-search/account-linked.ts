/**
 * `accountLinked` (spec: POST /api/organisations/quick-search, rule 7: "`accountLinked` is stamped by one batched
 * membership check for all candidates. If that check fails, every candidate gets accountLinked false and the
 * request still succeeds.").
 */
import type { AccountMembership } from './ports';
import type { Log } from '../ports';

/** Rule 7: one batched check; its failure is logged and leaves every candidate unlinked. */
export async function linkedOrThrowNothing(
  deps: { membership: AccountMembership; log: Pick<Log, 'warn'> },
  accountId: string,
  organisationIds: string[],
): Promise<Set<string>> {
  if (organisationIds.length === 0) return new Set();
  try {
    return await deps.membership.linkedOrganisationIds({ accountId, organisationIds });
  } catch (error) {
    deps.log.warn({ err: error }, 'accountLinked membership check failed; every candidate is unlinked');
    return new Set();
  }
}
