/**
 * The name lookup's query (spec: POST /api/organisations/quick-search, rule 1: "Always runs a fuzzy name lookup";
 * rule 3: a query that looks like a URL or domain). The name query is `searchName(query)`, and its search form
 * without the legal-form words it ends with (`searchNameWithoutLegalFormWords`) as the alternative; for a query
 * that looks like a website, its brand label (`https://www.acme-widgets.com.au/` -> "acme widgets") and no
 * alternative: the raw URL's words ("https www ... com") are never looked for in names.
 */
import { searchName, searchNameWithoutLegalFormWords } from '../../core/canonical-name';
import { registrableDomain } from '../../core/website';

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
