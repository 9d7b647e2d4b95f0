/**
 * Where to go after signing in: a path of our own origin, else the dashboard. `next` is resolved against
 * BASE_URL the way a browser would and must keep its origin; control characters (a browser drops a tab or a
 * newline, so `/\t/host` becomes `//host`) and backslashes (read as `/`) are refused outright, before any
 * resolving, as are sign-in itself and API paths.
 */
const FALLBACK = '/dashboard';
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

export function safeNextPath(raw: string | string[] | undefined, baseUrl: string): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith('/') || value.startsWith('//') || UNSAFE_CHARACTERS.test(value)) return FALLBACK;
  const base = new URL(baseUrl);
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return FALLBACK;
  }
  if (resolved.origin !== base.origin) return FALLBACK;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  if (path.startsWith('//') || path === '/sign-in' || path.startsWith('/sign-in/') || path.startsWith('/sign-in?') || path.startsWith('/api/')) return FALLBACK;
  return path;
}
