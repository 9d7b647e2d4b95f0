/**
 * Placing candidates in the stream (spec: POST /api/organisations/search, rules 3, 4 and 7): each prepared
 * candidate, in arrival order, against the rows already emitted under its base key.
 *
 * - Rule 7, same-key dedup (core/stream-dedup.ts): a new row under its key (disambiguated when the base key
 *   is taken by a candidate it cannot merge with), or a merge onto an emitted row; a merge that brings
 *   identifiers the row lacked becomes an `identifierPatch` for that row (registry-lead.ts), one with
 *   nothing new is dropped.
 * - Rules 3 and 4: a new row gets the internal row sharing its final key as `existingOrgId` and its
 *   `accountLinked` (internal-match-lookup.ts), and its logo from its (validated) website. A patch
 *   recomputes its key's match at that moment.
 * - Each new row gets a fresh candidate reference (`ref`, ../selection/candidate-references.ts); a patch carries
 *   the reference of the row it upgrades.
 */
import type { StreamItem } from '../../core/candidates';
import { decideSameKey, type EmittedRow } from '../../core/stream-dedup';
import type { LogoService } from '../logo/ports';
import { newCandidateReference } from '../selection/candidate-references';
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

  const dedup = (prepared: PreparedCandidate): Placed | undefined => {
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

  return {
    async place(batch) {
      const placed = batch.flatMap((prepared) => dedup(prepared) ?? []);
      if (placed.length === 0) return [];
      // A candidate takes its (prefetched) match; a patch recomputes its key's match now (rule 2).
      const candidateKeys = placed.flatMap((p) => (p.kind === 'candidate' ? [p.key] : []));
      const patchKeys = placed.flatMap((p) => (p.kind === 'patch' ? [p.row.key] : []));
      void deps.matches.prefetch(candidateKeys);
      const [candidateMatches, patchMatches] = await Promise.all([
        Promise.all(candidateKeys.map(async (key) => [key, await deps.matches.matchOf(key)] as const)),
        deps.matches.current(patchKeys),
      ]);
      const matches = new Map(patchMatches);
      for (const [key, match] of candidateMatches) if (match !== undefined) matches.set(key, match);
      return placed.map((p): StreamItem => {
        if (p.kind === 'patch') return { ...identifierPatch(p.row, matches.get(p.row.key)), ref: refOf(p.row.key) };
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
    },
  };
}
