/**
 * GET /api/naics/search?term= : the NAICS typeahead (leaf codes only). Under 2 characters after trim:
 * 200 [] with no query; over 200: 400; a backend failure: 500 {error: 'Search temporarily unavailable'}.
 * Never cached.
 */
import { z } from 'zod';
import { AppError } from '../../../../core/errors';
import { searchNaics } from '../../../../server/naics/search-naics';
import { jsonResponse, toErrorResponse } from '../../../http/error-response';
import { parseSearchParamsOrThrow } from '../../../http/parse';
import { withAccount } from '../../../http/with-account';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

export const dynamic = 'force-dynamic';

const querySchema = z.object({ term: z.string().optional().default('') });

export const GET = withAccount(async (request, { container, log }) => {
  const { term } = parseSearchParamsOrThrow(request, querySchema);
  try {
    const results = await searchNaics(container.naics.catalogue, { term, limit: container.env.NAICS_TYPEAHEAD_LIMIT });
    return jsonResponse(results);
  } catch (error) {
    if (error instanceof AppError) return toErrorResponse(error, log);
    log.error({ err: error }, 'NAICS typeahead failed');
    return jsonResponse({ error: 'Search temporarily unavailable' }, { status: 500 });
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
