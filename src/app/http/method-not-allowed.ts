/**
 * Wrong methods answer `405` in the JSON error shape with an `Allow` header (Next's own 405 has an empty
 * body). A route lists what it answers; `refuseOtherMethods` gives handlers for every other method, to
 * export beside the real ones, and OPTIONS (204 with the same `Allow`, which Next's own OPTIONS would
 * compute from every exported handler, the refusing ones included). HEAD follows GET where GET exists.
 */
import { MethodNotAllowedError } from '../../core/errors';
import { toErrorResponse } from './error-response';

const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type RouteMethod = (typeof ROUTE_METHODS)[number];
type Handler = (request: Request) => Promise<Response>;
/** The methods left to refuse: HEAD is Next's own wherever GET is answered. */
type Refused<A extends RouteMethod> = Exclude<RouteMethod, A | ('GET' extends A ? 'HEAD' : never)>;

export function refuseOtherMethods<const A extends readonly RouteMethod[]>(answered: A): Record<Refused<A[number]>, Handler> {
  const allow = [...answered, ...(answered.includes('GET') && !answered.includes('HEAD') ? ['HEAD'] : []), 'OPTIONS'];
  const refuse: Handler = async (request) => toErrorResponse(new MethodNotAllowedError(request.method, allow), console);
  const options: Handler = async () => new Response(null, { status: 204, headers: { allow: allow.join(', ') } });
  const others = ROUTE_METHODS.filter((method) => !answered.includes(method) && !(method === 'HEAD' && answered.includes('GET')));
  return Object.fromEntries(others.map((method) => [method, method === 'OPTIONS' ? options : refuse])) as Record<Refused<A[number]>, Handler>;
}
