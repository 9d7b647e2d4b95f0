/**
 * Which searches count against the per-account search limit (spec: Limits; issue 21, section 1). A query that is
 * only an identifier whose check digit fails ("73 434 904 927") reaches no search provider: the registry and the
 * agent are not asked, and the answer is the identifier's issue and its did-you-mean suggestions (a bounded
 * number of look-ups by number). Such a search is not counted; every other search is.
 */
import { readIdentifiers } from './identifiers';

export function countsAgainstSearchLimit(query: string): boolean {
  const reading = readIdentifiers(query);
  return !(reading.mistyped.length > 0 && reading.rest.trim() === '');
}
