/**
 * Cross-origin access for the reconciliation service (W3C Reconciliation API 0.2: "All HTTP(S) endpoints
 * exposed by the service MUST enable access by CORS"), and for it only. Any origin may call it, never with
 * credentials: `Access-Control-Allow-Origin: *` without `Access-Control-Allow-Credentials`, so a browser
 * lets another site read an answer only to a request that carried the API key itself, never one that rode
 * on the user's session cookie. Cookie-authenticated POSTs still need our Origin and a JSON body (withAccount).
 */
const ALLOW_HEADERS = 'Authorization, Content-Type';

type Handler<C> = (request: Request, context: C) => Promise<Response>;

/** Adds the CORS answer headers to whatever the handler answers (errors included). */
export function withCors<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    const response = await handler(request, context);
    const headers = new Headers(response.headers);
    headers.set('access-control-allow-origin', '*');
    headers.append('vary', 'Origin');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

/** The preflight answer (OPTIONS): 204 with the methods the path answers and the headers a client may send. */
export function corsPreflight(methods: readonly string[]): () => Promise<Response> {
  const allow = [...methods, 'OPTIONS'].join(', ');
  return async () =>
    new Response(null, {
      status: 204,
      headers: {
        allow,
        'access-control-allow-origin': '*',
        'access-control-allow-methods': allow,
        'access-control-allow-headers': ALLOW_HEADERS,
        'access-control-max-age': '600',
      },
    });
}
