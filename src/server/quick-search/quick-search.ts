/**
 * Quick search (spec: POST /api/organisations/quick-search, rules 1 to 9): the internal-only lookup, composed
 * of its parts, one rule per file (the SQL in src/adapters/db/queries/quick-search/):
 *
 * 1. A fuzzy name lookup over names and aliases always runs (blank query: []). Its query and its re-ranking by
 *    Jaro-Winkler: fuzzy-name-lookup.ts. It has two steps: exact spelling (`byName`) and, only when
 *    that found nothing AND the identifier and website lookups found nothing too, the typo step (its
 *    `corrected()`); also when the exact spelling found only rows under the relevance floor (rule 10), so the
 *    answer would be [] (decision 0016). A query without a letter (an identifier) has no typo step. Both steps
 *    are here; their SQL is name-lookup.ts and typo-step.ts. A name written in Cyrillic, Greek, Armenian or
 *    Georgian letters starts the typo step beside the exact step (`eagerTypoStep`); its rows are used only as above.
 * 2. A query with a digit also runs an identifier lookup on its lookup values (`identifierLookupValues`: the identifiers
 *    it names as people type them, labels removed and Companies House numbers padded, and a bare number as typed;
 *    exact-lookups.ts). An identifier named inside a longer query ("Telstra ABN 33 051 775 556") leaves the rest
 *    of the query ("Telstra") to the name lookup (`nameTextOf`).
 * 3. A query that looks like a URL or domain also runs a website lookup on `normaliseWebsiteHost(query)` (exact-lookups.ts).
 * 4. The lookups run concurrently (here), each scoped to the account by the adapter's WHERE clause (lookup-scope.ts).
 * 5. A country scopes every lookup; GLO applies no filter (here: GLO is passed as null; lookup-scope.ts).
 * 6. De-duplication by `<key>#<orgId>`; a base key the caller owns hides the global rows with that key: de-duplication.ts.
 * 7. `accountLinked` comes from one batched membership check; if it fails, all false and still a result.
 * 8. countryIsoAlpha3 = the organisation's country, else the filter, else '' (never GLO).
 * 9. Every candidate is `_type: 'internal'`, `source: 'internal'`. Rules 7 to 9: internal-candidate.ts.
 *
 * 10. Every candidate carries its `match`; candidates are ordered by it and cut at the relevance floor
 *     (decisions 0007 and 0016): match-ranking.ts.
 * 11. The account's remembered decisions about this query (issue 20, section 6): one judged `same` first as the
 *     match (fetched by id when the text did not find it), one judged `different` never a match: judged-candidates.ts.
 * 12. When the name steps hold no match, a name query of two words or more (one word: when the name steps left no
 *     candidate at all) also runs the word-overlap stage (decision 0021): organisations whose names, aliases or former names share the query's rarest word (word-overlap.ts).
 *     A name of two words or more without an identifier or website starts it beside the name steps (decision 0030).
 *     Its rows join the name steps' rows; a row that shares only some words is never a match (core/match-confidence.ts).
 *     A row whose name shares a rare word with the query is a candidate whatever its score, after those that clear
 *     the relevance floor, whichever step found it (match-ranking.ts).
 *
 * At most `limit` candidates. A failing lookup rejects with the adapter's UnavailableError (the route
 * answers 503 `{candidates: []}`).
 */
import type { InternalQuickSearchCandidate } from '../../core/candidates';
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { identifierLookupValues, nameTextOf } from '../../core/identifiers';
import { matchQueryOfSearch } from '../../core/match-confidence';
import { normaliseWebsiteHost } from '../../core/website';
import { hasTransliteratedLetters } from '../../core/transliteration';
import { overlapWords } from '../../core/word-overlap';
import type { LogoService, Log } from '../ports';
import { deduplicate, withoutHiddenGlobalRows } from './de-duplication';
import { nameQueryOf, rankByName } from './fuzzy-name-lookup';
import { linkedOrThrowNothing, toInternalCandidate } from './internal-candidate';
import { withJudgements, type JudgedLookups } from './judged-candidates';
import { byMatch } from './match-ranking';
import type { AccountMembership, NameLookup, QuickSearchLookups, QuickSearchRow } from './ports';

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
  log: Pick<Log, 'warn'>;
  /** How many candidates at most (QUICK_SEARCH_LIMIT, 10 by default). */
  limit: number;
  /** The account's remembered decisions (rule 11); without them none apply. */
  judged?: JudgedLookups;
}

