/**
 * The typo step's corrected whole names (spec: POST /api/organisations/quick-search, rule 1: the fuzzy name
 * lookup; decision 0015): the query with its typos corrected, whole, looked up as name and alias prefixes (b-tree
 * ranges) before the every-word branches of the corrected words (typo-step.ts); at most MAX_CORRECTED_PREFIXES.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FUZZY_MIN_LENGTH } from './every-word-branches';
import type { WordCorrections } from './word-corrections';

/** At most this many corrected whole queries are looked up as name prefixes. */
export const MAX_CORRECTED_PREFIXES = 16;
/** Score of a row whose name starts with a corrected query (above every-word matches of corrected words). */
const CORRECTED_PREFIX_SCORE = 0.85;
const CORRECTED_EXACT_SCORE = 0.87;

/**
 * The query with its typos corrected, whole, as name prefixes to look up (b-tree ranges, cheap, in name
 * order): every unknown word replaced by one of its corrections (none: no prefix), known words kept or
 * replaced by their one-edit neighbours (a typo that spelled another real word: "grup", "bramble"). A common corrected word ("group", "sands") makes the every-word branch return an arbitrary
 * handful of thousands of names; the whole corrected name finds "santos" or "rea group" itself.
 */
export function correctedPrefixes(
  words: readonly string[],
  alternatives: readonly (readonly string[])[],
  corrections: WordCorrections,
  lookedUpAlready: string = words.join(' '),
): string[] {
  const everyWordKnown = words.every((w) => w.length < FUZZY_MIN_LENGTH || corrections.known.has(w));
  const positions: string[][] = [];
  for (const [i, word] of words.entries()) {
    const options = alternatives[i] ?? [word];
    if (word.length < FUZZY_MIN_LENGTH) positions.push([word]);
    else if (corrections.known.has(word) && everyWordKnown) positions.push([...options]);
    // A known word next to unknown ones may be a typo too ("grup" for "group"): its one-edit neighbours as well.
    else if (corrections.known.has(word)) positions.push([word, ...(corrections.oneEdit.get(word) ?? []).sort().slice(0, 3)]);
    else {
      const replaced = options.filter((w) => w !== word);
      if (replaced.length === 0) return [];
      positions.push(replaced);
    }
  }
  let combos: string[][] = [[]];
  for (const options of positions) {
    combos = combos.flatMap((combo) => options.map((w) => [...combo, w])).slice(0, MAX_CORRECTED_PREFIXES * 4);
  }
  return [...new Set(combos.map((c) => c.join(' ')))].filter((c) => c !== lookedUpAlready).slice(0, MAX_CORRECTED_PREFIXES);
}

/**
 * Names and aliases starting with one of `prefixes` (exact equality scored a little higher), 10 per prefix: one
 * branch over the array of prefixes, each looked up by a lateral b-tree range, so the statement is the same whatever
 * the number of prefixes (planned once per connection as a prepared statement, where a branch per prefix made a new
 * statement of up to 12 KB for each number, planned anew: 3 ms at 1M organisations).
 */
export function prefixBranches(prefixes: readonly string[], where: SQL, prefixScore = CORRECTED_PREFIX_SCORE, exactScore = CORRECTED_EXACT_SCORE): SQL {
  const perPrefix = 10;
  return sql`
    (select p.id, p.score, p.alias
       from unnest(${sql.param([...prefixes])}::text[]) as q(prefix)
       cross join lateral (
         (select o.id, case when o.search_name = q.prefix then ${exactScore}::real else ${prefixScore}::real end as score, null::text as alias
            from organisations o
           where o.search_name ~>=~ q.prefix and o.search_name ~<~ (q.prefix || chr(1114111)) and ${where}
           order by o.search_name using ~<~ limit ${perPrefix})
         union all
         (select o.id, case when a.search_value = q.prefix then ${exactScore}::real else ${prefixScore}::real end as score, a.search_value as alias
            from organisation_aliases a join organisations o on o.id = a.organisation_id
           where a.search_value ~>=~ q.prefix and a.search_value ~<~ (q.prefix || chr(1114111)) and ${where}
           order by a.search_value using ~<~ limit ${perPrefix})
       ) p)`;
}
