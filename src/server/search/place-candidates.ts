/**
 * Placing candidates in the stream (spec: POST /api/organisations/search, rules 3, 4 and 7): each prepared
 * candidate, in arrival order, against the rows already emitted under its base key.
 *
 * - Rule 7, same-key dedup (core/stream-dedup.ts): a new row under its key (disambiguated when the base key
 *   is taken by a candidate it cannot merge with), or a merge onto an emitted row; a merge that brings
 *   identifiers the row lacked becomes an `identifierPatch` for that row (registry-lead.ts), one with
 *   nothing new is dropped.
 * - One company, one row (issue 20 section 5, before rule 7): a candidate that is the same company as a row already
 *   emitted under any key (core/stream-dedup.ts `sameCompanyRow`) merges into it as a patch; the patch's
 *   existingOrgId/accountLinked count the internal rows of both keys, so the row shows Existing when either had it.
 * - At most one candidate of the stream is decided a match (core/one-match.ts; issue 20 section 3).
 * - The account's remembered decisions (issue 20 section 6, core/match-decision.ts), by the row's existingOrgId, before
 *   the one-match rule: one judged `same` goes first in its batch as the match, even in a later batch than a match
 *   already shown (a streamed row is not taken back), and one judged `different` is never a match.
 * - Rules 3 and 4: a new row gets the internal row sharing its final key as `existingOrgId` and its
 *   `accountLinked` (internal-match-lookup.ts), and its logo from its (validated) website. A patch
 *   recomputes its key's match at that moment.
 * - Each new row gets a fresh candidate reference (`ref`, ../selection/candidate-references.ts); a patch carries
 *   the reference of the row it upgrades.
 */
import type { SearchOrganisationsCandidate, StreamItem } from '../../core/candidates';
import { applyJudgements, type Judgement } from '../../core/match-decision';
import { atMostOneMatch } from '../../core/one-match';
import { addedIdentifiers, decideSameKey, sameCompanyRow, type EmittedRow } from '../../core/stream-dedup';
import type { LogoService } from '../logo/ports';
import { newCandidateReference } from '../selection/candidate-references';
import type { InternalMatch } from './ports';
import type { InternalMatchLookup } from './internal-match-lookup';
import type { PreparedCandidate } from './prepare-candidate';
import { identifierPatch } from './registry-lead';

export interface CandidatePlacement {
  /** The items to write for a batch of prepared candidates, in order (one internal lookup per batch). */
  place(batch: readonly PreparedCandidate[]): Promise<StreamItem[]>;
}

export interface CandidatePlacementDependencies {
  matches: InternalMatchLookup;
  logo: LogoService;
  /** The account's judgements for the query (none when absent). */
  judgements?: Promise<readonly Judgement[]>;
}

/** The row's own internal match, else a merged key's; Existing (accountLinked) when any of them is. */
function eitherMatch(keys: readonly string[], matches: ReadonlyMap<string, InternalMatch>): InternalMatch | undefined {
  const found = keys.flatMap((key) => matches.get(key) ?? []);
  const first = found[0];
  if (first === undefined) return undefined;
  return { ...first, accountLinked: found.some((m) => m.accountLinked) };
}

type Placed = { kind: 'candidate'; key: string; prepared: PreparedCandidate } | { kind: 'patch'; row: EmittedRow };

