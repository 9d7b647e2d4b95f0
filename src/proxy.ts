/**
 * A fast gate before rendering: a page request without a session cookie goes to /sign-in. The cookie's
 * presence is only a hint; every page checks the session itself on the server (requireSession), and API
 * routes answer 401 JSON on their own, so /api is not gated here.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { getSessionCookie } from 'better-auth/cookies';

export function proxy(request: NextRequest) {
  if (getSessionCookie(request)) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  if (target !== '/') signIn.searchParams.set('next', target);
  return NextResponse.redirect(signIn);
}

export const config = {
  matcher: ['/((?!api/|api-reference|_next/|sign-in|favicon\\.ico|robots\\.txt).*)'],
};
