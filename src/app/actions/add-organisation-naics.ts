/**
 * `addOrganisationNAICSAction` (spec: manual NAICS classification, "Server action"), also the body of
 * `POST /api/organisations/{id}/naics`. Check order: active account, then the flag (off: ForbiddenError, "manual
 * classification is unavailable on this account"), then the input (the organisation id a UUID), then the
 * organisation's visibility, then the use case (server/naics/add-organisation-naics.ts); the organisation's pages
 * re-render (refreshPath). Free of Next.js so tests call it directly; the Next.js entry is server-actions.ts.
 */
import { z } from 'zod';
import type { Container } from '../../composition-root';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../core/errors';
import { NAICS_CODE_MESSAGE, NAICS_CODE_PATTERN } from '../../core/naics';
import type { AccountContext } from '../../server/ports';
import { MANUAL_CLASSIFICATION_UNAVAILABLE, type AddOrganisationNaicsResult } from '../../server/naics/add-organisation-naics';
import {
  ADD_NAICS_DISTINGUISHED_ERRORS,
  type AddOrganisationNaicsActionResult,
  type AddOrganisationNaicsErrorName,
} from '../../server/naics/add-organisation-naics-action-result';
import { parseOrThrow } from '../http/parse';
import type { ActionDeps } from './action-deps';
import { toActionError, type ActionErrorName } from './action-result';

export const addOrganisationNaicsInputSchema = z.object({
  organisationId: z.uuid({ error: 'must be an organisation id' }),
  naicsCode: z.string().regex(NAICS_CODE_PATTERN, NAICS_CODE_MESSAGE),
});
export type { AddOrganisationNaicsActionResult, AddOrganisationNaicsErrorName };
export type AddOrganisationNaicsInput = z.infer<typeof addOrganisationNaicsInputSchema>;

/** Flag, input and use case for an account already known to be active (the route's path). */
export async function addOrganisationNaicsForAccount(container: Container, account: AccountContext, input: unknown): Promise<AddOrganisationNaicsResult> {
  if (!(await container.flags.isEnabled('manualNaicsClassification', account.accountId))) {
    throw new ForbiddenError(`manualNaicsClassification is off for account ${account.accountId}`, MANUAL_CLASSIFICATION_UNAVAILABLE);
  }
  const parsed = parseOrThrow(addOrganisationNaicsInputSchema, input);
  // Visibility before the use case takes the organisation's lock: another account gets 404, never 409, and so
  // learns neither that the organisation exists nor that an add is in flight. The use case checks it again.
  if (!(await container.naics.findVisibleOrganisation({ accountId: account.accountId, organisationId: parsed.organisationId }))) {
    throw new NotFoundError(`organisation ${parsed.organisationId} not visible to ${account.accountId}`, 'Organisation not found');
  }
  const result = await container.naics.addOrganisationNaics.execute({ accountId: account.accountId, ...parsed });
  if (!result.aquila1Synced) {
    container.log.warn(
      { accountId: account.accountId, organisationId: result.organisationId, naicsCode: result.naicsCode },
      'NAICS added but the concordance gave no Aquila1 sector in either basket (aquila1Synced false)',
    );
  }
  return result;
}

export async function runAddOrganisationNaicsAction(input: unknown, deps: ActionDeps): Promise<AddOrganisationNaicsActionResult> {
  try {
    const account = await deps.account();
    if (!account) throw new UnauthorizedError();
    const result = await addOrganisationNaicsForAccount(deps.container, account, input);
    deps.refreshPath(`/organisations/${result.organisationId}`);
    const { aquila1Synced, transactionsClassified, naics, aquila1, aquila2 } = result;
    return { ok: true, aquila1Synced, transactionsClassified, naics, aquila1, aquila2 };
  } catch (error) {
    return { ok: false, error: toAddOrganisationNaicsError(error, deps.container) };
  }
}

const DISTINGUISHED: readonly ActionErrorName[] = ADD_NAICS_DISTINGUISHED_ERRORS;
const isDistinguished = (name: ActionErrorName): name is (typeof ADD_NAICS_DISTINGUISHED_ERRORS)[number] => DISTINGUISHED.includes(name);

/** The shared action error (action-result.ts), with the names this interface does not distinguish read as InternalError. */
function toAddOrganisationNaicsError(error: unknown, container: Container): Extract<AddOrganisationNaicsActionResult, { ok: false }>['error'] {
  const actionError = toActionError(error, container.log, 'Something went wrong; the classification may be incomplete, try again');
  return isDistinguished(actionError.name) ? { ...actionError, name: actionError.name } : { name: 'InternalError', message: actionError.message };
}
