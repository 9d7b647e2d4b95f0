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
 *   A later candidate of a key merged that way meets rule 7 against that row too (an identifier-less one folds into
 *   it), so the company does not come back as a second row under its other name.
 * - At most one row of the stream is `match: true` (core/one-match.ts; issue 20 section 3): the rule within a batch,
 *   and none in a later batch once one was written (a streamed row is not taken back).
 * - The account's remembered decisions (issue 20 section 6, core/match-decision.ts), by the row's existingOrgId, before
 *   the one-match rule: one judged `same` goes first in its batch as the match, and one judged `different` is never a
 *   match. One judged `same` that the first batch written does not hold is added to it as an internal candidate
 *   (judged-internal-candidates.ts), or written alone at the end when the providers wrote nothing (`finish`). That
 *   internal row is the organisation's one row: a provider candidate of it, in that batch or a later one (its key's
 *   internal match is that organisation, rule 7 against the internal row's key, or its registry identifiers against
 *   the ones stored for the organisation), is not written; an API client never gets the organisation twice.
 * - Rules 3 and 4: a new row gets the internal row sharing its final key as `existingOrgId` and its
 *   `accountLinked` (internal-match-lookup.ts), and its logo from its (validated) website. A patch
 *   recomputes its key's match at that moment.
 * - A patch that would say again what its row already said (same identifiers, existingOrgId and accountLinked) is
 *   not written.
 * - Each new row gets a fresh candidate reference (`ref`, ../selection/candidate-references.ts); a patch carries
 *   the reference of the row it upgrades.
 */
import type { InternalQuickSearchCandidate, SearchOrganisationsCandidate, StreamItem } from '../../core/candidates';
import { applyJudgements, type Judgement } from '../../core/match-decision';
import { atMostOneMatch } from '../../core/one-match';
import { addedIdentifiers, decideSameKey, identicalIdentifierSets, sameCompanyRow, type EmittedRow } from '../../core/stream-dedup';
import type { LogoService } from '../ports';
import { newCandidateReference } from '../selection/candidate-references';
import type { InternalMatch } from './ports';
import type { InternalMatchLookup } from './internal-match-lookup';
import type { JudgedInternalCandidate } from './judged-internal-candidates';
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
   * The organisations judged `same` among these ids as internal candidates, with their stored identifiers
   * (judged-internal-candidates.ts); without it a judged `same` that no provider returned is not added.
   */
  judgedOrganisations?: (ids: readonly string[]) => Promise<JudgedInternalCandidate[]>;
}

/** The row's own internal match, else a merged key's; Existing (accountLinked) when any of them is. */
function eitherMatch(keys: readonly string[], matches: ReadonlyMap<string, InternalMatch>): InternalMatch | undefined {
  const found = keys.flatMap((key) => matches.get(key) ?? []);
  const first = found[0];
  if (first === undefined) return undefined;
  return { ...first, accountLinked: found.some((m) => m.accountLinked) };
}

