/**
 * The candidates' match, relevance floor and order (the quick lookup's rule 10, after the spec's nine;
 * decisions 0007 and 0016). Every candidate carries its `match` (core/match-confidence.ts: assessMatch of the
 * query, read by matchQueryOfSearch, against the row's name, matched alias, matched identifier, website and
 * country). Candidates are ordered by match score (ties: the more similar name, then exact lookups first, then the
 * name lookup's order),
 * except that names the query begins only mid-word rank after those it begins with whole words (decision 0016),
 * and a candidate scored below RELEVANCE_FLOOR is not returned unless the query begins its name or alias (a name
 * being typed), the typo step's corrections explain every word of it (decision 0007), or its name shares a rare word
 * with the query (the word-overlap stage's weights, decision 0021; issue 20: "always yields that name"). At most
 * one candidate is decided a match, none when the best cannot be told apart (core/one-match.ts,  issue 20 section 3), and
 * every runner-up under the match threshold is scored as a runner-up (core/runner-up-calibration.ts, decision 0022).
 * An organisation the register lists as inactive (dissolved, cancelled...) is never decided a match and ranks
 * right after an active namesake (core/registry-status.ts; issue 20, section 4).
 */
import { searchName } from '../../core/canonical-name';
import type { Match } from '../../core/match';
import { assessMatch, clearsRelevanceFloor, isExactMatch, nameEvidence, prefixReading, type MatchQuery, type MatchSubject } from '../../core/match-confidence';
import { atMostOneMatch } from '../../core/one-match';
import { activeBeforeInactiveNamesakes, undecidedWhenInactive } from '../../core/registry-status';
import { withRunnersUpScored } from '../../core/runner-up-calibration';
import type { KeyedRow } from './de-duplication';
import type { IdentifierRow, QuickSearchRow } from './ports';

/** Words this long or longer, held as typed by a candidate, are not read as typos of another word (assessMatch's bound). */
const MIN_PROTECTED_WORD_LENGTH = 4;

/** What the use case knows of a row for its match: its name, the alias and identifier it was found by, website, country. */
function subjectOf(row: QuickSearchRow | IdentifierRow): MatchSubject {
  return {
    name: row.name,
    otherNames: row.matchedAlias === null ? [] : [otherNameOf(row.matchedAlias, row.matchedAliasKind, row.matchedAliasValue)],
    identifiers: 'matchedIdentifier' in row ? [row.matchedIdentifier] : [],
    website: row.website,
    countryIsoAlpha3: row.countryIsoAlpha3,
  };
}

/** The matched alias as an other name: a former name as stored ("Arrowhead Research Corporation"), an alias as matched. */
function otherNameOf(
  searchValue: string,
  kind: QuickSearchRow['matchedAliasKind'],
  value: string | undefined,
): NonNullable<MatchSubject['otherNames']>[number] {
  return kind === 'former_name' ? { value: value ?? searchValue, kind: 'former_name' } : { value: searchValue, kind: 'alias' };
}

/**
 * A row the typo step found by correcting the query's words, whose name (or matched alias) holds every word of the
 * corrected query: the retrieval explains it word by word, so it is kept even when its score is under the floor
 * (two typos in one word leave too little similarity for the score). A row found once uncorrectable words were
 * left out ("qzxv nonexistent widgets") is not explained: those words are in no name.
 */
function explainedByCorrections(row: QuickSearchRow | IdentifierRow, wanted: string): boolean {
  const corrections = 'corrections' in row ? (row.corrections ?? []) : [];
  if (corrections.length === 0) return false;
  const corrected = new Map(corrections.map((c) => [c.from, c.to]));
  const words = new Set([...searchName(row.name).split(' '), ...(row.matchedAlias ?? '').split(' ')]);
  return wanted
    .split(' ')
    .filter((w) => w !== '')
    .every((w) => words.has(corrected.get(w) ?? w));
}

/**
 * Rule 10: each row's match; rows below the relevance floor dropped, except a name still being typed (the
 * query's search form begins the row's name or alias); the rest by score, stable on ties.
 */
