/**
 * A fast gate before rendering.
 *
 * - Every request: a path that does not decode, or decodes to a control character, answers `400` JSON
 *   (Next.js would answer a text 500). A server-action call from no Origin or another origin than the
 *   application's answers `403` JSON; one naming no action of this build or whose body the action decoder
 *   cannot read (too deep included) answers `400` JSON (see request-shape.ts).
 * - API routes and the JSON routes under /organisations (figures, flag counts) answer 401 JSON on their
 *   own (API keys included), so they pass.
 * - Pages answer GET and HEAD (and server-action POSTs); another method is a JSON 405 with `Allow`.
 * - A page request without a session cookie goes to /sign-in. The cookie's presence is only a hint; every
 *   page checks the session itself on the server (requireSession).
 */
import fs from 'node:fs';
import path from 'node:path';
import { NextResponse, type NextRequest } from 'next/server';
import { getSessionCookie } from 'better-auth/cookies';
import { ForbiddenError, MethodNotAllowedError, ValidationError, type ValidationIssue } from './core/errors';
import { toErrorResponse } from './app/http/error-response';
import { CROSS_SITE_MESSAGE } from './app/http/with-account';
import { pathIssue, serverActionBodyIssue } from './app/http/request-shape';
import { parseEnvOrThrow } from './config/env';
import { JSON_ROUTE } from './http/page-paths';
import { trustedOrigins } from './config/origins';

/** Routes that answer for themselves (401 JSON and their own methods): API and JSON routes. */
const PASS_THROUGH = JSON_ROUTE;
/** Pages anyone may open: sign-in, the API reference, the favicon. */
const PUBLIC_PAGE = /^\/(?:sign-in(?:\/|$)|api-reference\/?$|icon\.svg$)/;

export async function proxy(request: NextRequest) {
  const badPath = pathIssue(request.nextUrl.pathname);
  if (badPath) return toErrorResponse(new ValidationError([badPath]), console);
  const crossSite = crossSiteServerAction(request);
  if (crossSite) return toErrorResponse(crossSite, console);
  const badAction = await serverActionIssue(request);
  if (badAction) return toErrorResponse(new ValidationError([badAction]), console);
  if (PASS_THROUGH.test(request.nextUrl.pathname)) return NextResponse.next();
  const refused = refusePageMethod(request);
  if (refused) return refused;
  if (PUBLIC_PAGE.test(request.nextUrl.pathname) || getSessionCookie(request)) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== '/') signIn.searchParams.set('next', target);
  return NextResponse.redirect(signIn);
}

async function serverActionIssue(request: NextRequest): Promise<ValidationIssue | null> {
  const actionId = request.headers.get('next-action');
  if (request.method !== 'POST' || actionId === null) return null;
  const known = knownServerActionIds();
  if (known && !known.has(actionId)) return { field: 'next-action', rule: 'unknown_action', message: 'No such server action' };
  return serverActionBodyIssue(request.headers.get('content-type'), await request.text());
}

/**
 * A server-action call is a cookie-authenticated write: the API routes' rule applies (with-account.ts), so
 * its Origin must be one of the application's origins (BASE_URL, else the local defaults), and a call
 * without one is refused: `403` JSON before the body is read. Next's own check compares the Origin with
 * the Host or X-Forwarded-Host the client sends, and lets a call without an Origin through.
 */
function crossSiteServerAction(request: NextRequest): ForbiddenError | null {
  if (request.method !== 'POST' || !request.headers.has('next-action')) return null;
  const origin = request.headers.get('origin');
  const allowed = applicationOrigins();
  if (origin !== null && allowed.includes(origin)) return null;
  return new ForbiddenError(`cross-site server action refused: origin ${origin ?? '(none)'} is not one of ${allowed.join(', ')}`, CROSS_SITE_MESSAGE);
}

let origins: readonly string[] | undefined;

/** The application's origins, from the environment parsed once: the proxy is Next.js's entry, outside the container. */
function applicationOrigins(): readonly string[] {
  origins ??= trustedOrigins(parseEnvOrThrow());
  return origins;
}

const PAGE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** Pages answer GET and HEAD (and server-action POSTs); anything else is a JSON 405 (Next answers it in text). */
function refusePageMethod(request: NextRequest): Response | null {
  if (PAGE_METHODS.slice(0, 2).includes(request.method) || (request.method === 'POST' && request.headers.has('next-action'))) return null;
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow: PAGE_METHODS.join(', ') } });
  return toErrorResponse(new MethodNotAllowedError(request.method, PAGE_METHODS), console);
}

let serverActionIds: Set<string> | null | undefined;

/** The production build's server actions (Next answers an unknown id in text); null when there is no such manifest. */
function knownServerActionIds(): Set<string> | null {
  if (serverActionIds !== undefined) return serverActionIds;
  try {
    const manifest: unknown = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'server', 'server-reference-manifest.json'), 'utf8'));
    const node = typeof manifest === 'object' && manifest !== null && 'node' in manifest ? manifest.node : undefined;
    serverActionIds = typeof node === 'object' && node !== null ? new Set(Object.keys(node)) : null;
  } catch {
    serverActionIds = null;
  }
  return serverActionIds;
}

export const config = {
  matcher: ['/((?!_next/|favicon\\.ico|robots\\.txt).*)'],
};
