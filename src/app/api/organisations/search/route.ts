/**
 * POST /api/organisations/search: the streamed registry plus agent search (spec: Endpoints).
 * Account (401) -> rate limit (429 + Retry-After) -> body validation (400) -> NDJSON stream of StreamItems;
 * all three answers are ordinary JSON before the first byte. The rate-limit check, the body's validation
 * and the account's flag lookups overlap (each costs a round trip), but every authenticated request is
 * counted and an over-limit request answers 429 whatever its body. The stream stops when the client
 * aborts or at the 60 s limit, where it simply ends (no error line).
 */
import { ndjsonResponse } from '../../../http/ndjson';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { searchRequestSchema } from '../../../../server/search/search-request';

export const dynamic = 'force-dynamic';
/** Spec: Limits, search route maximum duration (seconds). */
export const maxDuration = 60;

export const POST = withAccount(async (request, { accountId, container, log }) => {
  const search = container.searchOrganisations;
  const rateLimited = container.searchRateLimiter.consumeOrThrow(accountId);
  rateLimited.catch(() => undefined); // awaited on every path below; this only keeps it from being "unhandled" meanwhile
  const body = await parseJsonBodyOrThrow(request, searchRequestSchema).catch(async (invalid: unknown) => {
    await rateLimited; // over the limit: 429 wins over 400
    throw invalid;
  });
  const cancelled = new AbortController();
  const signal = AbortSignal.any([request.signal, cancelled.signal, AbortSignal.timeout(maxDuration * 1000)]);
  const items = search.stream(body, { accountId }, signal);
  await rateLimited;
  return ndjsonResponse(items, { log, onCancel: () => cancelled.abort() });
});
