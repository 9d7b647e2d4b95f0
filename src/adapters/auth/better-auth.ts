/**
 * The Better Auth instance: email + password over our own tables (auth_users, auth_sessions,
 * auth_credentials, auth_verifications) through the Drizzle adapter. Sign-up is disabled for the browser:
 * users are created by the operator CLI (`users create`) and the demo seed, through `createUser`.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { publicBaseUrl, trustedOrigins } from '../../config/origins';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { generateRandomString } from 'better-auth/crypto';
import type { Env } from '../../config/env';
import type { Db } from '../db/client';
import type { Log } from '../../server/ports';
import { authCredentials, authSessions, authUsers, authVerifications } from '../db/schema';
import { CLIENT_ADDRESS_HEADER } from '../../http/client-address';
import type { SignInFailureLimit } from '../rate-limit/sign-in-failure-limit';
import { SIGN_IN_PATH, signInGuardHooks } from './sign-in-guard';

type AuthEnv = Pick<Env, 'AUTH_SECRET' | 'APP_ENV' | 'NODE_ENV' | 'DATA_DIR' | 'BASE_URL' | 'PORT'>;

export interface CreateAuthOptions {
  log?: Log;
  /** The per-email limit on wrong passwords; without it only the per-address limit applies. */
  signInFailures?: SignInFailureLimit;
}

export function createAuth(db: Db, env: AuthEnv & Pick<Env, 'SIGN_IN_ATTEMPTS_PER_MINUTE'>, options: CreateAuthOptions = {}) {
  const { log, signInFailures } = options;
  const baseURL = publicBaseUrl(env);
  const secureCookies = new URL(baseURL).protocol === 'https:';
  return betterAuth({
    appName: 'Organisation Search',
    baseURL,
    basePath: '/api/auth',
    secret: resolveAuthSecretOrThrow(env),
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authCredentials, verification: authVerifications },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 256 },
    user: {
      additionalFields: {
        /** The account (tenant) the user works in; set by `createUser`, never from a request. */
        activeAccountId: { type: 'string', required: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    /**
     * On outside tests whatever NODE_ENV says (`npm start` does not set it). Sign-in attempts are limited per
     * client address: the socket's, or X-Forwarded-For's behind a trusted proxy, never a client's own claim.
     */
    rateLimit: {
      enabled: env.NODE_ENV !== 'test',
      window: 60,
      max: 100,
      customRules: { [SIGN_IN_PATH]: { window: 60, max: env.SIGN_IN_ATTEMPTS_PER_MINUTE } },
    },
    advanced: {
      /** Set by the HTTP server from the socket (src/http/client-address.ts); a client's own value is replaced. */
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      /**
       * Cross-site requests with cookies are refused against trustedOrigins everywhere, tests included (Better
       * Auth would skip the check under NODE_ENV=test).
       */
      disableOriginCheck: false,
      /** `Secure` session cookies whenever the application is served over https. */
      useSecureCookies: secureCookies,
    },
    /** The per-email failure limit, with the known-device exception (sign-in-guard.ts). */
    hooks: signInFailures ? signInGuardHooks(signInFailures, { secureCookies }) : undefined,
    logger: log
      ? {
          level: 'warn',
          log: (level, message) => {
            if (level === 'error') log.error({ component: 'better-auth' }, message);
            else log.warn({ component: 'better-auth' }, message);
          },
        }
      : { level: 'warn' },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * AUTH_SECRET when set (required in production, enforced by env.ts). In the sandbox without one: tests get
 * a per-process secret; otherwise a development secret is generated once and kept at
 * `${DATA_DIR}/auth-secret` (mode 0600) so sessions survive restarts.
 */
export function resolveAuthSecretOrThrow(env: AuthEnv): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.APP_ENV === 'production') throw new Error('AUTH_SECRET is required when APP_ENV=production');
  if (env.NODE_ENV === 'test') return generateRandomString(48, 'a-z', 'A-Z', '0-9');
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = generateRandomString(48, 'a-z', 'A-Z', '0-9');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
