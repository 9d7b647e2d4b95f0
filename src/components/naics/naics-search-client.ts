/**
 * The typeahead request: GET /api/naics/search?term= with no caching, forwarding the query's abort
 * signal so a superseded request is cancelled. The answer is validated; a failure carries the route's
 * safe `error` message (or a generic one).
 */
import { z } from 'zod';
import { naicsSearchResultSchema, type NaicsSearchResult } from '../../core/naics';
import { NaicsSearchFailedError, SEARCH_FAILED_MESSAGE } from './naics-combobox-state';

const resultsSchema = z.array(naicsSearchResultSchema);
const errorBodySchema = z.object({ error: z.string() });

export function naicsSearchUrl(term: string): string {
  return `/api/naics/search?${new URLSearchParams({ term }).toString()}`;
}

export async function fetchNaicsSuggestions(term: string, signal: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<NaicsSearchResult[]> {
  const response = await fetchImpl(naicsSearchUrl(term), { cache: 'no-store', credentials: 'same-origin', signal, headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    throw new NaicsSearchFailedError(parsed.success ? parsed.data.error : SEARCH_FAILED_MESSAGE);
  }
  const parsed = resultsSchema.safeParse(body);
  if (!parsed.success) throw new NaicsSearchFailedError(SEARCH_FAILED_MESSAGE);
  return parsed.data;
}
