/**
 * The flags the search interface depends on (spec "Search surfaces", "Focus panel", "Result display"),
 * evaluated per account on the server and passed down as props. Memoised per request: the layout and the
 * page share one evaluation.
 */
import { cache } from 'react';
import { getContainer } from '../../composition-root';

export interface SearchSurfaceFlags {
  readonly hybridSearch: boolean;
  readonly commandKSearch: boolean;
  readonly devMode: boolean;
}

export const searchSurfaceFlags = cache(async (accountId: string): Promise<SearchSurfaceFlags> => {
  const { flags } = await getContainer();
  const [hybridSearch, commandKSearch, devMode] = await Promise.all([
    flags.isEnabled('hybridSearch', accountId),
    flags.isEnabled('commandKSearch', accountId),
    flags.isEnabled('devMode', accountId),
  ]);
  return { hybridSearch, commandKSearch, devMode };
});
