/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route (src/app/http/openapi/api-document.ts),
 * generated from the routes' zod schemas. Public: it describes the API and holds no account data.
 */
import { jsonResponse } from '../../http/error-response';
import { buildOpenApiDocument } from '../../http/openapi/api-document';

export const dynamic = 'force-static';

export function GET(): Response {
  return jsonResponse(buildOpenApiDocument(), { headers: { 'cache-control': 'public, max-age=300' } });
}
