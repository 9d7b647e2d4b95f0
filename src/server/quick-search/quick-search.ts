/**
 * Quick search (spec: POST /api/organisations/quick-search, rules 1 to 9): the internal-only lookup.
 *
 * 1. A fuzzy name lookup over names and aliases always runs (blank query: []); its pool is re-ranked
 *    here by Jaro-Winkler of the name query against the name and the matched alias, ties by name.
 *    The name query is `searchName(query)`, except for a query that looks like a website, whose name query
 *    is its brand label (`https://www.acme-widgets.com.au/` -> "acme widgets"): the raw URL's words
 *    ("https www ... com") are never looked for in names. The lookup has two steps: exact spelling
 *    (`byName`) and, only when that found nothing AND the identifier and website lookups found nothing
 *    too, the typo step (its `corrected()`); also when the exact spelling found only rows under the
 *    relevance floor (rule 10), so the answer would be []. A query without a letter (an identifier) has no typo step.
 * 2. A query with a digit also runs an identifier lookup on `normaliseIdentifierValue(query)`.
 * 3. A query that looks like a URL or domain also runs a website lookup on `normaliseWebsiteHost(query)`.
 * 4. The lookups run concurrently, each scoped to the account by the adapter's WHERE clause.
 * 5. A country scopes every lookup; GLO applies no filter.
 * 6. De-duplication by `<key>#<orgId>`; a base key the caller owns hides the global rows with that key.
 * 7. `accountLinked` comes from one batched membership check; if it fails, all false and still a result.
 * 8. countryIsoAlpha3 = the organisation's country, else the filter, else '' (never GLO).
 * 9. Every candidate is `_type: 'internal'`, `source: 'internal'`.
 *
 * 10. Every candidate carries its `match` (core/match-confidence.ts: assessMatch of the query, read by
 *     matchQueryOfSearch, against the row's name, matched alias, matched identifier, website and country).
 *     Candidates are ordered by match score (ties: exact lookups first, then the name lookup's order), except
 *     that names the query begins only mid-word rank after those it begins with whole words (decision 0016), and a
 *     candidate scored below RELEVANCE_FLOOR is not returned unless the query begins its name or alias (a
 *     name being typed) (decision 0007).
 *
 * At most `limit` candidates. A failing lookup rejects with the adapter's UnavailableError (the route
 * answers 503 `{candidates: []}`).
 */
import type { InternalQuickSearchCandidate } from '../../core/candidates';
import { keyName, searchName, searchNameWithoutLegalFormWords } from '../../core/canonical-name';
import { compositeKey } from '../../core/composite-key';
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { normaliseIdentifierValue, queryHasDigit } from '../../core/identifiers';
import type { Match } from '../../core/match';
import {
  assessMatch,
  clearsRelevanceFloor,
  isExactMatch,
  matchQueryOfSearch,
  prefixReading,
  type MatchQuery,
  type MatchSubject,
} from '../../core/match-confidence';
import { jaroWinkler } from '../../core/similarity';
import { normaliseWebsiteHost, registrableDomain } from '../../core/website';
import type { LogoService } from '../logo/logo-service';
import type { AccountMembership, IdentifierRow, NameLookup, QuickSearchLog, QuickSearchLookups, QuickSearchRow } from './ports';

/** How many name matches the database hands over for re-ranking, whatever the limit. */
export const NAME_POOL_SIZE = 50;

export interface QuickSearchInput {
  accountId: string;
  /** Already trimmed and validated (at most 200 characters). */
  query: string;
  /** A real ISO alpha-3 country or GLO. */
  countryIsoAlpha3: string;
}

export interface QuickSearch {
  execute(input: QuickSearchInput): Promise<InternalQuickSearchCandidate[]>;
}

export interface QuickSearchDependencies {
  lookups: QuickSearchLookups;
  membership: AccountMembership;
  logo: LogoService;
  log: QuickSearchLog;
  /** How many candidates at most (QUICK_SEARCH_LIMIT, 10 by default). */
  limit: number;
}

interface ScoredRow {
  row: QuickSearchRow | IdentifierRow;
  score: number;
}

