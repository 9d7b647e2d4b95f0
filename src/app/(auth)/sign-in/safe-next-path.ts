/** Where to go after signing in: a same-origin path only (no `//host`, no scheme), else the dashboard. */
export function safeNextPath(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/dashboard';
  if (value.startsWith('/sign-in') || value.startsWith('/api/')) return '/dashboard';
  return value;
}
