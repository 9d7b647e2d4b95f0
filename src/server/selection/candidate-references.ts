/**
 * Candidate references (issue 19 section 1, decision 0017): what the stream hands out so that a selection can be
 * made by reference. Each streamed candidate gets a random `ref`; the server records, under it, the candidate's
 * facts as it obtained them (registry, agent, website validator, internal match), bound to the account that
 * searched, for CANDIDATE_REFERENCE_TTL_SECONDS (an hour; the setting of the same name). An identifier patch updates the record of the row it upgrades. A
 * selection reads the facts back from the record; a reference that is unknown, expired or another account's
 * reads as nothing. The PostgreSQL store is src/adapters/db/queries/candidate-references.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Identifier } from '../../core/identifiers';
import type { StreamItem } from '../../core/candidates';
import type { StreamedSelectionCandidate } from '../../core/selection';

/** How long a streamed candidate can be selected: one hour (a search's results are read, then one is picked). */
export const CANDIDATE_REFERENCE_TTL_SECONDS = 60 * 60;

/** An identifier patch of a candidate recorded by an earlier batch. */
export interface CandidatePatch {
  ref: string;
  identifiers: Identifier[];
  existingOrgId: string | null;
}

/** What one batch of stream items hands out: new candidates (patches of them already applied) and later patches. */
export interface HandedOut {
  candidates: { ref: string; candidate: StreamedSelectionCandidate }[];
  patches: CandidatePatch[];
}

export interface CandidateReferences {
  /** Records a batch (one round trip); expired records are removed on the way. */
  record(accountId: string, handedOut: HandedOut): Promise<void>;
  /** The candidate recorded under `ref` for this account, unexpired; null otherwise. */
  find(accountId: string, ref: string): Promise<StreamedSelectionCandidate | null>;
}

/** A fresh reference: random, opaque, unguessable (122 random bits). */
export function newCandidateReference(): string {
  return randomUUID();
}

/**
 * The facts a batch of stream items hands out. A patch of a candidate of the same batch is applied to it here (one
 * statement cannot see its own insert); a patch of an earlier batch's candidate is recorded as a patch.
 */
export function handedOut(items: readonly StreamItem[]): HandedOut {
  const candidates = new Map<string, StreamedSelectionCandidate>();
  const patches: CandidatePatch[] = [];
  for (const item of items) {
    if (item._type === 'candidate') {
      const { ref, match: _match, ...candidate } = item;
      candidates.set(ref, candidate);
    } else if (item._type === 'identifierPatch') {
      const known = candidates.get(item.ref);
      if (known) candidates.set(item.ref, { ...known, identifiers: item.identifiers, existingOrgId: item.existingOrgId });
      else patches.push({ ref: item.ref, identifiers: item.identifiers, existingOrgId: item.existingOrgId });
    }
  }
  return { candidates: [...candidates].map(([ref, candidate]) => ({ ref, candidate })), patches };
}
