/**
 * Matches supplier rows to the account's visible organisations (issue 13, section 2): for each row, the quick
 * lookup's own lookups (name with its typo step, identifier, website), scoped to the account and to the row's
 * country when it names one; every organisation found is assessed with the match object (`assessMatch`), and
 * `decideRow` turns the candidates into a decision, the best candidate and a close runner-up.
 *
 * A chunk starts with three set-based statements (queries/chunk-lookups.ts, run together): all its names (`exactNames`),
 * all its identifiers and all its websites. A row whose name equals an organisation's name or alias in its
 * country takes those organisations as its name candidates without a fuzzy lookup; its identifier and website
 * candidates are the chunk's answers. Only the other rows run the per-row name lookup (and, when nothing at
 * all was found, its typo step), `concurrency` at a time (a few ms of database time each): the throughput of a
 * batch is bounded by the database, not by waiting.
 */
import { decideRow, rowIdentifierIssue, type BatchCandidate, type BatchRowCandidate, type BatchRowInput, type BatchRowResult } from '../../core/batch-matching';
import { RELEVANCE_FLOOR } from '../../core/match';
import { overlapWords } from '../../core/word-overlap';
import { searchName } from '../../core/canonical-name';
import { countryFromAnything } from '../../core/countries';
import { nameTextOf, queryHasDigit, recogniseIdentifiers, typedIdentifierValue } from '../../core/identifiers';
import type { Match } from '../../core/match';
import { undecidedWhenInactive } from '../../core/registry-status';
import type { MatchQuery, MatchSubject } from '../../core/uncalibrated-match';
import { normaliseWebsiteHost } from '../../core/website';
import type { IdentifierRow, NameLookup, QuickSearchLookups, QuickSearchRow } from '../quick-search/ports';
import type { Db } from '../../adapters/db/client';
import { chunkExactNames, chunkIdentifiers, chunkOverlaps, chunkTypoSteps, chunkWebsites } from '../../adapters/db/queries/chunk-lookups';
import { withoutGlobalRowsTheCallerOwns } from '../quick-search/de-duplication';
import type { JudgedLookups } from '../quick-search/judged-candidates';
import type { Judgement } from '../../core/match-decision';

/** How the match object is computed: the calibrated `assessMatch` once available, else the uncalibrated one. */
export type AssessMatch = (query: MatchQuery, subject: MatchSubject) => Match;

export interface MatchRowsDependencies {
  lookups: QuickSearchLookups;
  /**
   * The handle the chunk's set-based lookups run on (one round trip each for a whole chunk, scoped like the quick
   * lookup's). Without it every row runs the quick lookup's own lookups (same candidates, more round trips).
   */
  chunkDb?: Db;
  assess: AssessMatch;
  /** Rows matched at once (default 8). */
  concurrency?: number;
  /** The account's remembered decisions (issue 20, section 6): one query for a chunk; none apply without them. */
  judged?: JudgedLookups;
}

/** Candidates looked at per row (per lookup). */
const POOL = 10;
/** Candidates kept per row for review. */
const KEEP = 5;
/** Rows whose word corrections are looked up in one statement (the chunk's typo step). */
const TYPO_GROUP = 32;
/** Rows whose word-overlap stage runs in one statement. */
const OVERLAP_GROUP = 32;

export type MatchRows = (accountId: string, rows: readonly BatchRowInput[]) => Promise<BatchRowResult[]>;

/** An organisation found for a row, and the type of the identifier it was found by (null: not by identifier). */
interface Subject {
  row: QuickSearchRow;
  identifierHit: string | null;
}

/**
 * A row after its name steps: what its identifier and website found, and its name candidates, or (`typo`) the name
 * lookup whose typo step is still to run (nothing found by name, identifier or website, and a name with a letter).
 */
interface NameStage {
  byIdentifier: IdentifierRow[];
  byWebsite: QuickSearchRow[];
  nameRows: QuickSearchRow[];
  typo?: NameLookup;
}

/** What a row asks for, and what the chunk's statements already found for it (undefined: not looked up). */
interface Prepared {
  query: MatchQuery;
  wanted: string;
  exact?: QuickSearchRow[];
  byIdentifier?: IdentifierRow[];
  byWebsite?: QuickSearchRow[];
}

/** The row's country as the lookups scope it: null for none, an unreadable one or GLO. */
export function rowCountryOf(row: BatchRowInput): string | null {
  const country = row.country === null ? undefined : countryFromAnything(row.country);
  return country === undefined || country === 'GLO' ? null : country;
}

