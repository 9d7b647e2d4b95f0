/**
 * Better Auth's own 4xx answers (`{message, code}`, an empty 404 for an unknown auth path, `X-Retry-After`
 * on its 429) put in the README's error shape: `error` and `code` always, `Retry-After` on a 429, `Allow`
 * on a 405 (the route's methods; Better Auth does not say which one an endpoint takes). Its
 * `message` and its upper-case codes (e.g. `INVALID_EMAIL`) stay, because its client and the sign-in
 * form read them. Other answers pass unchanged.
 */
import { errorCodeForStatus } from '../../core/errors';

const FALLBACK_MESSAGES: Record<number, string> = {
  404: 'No such API route',
  405: 'This method is not allowed on this route',
  429: 'Too many requests; please wait a moment and try again',
};

export async function inErrorShape(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await response.clone().text());
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON (or empty): the fallbacks below speak for it
  }
  const headers = new Headers(response.headers);
  const retryAfter = headers.get('x-retry-after');
  if (response.status === 429 && !headers.has('retry-after')) headers.set('retry-after', retryAfter ?? '10');
  if (response.status === 405 && !headers.has('allow')) headers.set('allow', 'GET, POST, OPTIONS');
  if (typeof body.error === 'string' && typeof body.code === 'string' && headers.get('content-type')?.startsWith('application/json')) return response;
  const message = typeof body.message === 'string' ? body.message : (FALLBACK_MESSAGES[response.status] ?? 'The request was refused');
  const code = typeof body.code === 'string' ? body.code : (errorCodeForStatus(response.status) ?? 'validation_failed');
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, error: message, code, message }), { status: response.status, headers });
}
