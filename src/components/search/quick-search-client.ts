/**
 * The browser's client for POST /api/organisations/quick-search (same-origin, the session cookie
 * authenticates). The answer is validated; every failure comes back as a value with a message to show.
 */
import { z } from 'zod';
import { quickSearchAnswerSchema, type IdentifierIssue, type IdentifierSuggestion, type InternalQuickSearchCandidate } from '../../core/candidates';

const errorAnswer = z.object({ error: z.string() });

export type QuickSearchOutcome =
  | { ok: true; candidates: InternalQuickSearchCandidate[]; identifierIssue: IdentifierIssue | null; identifierSuggestions: IdentifierSuggestion[] }
  | { ok: false; reason: 'unauthorized' | 'rate_limited' | 'unavailable' | 'invalid' | 'failed'; message: string };

export async function quickSearch(
  params: { query: string; countryIsoAlpha3: string },
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<QuickSearchOutcome> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch('/api/organisations/quick-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: params.query, countryIsoAlpha3: params.countryIsoAlpha3 }),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return { ok: false, reason: 'failed', message: 'Cannot reach the server. Check your connection and try again.' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = quickSearchAnswerSchema.safeParse(body);
    return parsed.success
      ? {
          ok: true,
          candidates: parsed.data.candidates,
          identifierIssue: parsed.data.identifierIssue ?? null,
          identifierSuggestions: parsed.data.identifierSuggestions ?? [],
        }
      : { ok: false, reason: 'failed', message: 'The search answered something unexpected. Try again.' };
  }
  const serverMessage = errorAnswer.safeParse(body);
  switch (response.status) {
    case 400:
      return { ok: false, reason: 'invalid', message: serverMessage.success ? serverMessage.data.error : 'That search is not valid.' };
    case 401:
      return { ok: false, reason: 'unauthorized', message: 'Your session has ended. Sign in again.' };
    case 429:
      return { ok: false, reason: 'rate_limited', message: 'Too many searches; wait a moment and try again.' };
    case 503:
      return { ok: false, reason: 'unavailable', message: 'Search is temporarily unavailable. Try again shortly.' };
    default:
      return { ok: false, reason: 'failed', message: 'The search failed. Try again.' };
  }
}
