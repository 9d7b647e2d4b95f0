/**
 * The request target as Next.js can route it: origin-form (`/path?query`). Node passes on whatever the
 * request line says; browsers only ever send an origin-form target without dot segments.
 *
 * - absolute-form (`http://host/path`, which a server must accept) becomes its path and query;
 * - asterisk-form (`*`) is a server-wide OPTIONS and nothing else;
 * - anything else that does not start with `/`, and a path with a raw `.` or `..` segment (Next.js would
 *   resolve it, and its static-file server refuses it with an HTML 400), is refused.
 */
import type { ValidationIssue } from '../core/errors';

export type RequestTarget = { kind: 'path'; url: string } | { kind: 'asterisk' } | { kind: 'refused'; issue: ValidationIssue };

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

export function requestTargetOf(target: string): RequestTarget {
  if (target === '*') return { kind: 'asterisk' };
  let url = target;
  if (ABSOLUTE_FORM.test(target)) {
    try {
      const parsed = new URL(target);
      url = `${parsed.pathname}${parsed.search}`;
    } catch {
      return refused('The request target is not a valid URL');
    }
  }
  if (!url.startsWith('/')) return refused('The request target must be a path');
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return refused('The path must not contain . or .. segments');
  return { kind: 'path', url };
}

function refused(message: string): RequestTarget {
  return { kind: 'refused', issue: { field: 'path', rule: 'invalid_target', message } };
}
