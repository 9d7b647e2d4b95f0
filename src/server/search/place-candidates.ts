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
 *   already shown (a streamed row is not taken back), and one judged `different` is never a match. One judged `same`
 *   that the first batch written does not hold is added to it as an internal candidate (judged-internal-candidates.ts),
 *   or written alone at the end when the providers wrote nothing (`finish`).
 * - Rules 3 and 4: a new row gets the internal row sharing its final key as `existingOrgId` and its
 *   `accountLinked` (internal-match-lookup.ts), and its logo from its (validated) website. A patch
 *   recomputes its key's match at that moment.
 * - Each new row gets a fresh candidate reference (`ref`, ../selection/candidate-references.ts); a patch carries
 *   the reference of the row it upgrades.
 */
import type { InternalQuickSearchCandidate, SearchOrganisationsCandidate, StreamItem } from '../../core/candidates';
import { applyJudgements, type Judgement } from '../../core/match-decision';
import { atMostOneMatch } from '../../core/one-match';
import { addedIdentifiers, decideSameKey, sameCompanyRow, type EmittedRow } from '../../core/stream-dedup';
import type { LogoService } from '../ports';
import { newCandidateReference } from '../selection/candidate-references';
import type { InternalMatch } from './ports';
import type { InternalMatchLookup } from './internal-match-lookup';
import type { PreparedCandidate } from './prepare-candidate';
import { identifierPatch } from './registry-lead';

export interface CandidatePlacement {
  /** The items to write for a batch of prepared candidates, in order (one internal lookup per batch). */
  place(batch: readonly PreparedCandidate[]): Promise<StreamItem[]>;
  /**
   * The items to write when the providers are done: the organisations judged `same` that no batch offered yet, when
   * no batch was written at all ([] otherwise).
   */
  finish(): Promise<StreamItem[]>;
}

export interface CandidatePlacementDependencies {
  matches: InternalMatchLookup;
  logo: LogoService;
  /** The account's judgements for the query (none when absent). */
  judgements?: Promise<readonly Judgement[]>;
  /**
   * The organisations judged `same` among these ids as internal candidates (judged-internal-candidates.ts); without
   * it a judged `same` that no provider returned is not added.
   */
  judgedOrganisations?: (ids: readonly string[]) => Promise<InternalQuickSearchCandidate[]>;
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
    const candidates = items.filter(isCandidate);
    const decided = new Map(
      atMostOneMatch(candidates, { name: (c) => c.canonicalName, countryIsoAlpha3: (c) => c.countryIsoAlpha3 }).map((c, i) => [candidates[i], c]),
    );
    const out = items.map((item) => {
      if (!isCandidate(item)) return item;
      const candidate = decided.get(item) ?? item;
      if (matchShown && candidate.match.match && candidate.match.matchedOn.decision !== 'same')
        return { ...candidate, match: { ...candidate.match, match: false } };
      return candidate;
    });
    if (out.some((i) => isCandidate(i) && i.match.match)) matchShown = true;
    return out;
  };

  // Decisions remembered: applied to the batch's candidates; patches keep their places after them.
  const withJudgements = (items: StreamItem[], judgements: readonly Judgement[]): StreamItem[] => {
    if (judgements.length === 0) return items;
    const candidates = items.filter(isCandidate);
    const judged = applyJudgements(candidates, judgements, (c) => c.existingOrgId);
    return [...judged, ...items.filter((i) => !isCandidate(i))];
  };

  // The organisations judged `same` that no provider returned (issue 20, section 6): added once, to the first batch
  // written (unless it holds them) or, when the providers wrote nothing, at the end; applyJudgements then puts them
  // first as the match. A provider row of one of them arriving in a later batch is still written (it carries the
  // register's identifiers and its reference); the interface merges it into the same row (same key and organisation).
  let judgedOffered = false;
  const judgedAbsent = async (items: readonly StreamItem[], judgements: readonly Judgement[]): Promise<StreamItem[]> => {
    if (judgedOffered) return [];
    judgedOffered = true;
    const present = new Set(items.flatMap((i) => (isCandidate(i) && i.existingOrgId !== null ? [i.existingOrgId] : [])));
    const missing = [...new Set(judgements.filter((j) => j.verdict === 'same' && !present.has(j.organisationId)).map((j) => j.organisationId))];
    if (missing.length === 0 || deps.judgedOrganisations === undefined) return [];
    return deps.judgedOrganisations(missing);
  };
  const judgementsOf = async (): Promise<readonly Judgement[]> => (await deps.judgements?.catch(() => [])) ?? [];

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
      const judgements = await judgementsOf();
      const added = await judgedAbsent(items, judgements);
      return oneMatch(withJudgements([...added, ...items], judgements));
    },

    async finish() {
      if (judgedOffered) return [];
      const judgements = await judgementsOf();
      return oneMatch(withJudgements(await judgedAbsent([], judgements), judgements));
    },
  };
}

/** A row of the list (a provider's candidate or an internal one), not a patch or a notice. */
function isCandidate(item: StreamItem): item is SearchOrganisationsCandidate | InternalQuickSearchCandidate {
  return item._type === 'candidate' || item._type === 'internal';
}
