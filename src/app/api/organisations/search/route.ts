/**
 * POST /api/organisations/search: the streamed registry plus agent search (spec: Endpoints).
 * Account (401) -> rate limit (429 + Retry-After) -> body validation (400) -> NDJSON stream of StreamItems;
 * all three answers are ordinary JSON before the first byte. The stream stops when the client aborts or
 * at the 60 s limit, where it simply ends (no error line).
 */
import { UnavailableError } from '../../../../core/errors';
import { ndjsonResponse } from '../../../http/ndjson';
import { parseJsonBodyOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { searchRequestSchema } from '../../../../server/search/search-request';

export const dynamic = 'force-dynamic';
/** Spec: Limits, search route maximum duration (seconds). */
export const maxDuration = 60;

export const POST = withAccount(async (request, { accountId, container, log }) => {
  await container.searchRateLimiter.consumeOrThrow(accountId);
  const body = await parseJsonBodyOrThrow(request, searchRequestSchema);
  const search = container.searchOrganisations;
  if (!search) throw new UnavailableError('searchOrganisations is not wired into the container', 'Search is not available right now');
  const cancelled = new AbortController();
  const signal = AbortSignal.any([request.signal, cancelled.signal, AbortSignal.timeout(maxDuration * 1000)]);
  return ndjsonResponse(search.stream(body, { accountId }, signal), { log, onCancel: () => cancelled.abort() });
});
