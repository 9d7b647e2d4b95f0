/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of every route (src/app/http/openapi/api-document.ts),
 * generated from the routes' zod schemas, naming this instance (BASE_URL) as its server. Public: it describes the API and holds no account data. Another
 * method is a `405` in the JSON error shape (Next's own is text).
 */
import { getContainer } from '../../../composition-root';
import { publicBaseUrl } from '../../../config/origins';
import { jsonResponse } from '../../http/error-response';
import { refuseOtherMethods } from '../../http/method-not-allowed';
import { buildOpenApiDocument } from '../../http/openapi/api-document';

// Not prerendered: Next answers another method on a prerendered route itself, with a text 405.
export const dynamic = 'force-dynamic';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export async function GET(): Promise<Response> {
  // The server the document names (and its curl lines call) is this instance's public base URL.
  document ??= buildOpenApiDocument({ serverUrl: publicBaseUrl((await getContainer()).env) });
  return jsonResponse(document, { headers: { 'cache-control': 'public, max-age=300' } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods(['GET']);
