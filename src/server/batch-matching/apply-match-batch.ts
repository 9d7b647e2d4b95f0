/**
 * ApplyMatchBatch: acts on a batch's result (issue 13: "link the accepted organisations to the account, create
 * and enrich the accepted registry candidates through the selection use case"). Only a completed batch can be
 * applied (409 otherwise); another account's is 404.
 *
 * - Accepted internal organisations (a decided match no reviewer overruled, an accepted or picked review) join
 *   the account's list in one statement: the fast path (linkAcceptedOrganisations).
 * - Accepted registry candidates (the registry pass's decided matches, or accepted or picked in review) go one
 *   by one through SelectCandidate, as a user's pick in the search does: created owned by the account, profile
 *   PENDING, `organisation.enrich` sent in the same transaction; or settled on an existing organisation with the
 *   same key, registry identifier or domain. The candidate is the one the registry pass stored on the row (what the
 *   server obtained from the registry); the request names only the batch (issue 19 section 1, decision 0017).
 *
 * Idempotent and restartable: each applied row records the organisation it settled on, and a row already
 * applied is skipped; a row whose selection committed but whose record did not (a crash between the two) is
 * selected again and the selection finds the organisation it created by its key, so nothing is created or
 * enriched twice. Registry rows are bounded by the batch's registry cap (MATCH_REGISTRY_MAX_ROWS), so apply runs
 * in the request rather than as a job.
 *
 * `accepted`: distinct organisations and registry candidates accepted; `linked`: organisations this apply put on
 * the account's list anew (internal ones, and those the selections added: created, or settled on an organisation
 * not on the list yet; counted from the list's size around the selections, so work of the same account running
 * at the same moment can blur it); `created`: organisations created from registry candidates by this apply.
 */
import { ConflictError, NotFoundError } from '../../core/errors';
import type { SelectCandidate } from '../selection/select-candidate';
import type { Db } from '../../adapters/db/client';
import {
  acceptedRegistryRows,
  countLinkedOrganisations,
  findMatchBatch,
  linkAcceptedOrganisations,
  recordMatchBatchApply,
  recordRowApplied,
  type StalledBound,
} from '../../adapters/db/queries/match-batches';

export interface ApplyOutcome {
  accepted: number;
  linked: number;
  created: number;
}

export type ApplyMatchBatch = (accountId: string, batchId: string) => Promise<ApplyOutcome>;

export function createApplyMatchBatch(deps: { db: Db; selectCandidate: SelectCandidate } & StalledBound): ApplyMatchBatch {
  return async (accountId, batchId) => {
    const batch = await findMatchBatch(deps.db, { accountId, batchId, stalledAfterSeconds: deps.stalledAfterSeconds });
    if (batch === null) throw new NotFoundError('match batch not found');
    if (batch.status !== 'completed') throw new ConflictError('match batch not completed', 'The batch is still being matched');
    const internal = await linkAcceptedOrganisations(deps.db, { accountId, batchId });
    const registryRows = await acceptedRegistryRows(deps.db, { accountId, batchId });
    let created = 0;
    const pending = registryRows.some((r) => r.appliedOrganisationId === null);
    const before = pending ? await countLinkedOrganisations(deps.db, { accountId }) : 0;
    /** Rows of one company (one key) settle on one organisation: the first selection's. */
    const settled = new Map<string, string>();
    for (const row of registryRows) {
      if (row.appliedOrganisationId !== null) {
        settled.set(row.candidate.key, row.appliedOrganisationId);
        continue;
      }
      let organisationId = settled.get(row.candidate.key);
      if (organisationId === undefined) {
        const selected = await deps.selectCandidate(accountId, { candidate: row.candidate.selection, countryIsoAlpha3: row.candidate.countryIsoAlpha3 });
        organisationId = selected.organisationId;
        settled.set(row.candidate.key, organisationId);
        if (selected.created) created += 1;
      }
      await recordRowApplied(deps.db, { accountId, batchId, rowIndex: row.rowIndex, organisationId });
    }
    const selectedAnew = pending ? Math.max(0, (await countLinkedOrganisations(deps.db, { accountId })) - before) : 0;
    const outcome = { accepted: internal.accepted + new Set(registryRows.map((r) => r.candidate.key)).size, linked: internal.linked + selectedAnew, created };
    // The batch remembers it was applied, and what this apply did ("Applied 26 Nov: 11 accepted, 8 added, 3 created").
    await recordMatchBatchApply(deps.db, { accountId, batchId, outcome });
    return outcome;
  };
}
