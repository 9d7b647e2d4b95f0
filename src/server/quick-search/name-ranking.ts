/**
 * The name lookup's scoring (spec: POST /api/organisations/quick-search, rule 1: "full-text index on name,
 * Jaro-Winkler scoring"): the pool the database hands over (src/adapters/db/queries/quick-search/name-pool.ts) is
 * re-ranked here by Jaro-Winkler of the name query against the name and the matched alias, ties by name.
 */
import { keyName } from '../../core/canonical-name';
import { jaroWinkler } from '../../core/similarity';
import type { IdentifierRow, QuickSearchRow } from './ports';

/** A row found by a lookup, with its retrieval score (the name lookup's Jaro-Winkler; 2 for an identifier or website). */
export interface ScoredRow {
  row: QuickSearchRow | IdentifierRow;
  score: number;
}

/**
 * Jaro-Winkler of the query's search forms (as typed, as corrected for this row, without trailing legal-form
 * words, and punctuation-free) against the name and the matched alias, best of them; ties by Jaro-Winkler of
 * the whole key forms (legal forms kept: "Rio Tinto plc" before "Rio Tinto Limited" for a query naming the
 * plc), then by name.
 */
export function rankByName(rows: QuickSearchRow[], query: string, wanted: string, alternative: string | undefined): ScoredRow[] {
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