export function byMatch(
  rows: KeyedRow[],
  query: MatchQuery,
  wanted: string,
  sharingRareWord: ReadonlySet<string> = new Set(),
): (KeyedRow & { match: Match })[] {
  const queryForm = query.name.trim() === '' ? '' : searchName(query.name);
  const scored = rows
    .map((keyed) => ({ ...keyed, subject: subjectOf(keyed.row) }))
    .map(({ subject, ...keyed }) => ({ ...keyed, subject, match: undecidedWhenInactive(assessMatch(query, subject), keyed.row.registryStatus) }));
  // A name sharing a rare word with the query is always a candidate (issue 20), under the floor too, after the rows
  // that clear it (its score is under theirs): "Chengdu Huaqi Houpu Holding" -> "Houpu Clean Energy", "Megvii" ->
  // "Beijing Megvii Technology", "PJSC Slavneft" -> "... Oil and Gas Company Slavneft" beside "PJSC Slavneft-Yanos".
  // So is a name holding every word of a query of two words or more as typed, however long it is ("Central Institute
  // of Aviation Motors" in "Federal Autonomous Institution Central Institute of Engine-Building ...; Central Institute
  // of Aviation Motors (CIAM)").
  const sharesRareWord = (row: KeyedRow['row']) => row.overlap?.sharesRareWord === true || sharingRareWord.has(row.id);
  const queryWords = [...new Set(wanted.split(' ').filter((w) => w !== ''))];
  const wordsOfRow = (row: KeyedRow['row']) => new Set([...row.searchName.split(' '), ...(row.matchedAlias ?? '').split(' ')]);
  const holdsEveryWord = (row: KeyedRow['row']) => queryWords.length > 1 && queryWords.every((w) => wordsOfRow(row).has(w));
  const kept = scored
    .filter(
      ({ row, match, subject }) =>
        clearsRelevanceFloor(query, subject, match) || explainedByCorrections(row, wanted) || sharesRareWord(row) || holdsEveryWord(row),
    )
    .map((scored) => ({
      ...scored,
      reading: prefixReading(queryForm, [scored.row.searchName, ...(scored.row.matchedAlias === null ? [] : [scored.row.matchedAlias])]),
    }));
  // A query that is the first whole words of some names is read as those names before names it begins inside a
  // word ("silver": "Silver Fern Farms" before "Silverton Bay", whose shorter alias scores higher): a name begun
  // mid-word, not explained by a typo, identifier or website, ranks after the lowest whole-word one (decision 0016).
  const wordScores = kept.filter((r) => r.reading === 'word').map((r) => r.match.score);
  const lowestWord = wordScores.length === 0 ? undefined : Math.min(...wordScores);
  const demoted = (r: (typeof kept)[number]) =>
    lowestWord !== undefined && r.reading === 'mid-word' && r.match.matchedOn.corrections.length === 0 && !isExactMatch(r.match);
  // A typo correction never replaces a word that exists as typed (issue 20): when every word of the query is in some
  // candidate's name as typed, a row that read a query word as another word ranks after the rows holding that word
  // as typed which share as many of the query's words as typed ("vistra energy": "Vistra Corp." before "Clarke Vista
  // Energy"; "krellmoor bat traders" still reads "bat" as "bay", since "Sallowfen Bat Rescue" shares one word of three).
  // A word under MIN_PROTECTED_WORD_LENGTH letters is not protected ("CAT Group" reads as "CAR Group" before "Cat Cafe").
  const rowWords = new Map(kept.map((r) => [r, wordsOfRow(r.row)]));
  const typedShared = (r: (typeof kept)[number]) => queryWords.filter((w) => rowWords.get(r)?.has(w)).length;
  const everyWordHeld = queryWords.length > 1 && queryWords.every((w) => kept.some((r) => rowWords.get(r)?.has(w)));
  const heldAsTypedBelow = (r: (typeof kept)[number]): number => {
    if (!everyWordHeld || isExactMatch(r.match)) return Infinity;
    const replaced = new Set(
      [...r.match.matchedOn.corrections, ...(r.row.corrections ?? [])].map((c) => c.from).filter((w) => w.length >= MIN_PROTECTED_WORD_LENGTH),
    );
    const shared = typedShared(r);
    const holders = kept.filter((h) => h !== r && [...replaced].some((w) => rowWords.get(h)?.has(w)) && typedShared(h) >= shared);
    return holders.length === 0 ? Infinity : Math.min(...holders.map((h) => h.match.score));
  };
  const ownRank = (r: (typeof kept)[number]) => {
    const byWords = demoted(r) ? Math.min(r.match.score, lowestWord ?? 0) - 0.5 : r.match.score;
    return Math.min(byWords, heldAsTypedBelow(r) - 0.25);
  };
  // The word-overlap stage's rows (decision 0021) come after the name steps' rows, unless they hold as typed a word
  // that one of those read as another word ("Vistra Corp." for the typo step's "vistra" -> "vista").
  const nameStepRows = kept.filter((r) => r.row.overlap === undefined);
  const lowestNameStep = nameStepRows.length === 0 ? Infinity : Math.min(...nameStepRows.map(ownRank));
  const replacedByNameSteps = new Set(
    nameStepRows
      .flatMap((r) => [...r.match.matchedOn.corrections, ...(r.row.corrections ?? [])].map((c) => c.from))
      .filter((w) => w.length >= MIN_PROTECTED_WORD_LENGTH),
  );
  const rank = (r: (typeof kept)[number]) => {
    if (r.row.overlap === undefined || [...replacedByNameSteps].some((w) => rowWords.get(r)?.has(w))) return ownRank(r);
    return Math.min(ownRank(r), lowestNameStep - 0.1);
  };
  const ranks = new Map(kept.map((r) => [r, rank(r)]));
  // Equal scores: exact matches first (the lookups' order), then names the query begins with whole words (decision
  // 0016), then the more similar name (names capped at the same score under the threshold, decision 0022), then the
  // lookups' order.
  const tieOrder = (r: (typeof kept)[number]) =>
    isExactMatch(r.match) ? 3 : (r.reading === 'word' ? 1 : 0) + (nameEvidence(query.name, r.subject).best?.raw ?? 0);
  const similarity = new Map(kept.map((r) => [r, tieOrder(r)]));
  const sorted = kept
    .sort((a, b) => (ranks.get(b) ?? 0) - (ranks.get(a) ?? 0) || (similarity.get(b) ?? 0) - (similarity.get(a) ?? 0))
    .map(({ row, key, match }) => ({ row, key, match }));
  const ordered = activeBeforeInactiveNamesakes(
    sorted,
    (r) => r.row.name,
    (r) => r.row.registryStatus,
  );
  // A runner-up is right far less often than the first at the same similarity: scored as one (decision 0022).
  return withRunnersUpScored(atMostOneMatch(ordered, { name: (c) => c.row.name, countryIsoAlpha3: (c) => c.row.countryIsoAlpha3 }));
}