export function createQuickSearch(deps: QuickSearchDependencies): QuickSearch {
  return {
    async execute({ accountId, query, countryIsoAlpha3 }) {
      const trimmed = query.trim();
      if (trimmed === '') return [];
      // Rule 5: GLO is no country filter.
      const filter = countryIsoAlpha3 === GLOBAL_SEARCH_SCOPE ? null : countryIsoAlpha3;
      const scope = { accountId, countryIsoAlpha3: filter };
      // Rules 2 and 3: an identifier lookup for a query with a digit, a website lookup for one that looks like a website.
      const identifierValues = identifierLookupValues(trimmed);
      const websiteDomain = normaliseWebsiteHost(trimmed);
      const nameText = nameTextOf(trimmed);
      const { wanted, alternative } = nameQueryOf(nameText, websiteDomain);
      const none: Promise<never[]> = Promise.resolve([]);
      const noName: Promise<NameLookup> = Promise.resolve({ rows: [], corrected: async () => [] });
      // Rule 4: the lookups run concurrently (and rule 11's judgements with them).
      const poolSize = Math.max(NAME_POOL_SIZE, deps.limit);
      // Rule 12's words: a name's words (one word too: "Megvii" is a word of "Beijing Megvii Technology").
      const words = HAS_LETTER.test(wanted) ? overlapWords([wanted, alternative]) : [];
      // Rule 1's typo step beside the exact step for a name written in another alphabet: its transliteration is
      // rarely the stored spelling letter for letter ("Хоспиталитй" is "khospitaliti"), so the exact spelling
      // mostly misses and the typo step would follow it anyway (the same rows, one round trip fewer).
      const nameOnly = identifierValues.length === 0 && websiteDomain === undefined;
      const eagerTypoStep = HAS_LETTER.test(wanted) && nameOnly && hasTransliteratedLetters(nameText);
      // Rule 12's stage beside the name steps for a name of two words or more (no identifier, no website): it runs
      // whenever the name steps hold no match (a partial, former or namesake name, a name found nowhere), and then
      // its rows are ready instead of a round trip later. Its answer is used only then; a failure only then.
      const overlapOf = () => deps.lookups.byWords({ ...scope, words, poolSize });
      const eagerOverlap = words.length > 1 && nameOnly ? overlapOf() : undefined;
      eagerOverlap?.catch(() => undefined);
      const [nameLookup, byIdentifier, byWebsite, judgements] = await Promise.all([
        wanted === '' ? noName : deps.lookups.byName({ ...scope, searchName: wanted, alternativeSearchName: alternative, poolSize, eagerTypoStep }),
        identifierValues.length === 0 ? none : deps.lookups.byIdentifier({ ...scope, valuesNormalised: identifierValues, limit: deps.limit }),
        websiteDomain === undefined ? none : deps.lookups.byWebsite({ ...scope, websiteDomain, limit: deps.limit }),
        deps.judged === undefined ? Promise.resolve([]) : deps.judged.judgements.forQuery(accountId, { query: trimmed, countryIsoAlpha3: filter }),
      ]);
      const matchQuery = matchQueryOfSearch(trimmed, filter);
      // Rule 1's re-ranking, rule 6's de-duplication, then rule 10's match, floor and order, cut at the limit.
      const candidatesOf = async (rows: QuickSearchRow[], sharingRareWord: ReadonlySet<string> = new Set()) => {
        const found = [...byIdentifier, ...byWebsite].map((row) => ({ row, score: 2 }));
        found.push(...rankByName(rows, nameText, wanted, alternative));
        const matched = byMatch(withoutHiddenGlobalRows(deduplicate(found, filter)), matchQuery, wanted, sharingRareWord);
        // Rule 11: the account's remembered decisions.
        return (await withJudgements(matched, judgements, { lookups: deps.judged, scope, query: matchQuery, filter })).slice(0, deps.limit);
      };
      // Rule 1's two steps: the typo step only when nothing was found exactly.
      const foundExactly = nameLookup.rows.length > 0 || byIdentifier.length > 0 || byWebsite.length > 0;
      const typoStep = HAS_LETTER.test(wanted) && byIdentifier.length === 0 && byWebsite.length === 0;
      let byName = foundExactly || !typoStep ? nameLookup.rows : await nameLookup.corrected();
      let candidates = await candidatesOf(byName);
      // The exact spelling found only rows under the relevance floor (a short mistyped word read as part of
      // other words: "tat motors" in "... Estate Motors", "ign" in "... Signal ..."): the typo step as well.
      if (candidates.length === 0 && nameLookup.rows.length > 0 && typoStep) {
        byName = await nameLookup.corrected();
        candidates = await candidatesOf(byName);
      }
      // Rule 12: the word-overlap rows widen the list only when the name steps found no match; those the name steps
      // did not find come after theirs unless they hold a word as typed that a correction replaced (match-ranking.ts).
      // Every row, whichever step found it, whose name shares a rare word with the query is kept under the floor too.
      // A one-word query runs it only when the name steps left nothing at all: its word is already looked for whole
      // by the exact step, and a word that begins names ("kookaburra") would pay a second statement for nothing.
      const overlapDue = words.length > 1 || (words.length === 1 && candidates.length === 0);
      const byWords = !overlapDue || candidates.some((c) => c.match.match) ? [] : await (eagerOverlap ?? overlapOf());
      if (byWords.length > 0) {
        const named = new Set(byName.map((row) => row.id));
        const sharingRareWord = new Set(byWords.filter((row) => row.overlap?.sharesRareWord === true).map((row) => row.id));
        candidates = await candidatesOf([...byName, ...byWords.filter((row) => !named.has(row.id))], sharingRareWord);
      }
      const linked = await linkedOrThrowNothing(
        deps,
        accountId,
        candidates.map((c) => c.row.id),
      );
      // Rules 8 and 9: the candidate's country, and every candidate internal.
      return candidates.map(({ row, key, match }) =>
        toInternalCandidate(row, key, match, { countryIsoAlpha3, logo: deps.logo, accountLinked: linked.has(row.id) }),
      );
    },
  };
}

const HAS_LETTER = /\p{L}/u;