/**
 * What a row asks for. Its identifier is read as people type it, like the quick lookup's (`typedIdentifierValue`:
 * "ABN 57 095 403 820" -> 57095403820, "4398218" -> 04398218); a row without one whose name names one ("Telstra
 * ABN 33 051 775 556") has that identifier, and the rest of its name as its name.
 */
function queryOf(row: BatchRowInput): MatchQuery {
  const identifierText = row.identifier ?? (recogniseIdentifiers(row.name).length > 0 ? row.name : null);
  return {
    name: identifierText === row.name ? nameTextOf(row.name) : row.name,
    countryIsoAlpha3: rowCountryOf(row),
    identifier: identifierText !== null && queryHasDigit(identifierText) ? typedIdentifierValue(identifierText) || null : null,
    websiteDomain: row.website === null ? null : (normaliseWebsiteHost(row.website) ?? null),
  };
}

/** Runs the chunk lookups for the rows that need them and hands each row its share (positions kept). */
async function prepareChunk(chunk: Db | undefined, accountId: string, rows: readonly BatchRowInput[]): Promise<Prepared[]> {
  const prepared: Prepared[] = rows.map((row) => {
    const query = queryOf(row);
    return { query, wanted: searchName(query.name) };
  });
  if (chunk === undefined) return prepared;
  const withIdentifier = prepared.filter((p) => p.query.identifier !== null);
  const withWebsite = prepared.filter((p) => p.query.websiteDomain !== null);
  const [exact, identifiers, websites] = await Promise.all([
    chunkExactNames(
      chunk,
      accountId,
      prepared.map((p) => p.wanted),
    ),
    chunkIdentifiers(
      chunk,
      accountId,
      withIdentifier.map((p) => ({ value: p.query.identifier ?? '', countryIsoAlpha3: p.query.countryIsoAlpha3 })),
      POOL,
    ),
    chunkWebsites(
      chunk,
      accountId,
      withWebsite.map((p) => ({ value: p.query.websiteDomain ?? '', countryIsoAlpha3: p.query.countryIsoAlpha3 })),
      POOL,
    ),
  ]);
  for (const p of prepared) p.exact = exact.get(p.wanted) ?? [];
  withIdentifier.forEach((p, i) => (p.byIdentifier = identifiers[i] ?? []));
  withWebsite.forEach((p, i) => (p.byWebsite = websites[i] ?? []));
  return prepared;
}

