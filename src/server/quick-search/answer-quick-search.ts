/**
 * The quick lookup's whole answer (POST /api/organisations/quick-search): the internal candidates (quick-search.ts)
 * and, for a query written like an ABN, ACN, LEI or NZBN whose check digit fails, `identifierSuggestions`: the
 * valid identifiers one digit-edit away that organisations visible to the account carry
 * (../identifiers/suggest-identifiers.ts). Both run concurrently on the database.
 *
 * Such a query also answers `identifierIssue`: the identifier and the message saying it is not valid ("73 434 904 927
 * is not a valid ABN: its check digit fails"), so the answer never says just "No organisations found".
 *
 * The fields are present only for such a query (an empty list means "nothing near it is known"). The suggestions
 * are a help, never a reason to fail: when their query fails the answer is the candidates alone (logged), and a
 * failing candidate lookup still rejects as before (the route answers 503).
 *
 * The request body ("{query: string, countryIsoAlpha3: string}, same validation as the search route"): the streamed
 * search's field schemas, except that an empty or blank query is accepted and answers 200 `{candidates: []}` (rule 1,
 * "returns [] for empty or blank query"; a typeahead clearing its input must not see a 400).
 */
import { z } from 'zod';
import type { QuickSearchAnswer } from '../../core/candidates';
import { mistypedIdentifierMessage } from '../../core/identifiers';
import type { SuggestIdentifiers } from '../identifiers/suggest-identifiers';
import { countryIsoAlpha3Schema, trimmedQuerySchema } from '../search/search-request';
import type { QuickSearch, QuickSearchInput } from './quick-search';
import type { Log } from '../ports';

export const quickSearchRequestSchema = z.object({
  query: trimmedQuerySchema,
  countryIsoAlpha3: countryIsoAlpha3Schema,
});
export type QuickSearchRequest = z.infer<typeof quickSearchRequestSchema>;

export interface AnswerQuickSearch {
  execute(input: QuickSearchInput): Promise<QuickSearchAnswer>;
}

export function createAnswerQuickSearch(deps: { quickSearch: QuickSearch; suggestIdentifiers: SuggestIdentifiers; log: Pick<Log, 'warn'> }): AnswerQuickSearch {
  return {
    async execute(input) {
      const [mistyped] = deps.suggestIdentifiers.mistyped(input.query);
      if (mistyped === undefined) return { candidates: await deps.quickSearch.execute(input) };
      const identifierIssue = { ...mistyped, message: mistypedIdentifierMessage(mistyped) };
      const suggestions = deps.suggestIdentifiers.fromDatabase(input).then(
        (found) => found.flatMap((f) => f.suggestions),
        (error: unknown) => {
          deps.log.warn({ err: error }, 'identifier suggestions failed; answering the candidates alone');
          return undefined;
        },
      );
      const [candidates, identifierSuggestions] = await Promise.all([deps.quickSearch.execute(input), suggestions]);
      return identifierSuggestions === undefined ? { candidates, identifierIssue } : { candidates, identifierIssue, identifierSuggestions };
    },
  };
}
