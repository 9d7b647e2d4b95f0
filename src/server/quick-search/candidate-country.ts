/**
 * The candidate's country (spec: POST /api/organisations/quick-search, rule 8: "A candidate's `countryIsoAlpha3`
 * is the organisation's first country code, else the country filter, else ''. The raw GLO value never appears on
 * a candidate."). The use case passes GLO as no filter (null), so GLO never reaches a candidate.
 */
import type { QuickSearchRow } from './ports';

/** The organisation's country, else the country filter (null under GLO), else ''. */
export function candidateCountry(row: QuickSearchRow, filter: string | null): string {
  return row.countryIsoAlpha3 ?? filter ?? '';
}
