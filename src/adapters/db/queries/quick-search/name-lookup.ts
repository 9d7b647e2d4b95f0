/**
 * The name lookup's exact step (spec: POST /api/organisations/quick-search, rule 1: "Always runs a fuzzy name
 * lookup (limit applied; full-text index on name, Jaro-Winkler scoring)").
 *
 * `organisations.search_name` and `organisation_aliases.search_value` hold `searchName(...)`; the caller passes
 * `searchName(query)`. Two steps, the second run by the use case only when the first finds nothing (or only rows
 * under the relevance floor, decision 0016):
 * - findOrganisationsByName (here): prefix or every word, exact spelling; a few ms at 1M organisations. Its
 *   branches: the name or alias starts with the query, or with one of the query's other forms (prefix-forms.ts),
 *   or contains every word of it, whole or else begun (every-word-branches.ts); cut to the pool in name-pool.ts.
 * - findOrganisationsByCorrectedName (typo-step.ts): typos, through the vocabulary's word corrections
 *   (word-corrections.ts).
 * The former fallback, `search_name % query` over the organisations themselves, was dropped: at 1M rows its
 * GIN bitmap returned ~6,800 candidate rows for a common-word name and cost 50-260 ms.
 */
import { sql } from 'drizzle-orm';
import type { QuickSearchRow } from '../../../../server/quick-search/ports';
import type { Db } from '../../client';
import { executeValueDependent } from '../../prepared-statement';
import { everyWordBranches, FUZZY_MIN_LENGTH, suitsGenericPlan, wordsOf } from './every-word-branches';
import { scoped, toRow, type LookupScopeParams, type RawRow } from './lookup-scope';
import { bestOf } from './name-pool';
import { prefixForms } from './prefix-forms';

/**
 * The exact name lookup: names and aliases that start with the query (b-tree prefix range) or contain every
 * word of it (trigram GIN, AND of all words, which GIN answers by skipping through the rarest trigrams:
 * ~1-5 ms at 1M rows). A query whose words all match exactly wants those organisations, so when this finds
 * anything it is the answer; when it finds nothing the use case runs findOrganisationsByCorrectedName.
 * (Answering the word corrections from this same statement under a one-time filter was tried: it saved
 * ~1 ms on a typo but its planning cost ~1 ms on every other query, measured A/B at 1M organisations.)
 * At most `poolSize` rows, best retrieval score first; the use case re-ranks them by Jaro-Winkler.
 */
export async function findOrganisationsByName(
  db: Db,
  params: LookupScopeParams & { searchName: string; alternativeSearchName?: string; poolSize: number },
): Promise<QuickSearchRow[]> {
  const q = params.searchName;
  const pool = params.poolSize;
  // The prefix range is spelled with the pattern operators, which only the b-tree (text_pattern_ops) index
  // serves, in its order, so the LIMIT stops after `pool` entries. Spelled as LIKE 'q%', the planner could
  // pick the trigram index instead and sort every match: 30 ms for a first word shared by 6,666 names.
  // The range is exact: with byte-wise order, every string from q up to q + U+10FFFF (the highest code
  // point) starts with q (a name continuing with U+10FFFF itself is the only one left out).
  const upper = `${q}\u{10FFFF}`;
  const where = scoped(params);
  const words = wordsOf(q);
  const byWords = words.some((w) => w.length >= FUZZY_MIN_LENGTH);
  // The every-word branches run only when the prefix branches found fewer than `pool` organisations: with a
  // full pool of prefix matches (score 1) no every-word match (0.9) could make the cut, and a one-word query
  // ("sutton") would otherwise build a GIN bitmap of thousands of rows for nothing (InitPlan one-time filter).
  // They are the typo step's every-word branches with each word its only alternative (decision 0031): first the names
  // and other names holding every word of the query whole (a GIN index of whole words, whose few posting lists
  // intersect in well under a millisecond at 1M organisations); then, only when none does and some word can be begun
  // at all (the vocabulary holds a longer word it begins, or it has 3 letters), those where every word begins a word
  // of it or, a 3-letter word, appears anywhere in it (the words each begins listed from the vocabulary and read whole,
  // decision 0032; the trigram GIN indexes when a word begins too many to list, 2-5 ms for two common words): a word
  // still being typed ("lagoon pac"), a word the name has longer ("tech" in "technologies"). So names holding the
  // query's words as typed come before, and then instead of, names where a word is only begun.
  const fewPrefixes = sql`(select count(distinct id) from prefix) < ${pool}`;
  const exact = sql`
    with prefix as (
      (select o.id, 1::real as score, null::text as alias
         from organisations o
        where o.search_name ~>=~ ${q} and o.search_name ~<~ ${upper} and ${where}
        order by o.search_name using ~<~ limit ${pool})
      union all
      (select o.id, case when a.search_value = ${q} then 1.01::real else 1::real end as score, a.search_value as alias
         from organisation_aliases a join organisations o on o.id = a.organisation_id
        where a.search_value ~>=~ ${q} and a.search_value ~<~ ${upper} and ${where}
        order by a.search_value using ~<~ limit ${pool})
      ${prefixForms(params, where)}
    )
    select * from prefix
    ${
      byWords
        ? sql`union all ${everyWordBranches(
            words.map((w) => [w]),
            0.9,
            sql`${fewPrefixes} and ${where}`,
            pool,
            params.accountId,
          )}`
        : sql``
    }`;
  // Planned for its values (the `like` patterns), except on a pool that plans generically (batch matching's) or, when
  // its words suit a generic plan, on the quick lookup's generic companion (decision 0031).
  const found = await executeValueDependent<RawRow>(db, 'qs_exact', bestOf(exact, params, q), !byWords || suitsGenericPlan(words.map((w) => [w])));
  return found.rows.map(toRow);
}
