/**
 * De-duplication (spec: POST /api/organisations/quick-search, rule 6: "De-duplication is by `<key>#<orgId>`. When
 * the caller owns a row sharing a base key, any globally visible row with that base key is dropped."). The key of
 * a countryless organisation is built in the filter's country, its candidate country (rule 8, internal-candidate.ts).
 */
import { compositeKey } from '../../core/composite-key';
import type { ScoredRow } from './fuzzy-name-lookup';
import type { IdentifierRow, QuickSearchRow } from './ports';

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

export interface KeyedRow {
  row: QuickSearchRow | IdentifierRow;
  key: string;
}

/** Rule 6, first half: one candidate per `<key>#<orgId>`, the best-ranked occurrence kept. */
export function deduplicate(ranked: ScoredRow[], filter: string | null): KeyedRow[] {
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
export function withoutHiddenGlobalRows(rows: KeyedRow[]): KeyedRow[] {
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
