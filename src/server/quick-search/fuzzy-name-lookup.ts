/**
 * The fuzzy name lookup's query and scoring (spec: POST /api/organisations/quick-search, rule 1: "Always runs a
 * fuzzy name lookup ... full-text index on name, Jaro-Winkler scoring"; rule 3: a query that looks like a URL or
 * domain). The SQL that finds the pool is in src/adapters/db/queries/quick-search/.
 *
 * The name query is `searchName(query)`, and its search form without the legal-form words it ends with
 * (`searchNameWithoutLegalFormWords`) as the alternative; for a query that looks like a website, its brand label
 * (`https://www.acme-widgets.com.au/` -> "acme widgets") and no alternative: the raw URL's words ("https www ...
 * com") are never looked for in names. The pool the database hands over is re-ranked here by Jaro-Winkler of the
 * name query against the name and the matched alias, ties by name.
 */
import { keyName, searchName, searchNameWithoutLegalFormWords } from '../../core/canonical-name';
import { jaroWinkler } from '../../core/similarity';
import { registrableDomain } from '../../core/website';
import type { IdentifierRow, QuickSearchRow } from './ports';

/** The name query (`wanted`) and its legal-form-free alternative of a query, given its website host if it looks like one. */
export function nameQueryOf(query: string, websiteDomain: string | undefined): { wanted: string; alternative: string | undefined } {
  const wanted = websiteDomain === undefined ? searchName(query) : brandOf(websiteDomain);
  const alternative = websiteDomain === undefined ? searchNameWithoutLegalFormWords(query)?.searchName : undefined;
  return { wanted, alternative };
}

/**
 * The name query of a website query: the search form of its registrable domain's first label, dashes as
 * spaces (`shop.acme-widgets.co.uk` -> "acme widgets"); '' when the host has no registrable domain.
 */
function brandOf(websiteDomain: string): string {
  const label = registrableDomain(websiteDomain)?.split('.')[0] ?? '';
  return searchName(label.replace(/-/g, ' '));
}

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
