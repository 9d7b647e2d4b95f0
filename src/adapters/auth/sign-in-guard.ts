/**
 * Better Auth hooks around email sign-in that apply the per-email failure limit (sign-in-failure-limit.ts)
 * without letting an attacker lock a user out of the browsers they already use: a successful sign-in leaves a
 * signed "known device" cookie naming the email (as its hash), and a sign-in that presents it for the same
 * email skips the email's lock (the per-address limit still applies). This is OWASP's device-cookie defence:
 * the attacker's guesses are bounded per email, the user's own browser keeps working.
 */
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { signInEmailKey, type SignInFailureLimit } from '../rate-limit/sign-in-failure-limit';

export const SIGN_IN_PATH = '/sign-in/email';
export const KNOWN_DEVICE_COOKIE = 'osc.known_device';
const KNOWN_DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function signInEmail(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email : undefined;
}

export function signInGuardHooks(limit: SignInFailureLimit, options: { secureCookies: boolean }) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const email = ctx.path === SIGN_IN_PATH ? signInEmail(ctx.body) : undefined;
      if (email === undefined) return;
      const retryAfter = await limit.retryAfterSeconds(email);
      if (retryAfter === null) return;
      const knownDevice = await ctx.getSignedCookie(KNOWN_DEVICE_COOKIE, ctx.context.secret);
      if (knownDevice === signInEmailKey(email)) return;
      throw new APIError('TOO_MANY_REQUESTS', { message: 'Too many failed sign-ins for this email. Try again later.' }, { 'Retry-After': String(retryAfter) });
    }),
    after: createAuthMiddleware(async (ctx) => {
      const email = ctx.path === SIGN_IN_PATH ? signInEmail(ctx.body) : undefined;
      if (email === undefined) return;
      const returned: unknown = ctx.context.returned;
      if (isAPIError(returned)) {
        if (returned.statusCode === 401) await limit.recordFailure(email);
        return;
      }
      await limit.clear(email);
      await ctx.setSignedCookie(KNOWN_DEVICE_COOKIE, signInEmailKey(email), ctx.context.secret, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
        maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
      });
    }),
  };
}
