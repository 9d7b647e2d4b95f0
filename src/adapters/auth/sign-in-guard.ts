/**
 * Better Auth hooks around email sign-in that apply the per-email failure limit (sign-in-failure-limit.ts)
 * without letting an attacker lock a user out of the browsers they already use: a successful sign-in leaves a
 * signed "known device" cookie naming the email (as its hash), and a sign-in that presents it for the same
 * email skips the email's lock (the per-address limit still applies). This is OWASP's device-cookie defence:
 * the attacker's guesses are bounded per email, the user's own browser keeps working.
 *
 * The email's attempt is spent before the password is checked, in one atomic increment (issue 19: checked
 * before and counted after, 40 concurrent attempts had 30-35 passwords checked), and given back unless the
 * password was checked and found wrong.
 */
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { signInEmailKey, type SignInFailureLimit } from '../rate-limit/sign-in-failure-limit';

export const SIGN_IN_PATH = '/sign-in/email';
export const KNOWN_DEVICE_COOKIE = 'osc.known_device';
const KNOWN_DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function signInEmail(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email : undefined;
}

/** What the known-device check reads of a hook's context. */
interface SignedCookies {
  getSignedCookie(name: string, secret: string): Promise<unknown>;
  context: { secret: string };
}

export function signInGuardHooks(limit: SignInFailureLimit, options: { secureCookies: boolean }) {
  /** The request presents this email's signed known-device cookie (a forged or another email's does not count). */
  async function fromKnownDevice(ctx: SignedCookies, email: string): Promise<boolean> {
    return (await ctx.getSignedCookie(KNOWN_DEVICE_COOKIE, ctx.context.secret)) === signInEmailKey(email);
  }

  return {
    // The attempt is spent here, before the password is checked, in one atomic increment: of concurrent
    // attempts no more than the limit get past. A known device skips the lock and is counted afterwards.
    before: createAuthMiddleware(async (ctx) => {
      const email = ctx.path === SIGN_IN_PATH ? signInEmail(ctx.body) : undefined;
      if (email === undefined || (await fromKnownDevice(ctx, email))) return;
      const retryAfter = await limit.consume(email);
      if (retryAfter === null) return;
      throw new APIError('TOO_MANY_REQUESTS', { message: 'Too many failed sign-ins for this email. Try again later.' }, { 'Retry-After': String(retryAfter) });
    }),
    // Runs only for a sign-in the before hook let through: a wrong password keeps its attempt spent, any
    // other failure gets it back, a success forgets the email's failures.
    after: createAuthMiddleware(async (ctx) => {
      const email = ctx.path === SIGN_IN_PATH ? signInEmail(ctx.body) : undefined;
      if (email === undefined) return;
      const knownDevice = await fromKnownDevice(ctx, email);
      const returned: unknown = ctx.context.returned;
      if (isAPIError(returned)) {
        if (returned.statusCode === 401) {
          if (knownDevice) await limit.recordFailure(email);
        } else if (!knownDevice) {
          await limit.refund(email);
        }
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
