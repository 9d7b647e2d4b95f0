/**
 * GET /api/flags/{alpha2}: a country's flag as an SVG image (`country-flag-icons`, 3x2), so result rows
 * and the country picker show a real image wherever no emoji font is installed. Static public data: no
 * account needed, cached for a year. An unknown code is `404 not_found`; another method `405` JSON.
 */
import * as flags from 'country-flag-icons/string/3x2';
import { NotFoundError } from '../../../../core/errors';
import { appErrorResponse } from '../../../http/error-response';
import { refuseOtherMethods } from '../../../http/method-not-allowed';

const FLAG_SVGS: Readonly<Record<string, string>> = flags;

export async function GET(_request: Request, context: { params: Promise<{ alpha2: string }> }): Promise<Response> {
  const { alpha2 } = await context.params;
  const svg = /^[A-Z]{2}$/.test(alpha2) ? FLAG_SVGS[alpha2] : undefined;
  if (svg === undefined) return appErrorResponse(new NotFoundError('No flag for that country code'));
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