export function createQuickSearch(deps: QuickSearchDependencies): QuickSearch {
  return {
    async execute({ accountId, query, countryIsoAlpha3 }) {
      const trimmed = query.trim();
      if (trimmed === '') return [];
      const filter = countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE ? null : countryIsoAlpha3;
      const scope = { accountId, countryIsoAlpha3: filter };
      const identifier = queryHasDigit(trimmed) ? normaliseIdentifierValue(trimmed) : '';
      const websiteDomain = normaliseWebsiteHost(trimmed);
      const wanted = websiteDomain === undefined ? searchName(trimmed) : brandOf(websiteDomain);
      const alternative = websiteDomain === undefined ? searchNameWithoutLegalFormWords(trimmed)?.searchName : undefined;
      const none: Promise<never[]> = Promise.resolve([]);
      const noName: Promise<NameLookup> = Promise.resolve({ rows: [], corrected: async () => [] });

      const [nameLookup, byIdentifier, byWebsite] = await Promise.all([
        wanted === ''
          ? noName
          : deps.lookups.byName({ ...scope, searchName: wanted, alternativeSearchName: alternative, poolSize: Math.max(NAME_POOL_SIZE, deps.limit) }),
        identifier === '' ? none : deps.lookups.byIdentifier({ ...scope, valueNormalised: identifier, limit: deps.limit }),
        websiteDomain === undefined ? none : deps.lookups.byWebsite({ ...scope, websiteDomain, limit: deps.limit }),
      ]);
      const matchQuery = matchQueryOfSearch(trimmed, filter);
      const candidatesOf = (byName: QuickSearchRow[]) => {
        const ranked = [...byIdentifier, ...byWebsite].map((row) => ({ row, score: 2 }));
        ranked.push(...rankByName(byName, trimmed, wanted, alternative));
        return byMatch(withoutHiddenGlobalRows(deduplicate(ranked, filter)), matchQuery, wanted).slice(0, deps.limit);
      };
      const foundExactly = nameLookup.rows.length > 0 || byIdentifier.length > 0 || byWebsite.length > 0;
      const typoStep = HAS_LETTER.test(wanted) && byIdentifier.length === 0 && byWebsite.length === 0;
      let candidates = candidatesOf(foundExactly || !typoStep ? nameLookup.rows : await nameLookup.corrected());
      // The exact spelling found only rows under the relevance floor (a short mistyped word read as part of
      // other words: "tat motors" in "... Estate Motors", "ign" in "... Signal ..."): the typo step as well.
      if (candidates.length === 0 && nameLookup.rows.length > 0 && typoStep) candidates = candidatesOf(await nameLookup.corrected());
      const linked = await linkedOrThrowNothing(
        deps,
        accountId,
        candidates.map((c) => c.row.id),
      );
      return candidates.map(({ row, key, match }) => ({
        _type: 'internal',
        canonicalName: row.name,
        description: row.description ?? '',
        countryIsoAlpha3: row.countryIsoAlpha3 ?? filter ?? '',
        key,
        existingOrgId: row.id,
        source: 'internal',
        logo: deps.logo.logoFor(row.website),
        website: row.website,
        accountLinked: linked.has(row.id),
        match,
      }));
    },
  };
}

const HAS_LETTER = /\p{L}/u;

/**
 * The name query of a website query: the search form of its registrable domain's first label, dashes as
 * spaces (`shop.acme-widgets.co.uk` -> "acme widgets"); '' when the host has no registrable domain.
 */
function brandOf(websiteDomain: string): string {
  const label = registrableDomain(websiteDomain)?.split('.')[0] ?? '';
  return searchName(label.replace(/-/g, ' '));
}

/**
 * Jaro-Winkler of the query's search forms (as typed, as corrected for this row, without trailing legal-form
 * words, and punctuation-free) against the name and the matched alias, best of them; ties by Jaro-Winkler of
 * the whole key forms (legal forms kept: "Rio Tinto plc" before "Rio Tinto Limited" for a query naming the
 * plc), then by name.
 */
function rankByName(rows: QuickSearchRow[], query: string, wanted: string, alternative: string | undefined): ScoredRow[] {
  const queryKey = keyName(query);
  const scored = rows.map((row) => {
    const forms = [wanted, corrected(wanted, row.corrections), ...(alternative === undefined ? [] : [alternative, corrected(alternative, row.corrections)])];
    const targets = row.matchedAlias === null ? [row.searchName] : [row.searchName, row.matchedAlias];
    let score = 0;
    for (const form of forms) {
      for (const target of targets) {
        score = Math.max(score, jaroWinkler(form, target), jaroWinkler(form.replace(/ /g, ''), target.replace(/ /g, '')));
      }
    }
    return { row, score, tie: jaroWinkler(queryKey, keyName(row.name)) };
  });
  return scored
    .sort((a, b) => b.score - a.score || b.tie - a.tie || a.row.name.localeCompare(b.row.name) || Number(b.row.ownedByAccount) - Number(a.row.ownedByAccount))
    .map(({ row, score }) => ({ row, score }));
}

