/**
 * The PostgreSQL implementation of quick search's ports (src/server/quick-search/ports.ts): the name lookup
 * (name-lookup.ts, then typo-step.ts), the word-overlap stage (word-overlap.ts), the identifier and website lookups
 * (exact-lookups.ts) and the membership check of rule 7 (account-membership.ts). Every failure of the
 * database (connection refused or lost, missing table, revoked privilege, timeout) becomes an
 * UnavailableError: the route answers 503 `{candidates: []}` for a failed lookup (spec: "Database failure:
 * 503 {candidates: []}"), and the use case treats a failed membership check as "not linked".
 *
 * The lookups run on a pool whose statements the server cancels past QUICK_SEARCH_STATEMENT_TIMEOUT_MS (the
 * composition root builds it): no input keeps the database busy longer. A typo step cancelled that way
 * answers "no corrections" (the exact lookup already found nothing) rather than a failure, and says so in the log.
 */
import { UnavailableError } from '../../../../core/errors';
import type { AccountMembership, QuickSearchLookups } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { findLinkedOrganisationIds } from '../account-membership';
import { findOrganisationsByIdentifier, findOrganisationsByWebsite } from './exact-lookups';
import { findOrganisationsByName } from './name-lookup';
import { findOrganisationsByCorrectedName } from './typo-step';
import { findOrganisationsByWordOverlap } from './word-overlap';
import type { Log } from '../../../../server/ports';

/** PostgreSQL's query_canceled: the statement timeout fired. */
const QUERY_CANCELED = '57014';

/** The statement timeout fired: PostgreSQL's code on the error, or on its cause (drizzle wraps the driver's error). */
function cancelledByTimeout(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    if ((current as { code?: unknown }).code === QUERY_CANCELED) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Any failure of the database as an UnavailableError naming the lookup (the user sees `userMessage`). */
export async function unavailableOnFailure<T>(what: string, run: () => Promise<T>, userMessage = 'Search is temporarily unavailable'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new UnavailableError(`${what} failed: ${error instanceof Error ? error.message : String(error)}`, userMessage);
  }
}

export function createQuickSearchLookups(db: Db, options: { log?: Pick<Log, 'warn'> } = {}): QuickSearchLookups {
  return {
    byName: (params) => {
      // Resolved once the typo step's answer is wanted: when corrected() is called, or (for an eager typo step) when
      // the exact step found nothing, which the use case then always follows with it.
      let wanted: () => void = () => undefined;
      const everyWordWanted = new Promise<void>((resolve) => {
        wanted = resolve;
      });
      const typoStep = () =>
        unavailableOnFailure('quick-search corrected name lookup', () =>
          findOrganisationsByCorrectedName(db, params, undefined, everyWordWanted).catch((error: unknown) => {
            if (cancelledByTimeout(error)) {
              options.log?.warn({ searchName: params.searchName }, 'quick-search typo step cancelled by the statement timeout; answered without corrections');
              return [];
            }
            throw error;
          }),
        );
      // Started beside the exact step when asked (a query the exact spelling most likely misses): its word
      // corrections and corrected whole names (cheap prepared statements) at once, its every-word branches only once
      // wanted (a typo step never wanted stops there). Its failure is the caller's only through corrected(), never
      // an unhandled rejection when the exact step is the answer.
      let typo = params.eagerTypoStep === true ? typoStep() : undefined;
      typo?.catch(() => undefined);
      return unavailableOnFailure('quick-search name lookup', async () => {
        const rows = await findOrganisationsByName(db, params);
        if (rows.length === 0) wanted();
        return {
          rows,
          corrected: () => {
            wanted();
            return (typo ??= typoStep());
          },
        };
      });
    },
    byWords: (params) => unavailableOnFailure('quick-search word-overlap lookup', () => findOrganisationsByWordOverlap(db, params)),
    byIdentifier: (params) => unavailableOnFailure('quick-search identifier lookup', () => findOrganisationsByIdentifier(db, params)),
    byWebsite: (params) => unavailableOnFailure('quick-search website lookup', () => findOrganisationsByWebsite(db, params)),
  };
}

export function createAccountMembership(db: Db): AccountMembership {
  return {
    linkedOrganisationIds: (params) => unavailableOnFailure('account membership check', () => findLinkedOrganisationIds(db, params)),
  };
}
