/**
 * The NAICS typeahead (spec: NAICS search): only leaf-level codes are offered (level 5, six digits); the term is
 * 2 to 200 characters after trim (shorter answers nothing, longer is refused); at most `limit` rows.
 */
import { ValidationError } from '../../core/errors';
import { NAICS_LEAF_LEVEL, NAICS_TERM_MAX_LENGTH, NAICS_TERM_MIN_LENGTH, type NaicsSearchResult } from '../../core/naics';
import type { NaicsCatalogue } from './ports';

export async function searchNaics(catalogue: NaicsCatalogue, params: { term: string; limit: number }): Promise<NaicsSearchResult[]> {
  const term = params.term.trim();
  if (term.length > NAICS_TERM_MAX_LENGTH) {
    throw new ValidationError([{ field: 'term', rule: 'too_big', message: `The search term must be at most ${NAICS_TERM_MAX_LENGTH} characters` }]);
  }
  if (term.length < NAICS_TERM_MIN_LENGTH) return [];
  return catalogue.searchCodes({ term, level: NAICS_LEAF_LEVEL, limit: params.limit });
}