export function createMatchRows(deps: MatchRowsDependencies): MatchRows {
  const concurrency = deps.concurrency ?? 8;
  // A row's name steps: its identifier and website candidates and its exact-spelling name candidates. The typo step
  // of the rows that found nothing is left to the chunk (`typoSteps`: their word corrections in one statement).
  const nameStage = async (accountId: string, row: Prepared): Promise<NameStage> => {
    const { query, wanted } = row;
    const scope = { accountId, countryIsoAlpha3: query.countryIsoAlpha3 };
    // The identifier and website lookups: the chunk's answer, else this row's own statement.
    const [byIdentifier, byWebsite] = await Promise.all([
      row.byIdentifier ??
        (query.identifier === null ? Promise.resolve([]) : deps.lookups.byIdentifier({ ...scope, valuesNormalised: [query.identifier], limit: POOL })),
      row.byWebsite ??
        (query.websiteDomain === null ? Promise.resolve([]) : deps.lookups.byWebsite({ ...scope, websiteDomain: query.websiteDomain, limit: POOL })),
    ]);
    // The fast path: a row whose name is exactly an organisation's name or alias in its country needs no fuzzy
    // name lookup; the equal names are its name candidates (beside what its identifier and website found).
    const exactInCountry = (row.exact ?? []).filter(
      (r) => query.countryIsoAlpha3 === null || r.countryIsoAlpha3 === null || r.countryIsoAlpha3 === query.countryIsoAlpha3,
    );
    if (exactInCountry.length > 0) return { byIdentifier, byWebsite, nameRows: exactInCountry };
    if (wanted === '') return { byIdentifier, byWebsite, nameRows: [] };
    const byName = await deps.lookups.byName({ ...scope, searchName: wanted, poolSize: POOL });
    const foundExactly = byName.rows.length > 0 || byIdentifier.length > 0 || byWebsite.length > 0;
    if (foundExactly || !/\p{L}/u.test(wanted)) return { byIdentifier, byWebsite, nameRows: byName.rows };
    return { byIdentifier, byWebsite, nameRows: [], typo: byName };
  };

  // A row's candidates and decision from its name steps; `overlap` when it also takes the word-overlap stage.
  const matchOne = async (
    accountId: string,
    row: Prepared,
    named: NameStage,
    judgements: readonly Judgement[],
  ): Promise<{ decided: BatchRowResult; overlap?: { words: string[]; subjects: Map<string, Subject> } }> => {
    const { query, wanted } = row;
    const scope = { accountId, countryIsoAlpha3: query.countryIsoAlpha3 };
    const { byIdentifier, byWebsite } = named;
    // The typo step is the one lookup that can run long under load; a row whose typo step fails is decided
    // without corrections (as the quick lookup answers a cancelled typo step) rather than failing its chunk.
    const nameRows = named.typo === undefined ? named.nameRows : await named.typo.corrected().catch(() => []);

    const subjects = new Map<string, Subject>();
    for (const found of byIdentifier) subjects.set(found.id, { row: found, identifierHit: found.matchedIdentifier.type });
    for (const found of [...byWebsite, ...nameRows]) if (!subjects.has(found.id)) subjects.set(found.id, { row: found, identifierHit: null });
    // An organisation the account judged `same` for this text is a candidate even when the lookups missed it.
    const missing = judgements.filter((j) => j.verdict === 'same' && !subjects.has(j.organisationId)).map((j) => j.organisationId);
    if (missing.length > 0 && deps.judged !== undefined)
      for (const found of await deps.judged.byIds({ ...scope, ids: missing })) subjects.set(found.id, { row: found, identifierHit: null });
    const decided = decideFrom(query, [...subjects.values()], judgements);
    // The quick lookup's word-overlap stage (its rule 12, decision 0021), by the same rule and the same statement: a
    // name of two words or more whose name steps found no match also looks for names sharing its rarest words.
    // Those rows are scored like every candidate: a partial name is never a match by name alone (assessMatch caps it).
    const words = /\p{L}/u.test(wanted) ? overlapWords([wanted]) : [];
    if (words.length < 2 || decided.best?.match.match === true) return { decided };
    return { decided, overlap: { words, subjects } };
  };

  /** The word-overlap stage's rows (`overlap`, from the chunk's statement or the row's own) added to a row's candidates. */
  const withOverlap = (
    row: Prepared,
    decided: BatchRowResult,
    subjects: Map<string, Subject>,
    overlap: readonly QuickSearchRow[],
    judgements: readonly Judgement[],
  ): BatchRowResult => {
    const { query } = row;
    const byWords = overlap.filter((found) => !subjects.has(found.id));
    if (byWords.length === 0) return decided;
    const withWords = decideFrom(query, [...subjects.values(), ...byWords.map((found) => ({ row: found, identifierHit: null }))], judgements);
    // As the quick lookup's floor: an overlap row scored under RELEVANCE_FLOOR is kept only when it shares a rare word
    // and nothing else clears the floor (it is then the only lead: "Houpu Clean Energy" for "Chengdu Huaqi Houpu").
    const cleared = withWords.candidates.some((c) => c.match.score >= RELEVANCE_FLOOR);
    const overlapOf = new Map(byWords.map((found) => [found.id, found.overlap?.sharesRareWord === true]));
    const kept = withWords.candidates.filter((c) => {
      const sharesRareWord = c.kind === 'internal' ? overlapOf.get(c.organisationId) : undefined;
      return sharesRareWord === undefined || c.match.score >= RELEVANCE_FLOOR || (sharesRareWord && !cleared);
    });
    return kept.length === withWords.candidates.length ? withWords : decideRowKept(kept, judgements);
  };

  const decideRowKept = (candidates: readonly BatchRowCandidate[], judgements: readonly Judgement[]): BatchRowResult => {
    const result = decideRow(candidates, judgements);
    return { ...result, candidates: result.candidates.slice(0, KEEP) };
  };

  const decideFrom = (query: MatchQuery, subjects: Subject[], judgements: readonly Judgement[]): BatchRowResult => {
    // The account's own organisation hides the global one with the same base key (the quick lookup's rule 6).
    const shown = new Set(
      withoutGlobalRowsTheCallerOwns(
        subjects.map((s) => s.row),
        query.countryIsoAlpha3,
      ),
    );
    const candidates: BatchCandidate[] = subjects
      .filter((s) => shown.has(s.row))
      .map(({ row: found, identifierHit }) => ({
        kind: 'internal',
        organisationId: found.id,
        name: found.name,
        countryIsoAlpha3: found.countryIsoAlpha3,
        website: found.website,
        registryStatus: found.registryStatus,
        match: undecidedWhenInactive(
          deps.assess(query, {
            name: found.name,
            matchedAlias: found.matchedAlias,
            countryIsoAlpha3: found.countryIsoAlpha3,
            websiteDomain: found.website === null ? null : (normaliseWebsiteHost(found.website) ?? null),
            identifierHit: identifierHit !== null && query.identifier !== null ? { type: identifierHit, value: query.identifier } : null,
          }),
          found.registryStatus,
        ),
      }));
    return decideRowKept(candidates, judgements);
  };

  return async (accountId, rows) => {
    const [prepared, judgements] = await Promise.all([
      prepareChunk(deps.chunkDb, accountId, rows),
      deps.judged === undefined
        ? rows.map(() => [])
        : deps.judged.judgements.forQueries(
            accountId,
            rows.map((row) => ({ query: row.name, countryIsoAlpha3: rowCountryOf(row) })),
          ),
    ]);
    // The typo steps of the rows whose name steps found nothing: their word corrections in one statement for each
    // TYPO_GROUP of them, sent as soon as the group is full while the lanes go on (the last group when all rows have
    // had their name steps), when the chunk lookups are there (else each row's own). A failed statement leaves its
    // rows without corrections, as a failed typo step leaves one row.
    let pending: { at: number; stage: NameStage; typo: NameLookup }[] = [];
    const chunk = deps.chunkDb;
    const flush = () => {
      if (chunk === undefined || pending.length === 0) return;
      const group = pending;
      pending = [];
      const steps = chunkTypoSteps(
        chunk,
        accountId,
        group.map(({ at }) => ({ searchName: prepared[at]?.wanted ?? '', countryIsoAlpha3: prepared[at]?.query.countryIsoAlpha3 ?? null })),
        POOL,
      ).catch(() => []);
      group.forEach(({ stage, typo }, i) => {
        stage.typo = { rows: typo.rows, corrected: () => steps.then((found) => (found[i] === undefined ? [] : found[i]())) };
      });
    };
    const named = await inLanes(prepared, async (row, at) => {
      const stage = await nameStage(accountId, row);
      if (stage.typo !== undefined) {
        pending.push({ at, stage, typo: stage.typo });
        if (pending.length >= TYPO_GROUP) flush();
      }
      return stage;
    });
    flush();
    // Then each row's decision, and the word-overlap stage of the rows that take it: one statement for each
    // OVERLAP_GROUP of them (the chunk's `overlaps`), sent as soon as the group is full, else each row's own.
    let waiting: { at: number; words: string[] }[] = [];
    const overlapOf = new Map<number, () => Promise<QuickSearchRow[]>>();
    const send = () => {
      if (chunk === undefined || waiting.length === 0) return;
      const group = waiting;
      waiting = [];
      const found = chunkOverlaps(
        chunk,
        accountId,
        group.map(({ at, words }) => ({ words, countryIsoAlpha3: prepared[at]?.query.countryIsoAlpha3 ?? null })),
        POOL,
      );
      // Awaited by each of its rows below: a failure fails the chunk (as a row's own failed statement), never unhandled.
      found.catch(() => undefined);
      group.forEach(({ at }, i) => overlapOf.set(at, () => found.then((rows) => rows[i] ?? [])));
    };
    const first = await inLanes(prepared, async (row, at) => {
      const result = await matchOne(accountId, row, named[at] ?? { byIdentifier: [], byWebsite: [], nameRows: [] }, judgements[at] ?? []);
      const overlap = result.overlap;
      if (overlap !== undefined) {
        if (chunk === undefined)
          overlapOf.set(at, () => deps.lookups.byWords({ accountId, countryIsoAlpha3: row.query.countryIsoAlpha3, words: overlap.words, poolSize: POOL }));
        else {
          waiting.push({ at, words: overlap.words });
          if (waiting.length >= OVERLAP_GROUP) send();
        }
      }
      return result;
    });
    send();
    const decided = await inLanes(prepared, async (row, at) => {
      const result = first[at];
      const overlap = overlapOf.get(at);
      if (result === undefined) throw new Error(`row ${at} was not matched`);
      if (result.overlap === undefined || overlap === undefined) return result.decided;
      return withOverlap(row, result.decided, result.overlap.subjects, await overlap(), judgements[at] ?? []);
    });
    return decided.map((result, at) => ({
      ...result,
      identifierIssue: rowIdentifierIssue(rows[at] ?? { name: '', country: null, identifier: null, website: null }),
    }));
  };

  /** `work` for every item, `concurrency` at a time, answered in the items' order. */
  async function inLanes<T, R>(items: readonly T[], work: (item: T, at: number) => Promise<R>): Promise<R[]> {
    const results = new Array<R>(items.length);
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const at = next;
        next += 1;
        results[at] = await work(items[at] as T, at);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
    return results;
  }
}
