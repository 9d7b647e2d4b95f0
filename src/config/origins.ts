/**
 * The origins the application is served from: BASE_URL when set, else the local defaults. Sign-in (Better
 * Auth's trusted origins) and the cross-site request check of cookie-authenticated writes both use it.
 */
import type { Env } from './env';

/** The public origin the application is served from: BASE_URL, else `http://localhost:$PORT`. */
export function publicBaseUrl(env: Pick<Env, 'BASE_URL' | 'PORT'>): string {
  return env.BASE_URL ?? `http://localhost:${env.PORT}`;
}

export function trustedOrigins(env: Pick<Env, 'BASE_URL' | 'PORT'>): string[] {
  if (env.BASE_URL) return [new URL(env.BASE_URL).origin];
  return [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
}
