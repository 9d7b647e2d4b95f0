/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route (src/app/http/openapi/api-document.ts),
 * generated from the routes' zod schemas. Public: it describes the API and holds no account data. Another
 * method is a `405` in the JSON error shape (Next's own is text).
 */
import { jsonResponse } from '../../http/error-response';
import { refuseOtherMethods } from '../../http/method-not-allowed';
import { buildOpenApiDocument } from '../../http/openapi/api-document';

// Not prerendered: Next answers another method on a prerendered route itself, with a text 405.
export const dynamic = 'force-dynamic';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export function GET(): Response {
  document ??= buildOpenApiDocument();
  return jsonResponse(document, { headers: { 'cache-control': 'public, max-age=300' } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