type Placed = { kind: 'candidate'; key: string; prepared: PreparedCandidate; row: EmittedRow } | { kind: 'patch'; row: EmittedRow };

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

  // The organisations shown as internal rows (judged `same`, added by `judgedAbsent`), by organisation id. An internal
  // row cannot be patched (it has no `ref`; it is selected by its existingOrgId), so a provider candidate of the same
  // organisation is not written at all: its identifiers and key are folded into the internal row's record here, so
  // that a later candidate of it is recognised too.
  const internalRows = new Map<string, EmittedRow>();
  const isInternal = (row: EmittedRow): boolean => [...internalRows.values()].includes(row);

  /** The rows a candidate of this base key is de-duplicated against (rule 7): its own, an internal row's, and rows a candidate of it merged into. */
  const rowsUnder = (baseKey: string): EmittedRow[] => {
    const own = rowsByBaseKey.get(baseKey) ?? [];
    const internal = [...internalRows.values()].filter((row) => row.key === baseKey);
    const merged = [...emittedRows(), ...internalRows.values()].filter(
      (row) => !own.includes(row) && !internal.includes(row) && (row.mergedKeys ?? []).includes(baseKey),
    );
    return [...own, ...internal, ...merged];
  };

  /** Folds what a provider brought into a row that is not patched (an internal row): nothing is written. */
  const foldInto = (row: EmittedRow, identifiers: readonly EmittedRow['identifiers'][number][], baseKey: string): undefined => {
    row.identifiers = [...row.identifiers, ...addedIdentifiers(row.identifiers, identifiers)];
    if (row.key !== baseKey && !(row.mergedKeys ?? []).includes(baseKey)) row.mergedKeys = [...(row.mergedKeys ?? []), baseKey];
    return undefined;
  };

  /** Takes a row placed in this batch back before it is written (it was folded into an internal row). */
  const retract = (row: EmittedRow, baseKey: string): void => {
    const rows = rowsByBaseKey.get(baseKey);
    if (rows !== undefined)
      rowsByBaseKey.set(
        baseKey,
        rows.filter((r) => r !== row),
      );
  };

  const dedup = (prepared: PreparedCandidate): Placed | undefined => {
    const same = sameCompanyRow([...emittedRows(), ...internalRows.values()], prepared.fields.identifiers);
    if (same !== undefined) {
      if (isInternal(same)) return foldInto(same, prepared.fields.identifiers, prepared.baseKey);
      const added = addedIdentifiers(same.identifiers, prepared.fields.identifiers);
      const otherKey = prepared.baseKey !== same.key && !(same.mergedKeys ?? []).includes(prepared.baseKey);
      if (added.length === 0 && !otherKey) return undefined;
      same.identifiers = [...same.identifiers, ...added];
      if (otherKey) same.mergedKeys = [...(same.mergedKeys ?? []), prepared.baseKey];
      return { kind: 'patch', row: same };
    }
    const rows = rowsUnder(prepared.baseKey);
    const decision = decideSameKey(rows, { baseKey: prepared.baseKey, identifiers: prepared.fields.identifiers });
    if (decision.action === 'emit') {
      const row: EmittedRow = { key: decision.key, identifiers: prepared.fields.identifiers, fromRegistry: prepared.fromRegistry };
      rowsByBaseKey.set(prepared.baseKey, [...(rowsByBaseKey.get(prepared.baseKey) ?? []), row]);
      return { kind: 'candidate', key: decision.key, prepared, row };
    }
    if (isInternal(decision.into)) return foldInto(decision.into, prepared.fields.identifiers, prepared.baseKey);
    if (decision.added.length === 0) return undefined;
    decision.into.identifiers = decision.identifiers;
    return { kind: 'patch', row: decision.into };
  };

  // At most one match per query (core/one-match.ts; issue 20 section 3), on the wire as a whole: within a batch the rule
  // decides; once a match was written no later row is one (a streamed row is not taken back), a row judged `same`
  // included (it keeps `matchedOn.decision`). The judged organisations are offered in the first batch written, so a
  // judged row comes later only when they could not be read then.
  let matchShown = false;
  const oneMatch = (items: StreamItem[]): StreamItem[] => {
    const candidates = items.filter(isCandidate);
    const decided = new Map(
      atMostOneMatch(candidates, { name: (c) => c.canonicalName, countryIsoAlpha3: (c) => c.countryIsoAlpha3 }).map((c, i) => [candidates[i], c]),
    );
    const out = items.map((item) => {
      if (!isCandidate(item)) return item;
      const candidate = decided.get(item) ?? item;
      if (matchShown && candidate.match.match) return { ...candidate, match: { ...candidate.match, match: false } };
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
  // first as the match. Each becomes an internal row of the placement: a provider row of the same organisation in this
  // batch or a later one (its key's organisation, or its registry identifiers against those stored) is folded into it,
  // not written a second time.
  let judgedOffered = false;
  const judgedAbsent = async (present: ReadonlySet<string>, judgements: readonly Judgement[]): Promise<InternalQuickSearchCandidate[]> => {
    if (judgedOffered) return [];
    judgedOffered = true;
    const missing = [...new Set(judgements.filter((j) => j.verdict === 'same' && !present.has(j.organisationId)).map((j) => j.organisationId))];
    if (missing.length === 0 || deps.judgedOrganisations === undefined) return [];
    const added = await deps.judgedOrganisations(missing);
    for (const internal of added) {
      internalRows.set(internal.existingOrgId, { key: internal.key, identifiers: [...internal.identifiers], fromRegistry: false });
    }
    return added.map(({ identifiers: _identifiers, ...candidate }) => candidate);
  };
  const judgementsOf = async (): Promise<readonly Judgement[]> => (await deps.judgements?.catch(() => [])) ?? [];

  // What each streamed row last said on the wire: a patch that would say it again (a same-company candidate of another
  // key that brings no identifier and no other internal match) is not written.
  const said = new Map<EmittedRow, Pick<SearchOrganisationsCandidate, 'identifiers' | 'existingOrgId' | 'accountLinked'>>();
  const saysNothingNew = (row: EmittedRow, patch: Pick<SearchOrganisationsCandidate, 'identifiers' | 'existingOrgId' | 'accountLinked'>): boolean => {
    const before = said.get(row);
    return (
      before !== undefined &&
      identicalIdentifierSets(before.identifiers, patch.identifiers) &&
      before.existingOrgId === patch.existingOrgId &&
      before.accountLinked === patch.accountLinked
    );
  };

  /** The internal row showing the organisation of a candidate placed in this batch, if one does. */
  const shownInternally = (p: Extract<Placed, { kind: 'candidate' }>, organisationId: string | undefined): EmittedRow | undefined =>
    (organisationId === undefined ? undefined : internalRows.get(organisationId)) ?? sameCompanyRow(internalRows.values(), p.row.identifiers);

  return {
    async place(batch) {
      const placed = batch.flatMap((prepared) => dedup(prepared) ?? []);
      if (placed.length === 0) return [];
      // A candidate takes its (prefetched) match; a patch recomputes its key's match now (rule 2).
      const candidateKeys = placed.flatMap((p) => (p.kind === 'candidate' ? [p.key] : []));
      const patchKeys = placed.flatMap((p) => (p.kind === 'patch' ? [p.row.key, ...(p.row.mergedKeys ?? [])] : []));
      void deps.matches.prefetch(candidateKeys);
      const [candidateMatches, patchMatches, judgements] = await Promise.all([
        Promise.all(candidateKeys.map(async (key) => [key, await deps.matches.matchOf(key)] as const)),
        deps.matches.current(patchKeys),
        judgementsOf(),
      ]);
      const matches = new Map(patchMatches);
      for (const [key, match] of candidateMatches) if (match !== undefined) matches.set(key, match);
      const organisationOf = (p: Extract<Placed, { kind: 'candidate' }>) => matches.get(p.key)?.organisationId;
      const added = await judgedAbsent(new Set(placed.flatMap((p) => (p.kind === 'candidate' ? (organisationOf(p) ?? []) : []))), judgements);
      // Rows folded into an internal row in this batch: a patch of one of them is folded too, not written.
      const folded = new Map<EmittedRow, EmittedRow>();
      const items = placed.flatMap((p): StreamItem[] => {
        if (p.kind === 'patch') {
          const internal = folded.get(p.row);
          if (internal !== undefined) return foldInto(internal, p.row.identifiers, internal.key) ?? [];
          const patch = identifierPatch(p.row, eitherMatch([p.row.key, ...(p.row.mergedKeys ?? [])], matches));
          if (saysNothingNew(p.row, patch)) return [];
          said.set(p.row, patch);
          return [{ ...patch, ref: refOf(p.row.key) }];
        }
        const match = matches.get(p.key);
        const internal = shownInternally(p, match?.organisationId);
        if (internal !== undefined) {
          retract(p.row, p.prepared.baseKey);
          folded.set(p.row, internal);
          return foldInto(internal, p.row.identifiers, p.prepared.baseKey) ?? [];
        }
        const candidate = {
          ...p.prepared.fields,
          ref: refOf(p.key),
          key: p.key,
          logo: deps.logo.logoFor(p.prepared.fields.website),
          existingOrgId: match?.organisationId ?? null,
          accountLinked: match?.accountLinked ?? false,
        };
        said.set(p.row, candidate);
        return [candidate];
      });
      return oneMatch(withJudgements([...added, ...items], judgements));
    },

    async finish() {
      if (judgedOffered) return [];
      const judgements = await judgementsOf();
      return oneMatch(withJudgements(await judgedAbsent(new Set(), judgements), judgements));
    },
  };
}

/** A row of the list (a provider's candidate or an internal one), not a patch or a notice. */
function isCandidate(item: StreamItem): item is SearchOrganisationsCandidate | InternalQuickSearchCandidate {
  return item._type === 'candidate' || item._type === 'internal';
}