export function createCandidatePlacement(deps: CandidatePlacementDependencies): CandidatePlacement {
  // Rule 7 state: the rows emitted so far, per base key, in emission order.
  const rowsByBaseKey = new Map<string, EmittedRow[]>();
  // Each emitted row's candidate reference, by its final key (keys are unique within a stream).
  const refByKey = new Map<string, string>();
  const refOf = (key: string): string => {
    const known = refByKey.get(key);
    if (known !== undefined) return known;
    const ref = newCandidateReference();
    refByKey.set(key, ref);
    return ref;
  };

  const emittedRows = function* () {
    for (const rows of rowsByBaseKey.values()) yield* rows;
  };

  const dedup = (prepared: PreparedCandidate): Placed | undefined => {
    const same = sameCompanyRow(emittedRows(), prepared.fields.identifiers);
    if (same !== undefined) {
      const added = addedIdentifiers(same.identifiers, prepared.fields.identifiers);
      const otherKey = prepared.baseKey !== same.key && !(same.mergedKeys ?? []).includes(prepared.baseKey);
      if (added.length === 0 && !otherKey) return undefined;
      same.identifiers = [...same.identifiers, ...added];
      if (otherKey) same.mergedKeys = [...(same.mergedKeys ?? []), prepared.baseKey];
      return { kind: 'patch', row: same };
    }
    const rows = rowsByBaseKey.get(prepared.baseKey) ?? [];
    const decision = decideSameKey(rows, { baseKey: prepared.baseKey, identifiers: prepared.fields.identifiers });
    if (decision.action === 'emit') {
      rows.push({ key: decision.key, identifiers: prepared.fields.identifiers, fromRegistry: prepared.fromRegistry });
      rowsByBaseKey.set(prepared.baseKey, rows);
      return { kind: 'candidate', key: decision.key, prepared };
    }
    if (decision.added.length === 0) return undefined;
    decision.into.identifiers = decision.identifiers;
    return { kind: 'patch', row: decision.into };
  };

  // At most one match per query (core/one-match.ts): within a batch the rule decides; a later batch's candidate is
  // not a match once one was shown (a streamed row is not taken back).
  let matchShown = false;
  const oneMatch = (items: StreamItem[]): StreamItem[] => {
    const candidates = items.filter((i): i is SearchOrganisationsCandidate => i._type === 'candidate');
    const decided = new Map(
      atMostOneMatch(candidates, { name: (c) => c.canonicalName, countryIsoAlpha3: (c) => c.countryIsoAlpha3 }).map((c, i) => [candidates[i], c]),
    );
    const out = items.map((item) => {
      if (item._type !== 'candidate') return item;
      const candidate = decided.get(item) ?? item;
      if (matchShown && candidate.match.match && candidate.match.matchedOn.decision !== 'same')
        return { ...candidate, match: { ...candidate.match, match: false } };
      return candidate;
    });
    if (out.some((i) => i._type === 'candidate' && i.match.match)) matchShown = true;
    return out;
  };

  // Decisions remembered: applied to the batch's candidates; patches keep their places after them.
  const withJudgements = (items: StreamItem[], judgements: readonly Judgement[]): StreamItem[] => {
    if (judgements.length === 0) return items;
    const candidates = items.filter((i): i is SearchOrganisationsCandidate => i._type === 'candidate');
    const judged = applyJudgements(candidates, judgements, (c) => c.existingOrgId);
    return [...judged, ...items.filter((i) => i._type !== 'candidate')];
  };

  return {
    async place(batch) {
      const placed = batch.flatMap((prepared) => dedup(prepared) ?? []);
      if (placed.length === 0) return [];
      // A candidate takes its (prefetched) match; a patch recomputes its key's match now (rule 2).
      const candidateKeys = placed.flatMap((p) => (p.kind === 'candidate' ? [p.key] : []));
      const patchKeys = placed.flatMap((p) => (p.kind === 'patch' ? [p.row.key, ...(p.row.mergedKeys ?? [])] : []));
      void deps.matches.prefetch(candidateKeys);
      const [candidateMatches, patchMatches] = await Promise.all([
        Promise.all(candidateKeys.map(async (key) => [key, await deps.matches.matchOf(key)] as const)),
        deps.matches.current(patchKeys),
      ]);
      const matches = new Map(patchMatches);
      for (const [key, match] of candidateMatches) if (match !== undefined) matches.set(key, match);
      const items = placed.map((p): StreamItem => {
        if (p.kind === 'patch') return { ...identifierPatch(p.row, eitherMatch([p.row.key, ...(p.row.mergedKeys ?? [])], matches)), ref: refOf(p.row.key) };
        const match = matches.get(p.key);
        return {
          ...p.prepared.fields,
          ref: refOf(p.key),
          key: p.key,
          logo: deps.logo.logoFor(p.prepared.fields.website),
          existingOrgId: match?.organisationId ?? null,
          accountLinked: match?.accountLinked ?? false,
        };
      });
      const judgements = (await deps.judgements?.catch(() => [])) ?? [];
      return oneMatch(withJudgements(items, judgements));
    },
  };
}