/** The query's search form with this row's typo corrections applied. */
function corrected(wanted: string, corrections: QuickSearchRow['corrections']): string {
  if (corrections === undefined || corrections.length === 0) return wanted;
  const byWord = new Map(corrections.map((c) => [c.from, c.to]));
  return wanted
    .split(' ')
    .map((word) => byWord.get(word) ?? word)
    .join(' ');
}

/**
 * The key a candidate shows: the stored composite key; for a countryless organisation, the key in the
 * filter's country when there is one (its candidate country, rule 8), else `|<name>` under GLO, which
 * names it uniquely without pretending to a country (no composite key can be built with GLO).
 */
function candidateKey(row: QuickSearchRow, filter: string | null): string {
  if (row.key !== null) return row.key;
  if (filter !== null) {
    try {
      return compositeKey(filter, row.name);
    } catch {
      return `|${row.searchName}`;
    }
  }
  return `|${row.searchName}`;
}

interface KeyedRow {
  row: QuickSearchRow | IdentifierRow;
  key: string;
}

/** Rule 6, first half: one candidate per `<key>#<orgId>`, the best-ranked occurrence kept. */
function deduplicate(ranked: ScoredRow[], filter: string | null): KeyedRow[] {
  const seen = new Set<string>();
  const kept: KeyedRow[] = [];
  for (const { row } of ranked) {
    const key = candidateKey(row, filter);
    const dedupKey = `${key}#${row.id}`;
    if (seen.has(dedupKey)) continue;
    seen.add(dedupKey);
    kept.push({ row, key });
  }
  return kept;
}

/** Rule 6, second half: a base key the caller owns drops every globally visible row with that base key. */
function withoutHiddenGlobalRows(rows: KeyedRow[]): KeyedRow[] {
  const ownedKeys = new Set(rows.filter((r) => r.row.ownedByAccount).map((r) => r.key));
  return rows.filter((r) => r.row.ownedByAccount || !ownedKeys.has(r.key));
}

/**
 * Rule 6, second half, for candidates found outside the quick lookup (batch matching): the caller's own
 * organisation hides the global organisation with the same base key, so a supplier row naming it is not "too
 * close to tell apart" between the account's copy and the global one.
 */
export function withoutGlobalRowsTheCallerOwns<T extends QuickSearchRow>(rows: readonly T[], countryFilter: string | null): T[] {
  const keyed = rows.map((row) => ({ row, key: candidateKey(row, countryFilter) }));
  const ownedKeys = new Set(keyed.filter((k) => k.row.ownedByAccount).map((k) => k.key));
  return keyed.filter((k) => k.row.ownedByAccount || !ownedKeys.has(k.key)).map((k) => k.row);
}

/** What the use case knows of a row for its match: its name, the alias and identifier it was found by, website, country. */
function subjectOf(row: QuickSearchRow | IdentifierRow): MatchSubject {
  return {
    name: row.name,
    otherNames: row.matchedAlias === null ? [] : [{ value: row.matchedAlias, kind: 'alias' }],
    identifiers: 'matchedIdentifier' in row ? [row.matchedIdentifier] : [],
    website: row.website,
    countryIsoAlpha3: row.countryIsoAlpha3,
  };
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
function byMatch(rows: KeyedRow[], query: MatchQuery, wanted: string): (KeyedRow & { match: Match })[] {
  const queryForm = query.name.trim() === '' ? '' : searchName(query.name);
  const kept = rows
    .map((keyed) => ({ ...keyed, subject: subjectOf(keyed.row) }))
    .map(({ subject, ...keyed }) => ({ ...keyed, subject, match: assessMatch(query, subject) }))
    .filter(({ row, match, subject }) => clearsRelevanceFloor(query, subject, match) || explainedByCorrections(row, wanted))
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
  const rank = (r: (typeof kept)[number]) => (demoted(r) ? Math.min(r.match.score, lowestWord ?? 0) - 0.5 : r.match.score);
  return kept.sort((a, b) => rank(b) - rank(a)).map(({ row, key, match }) => ({ row, key, match }));
}

/** Rule 7: one batched check; its failure is logged and leaves every candidate unlinked. */
async function linkedOrThrowNothing(deps: QuickSearchDependencies, accountId: string, organisationIds: string[]): Promise<Set<string>> {
  if (organisationIds.length === 0) return new Set();
  try {
    return await deps.membership.linkedOrganisationIds({ accountId, organisationIds });
  } catch (error) {
    deps.log.warn({ err: error }, 'accountLinked membership check failed; every candidate is unlinked');
    return new Set();
  }
}
