/**
 * The candidate's country (spec: POST /api/organisations/quick-search, rule 8: "A candidate's `countryIsoAlpha3`
 * is the organisation's first country code, else the country filter, else ''. The raw GLO value never appears on
 * a candidate."). GLO is no filter (rule 5), so a countryless organisation found under GLO gets ''.
 */
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import type { QuickSearchRow } from './ports';

/** The organisation's country, else the requested country unless it is GLO, else ''. */
export function candidateCountry(row: QuickSearchRow, requestedCountry: string): string {
  return row.countryIsoAlpha3 ?? (requestedCountry === GLOBAL_SEARCH_SCOPE ? '' : requestedCountry);
}
