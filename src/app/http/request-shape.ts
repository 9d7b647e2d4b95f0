/**
 * Checks of a request's shape that must happen before Next.js routes it, where Next would otherwise answer
 * a text 500 (pure functions; the proxy turns an issue into a `400` in the JSON error shape):
 *
 * - a path whose percent-encoding does not decode (`%ZZ`, the overlong `%C0%AF`), or that decodes to a
 *   control character (a NUL reaches PostgreSQL, which refuses it);
 * - a server-action call whose body the action decoder cannot read. Our actions take plain data, which
 *   React sends as a `text/plain` JSON array of arguments; a `$`-prefixed string there is either an
 *   escaped `$$...` string or one of React's inline values (`$undefined`, `$D<date>`, `$n<bigint>`, ...);
 *   a reference to another part (`$Q1`, `$K1`, `$@1`, ...) cannot be resolved in a text body; arguments
 *   nested deeper than MAX_JSON_DEPTH are refused too (a recursive walk of them overflowed the stack).
 */
import type { ValidationIssue } from '../../core/errors';
import { MAX_JSON_DEPTH, jsonValueProblem } from './json-value-problem';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function pathIssue(pathname: string): ValidationIssue | null {
  for (const segment of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { field: 'path', rule: 'invalid_encoding', message: 'The path is not valid percent-encoded UTF-8' };
    }
    if (CONTROL_CHARACTER.test(decoded)) return { field: 'path', rule: 'invalid_characters', message: 'The path must not contain control characters' };
  }
  return null;
}

const INLINE_VALUE = /^\$(?:\$.*|undefined|NaN|Infinity|-Infinity|-0|D.*|n-?\d+)$/s;

export function serverActionBodyIssue(contentType: string | null, body: string): ValidationIssue | null {
  const invalid: ValidationIssue = { field: '', rule: 'invalid_action_body', message: 'The action call is not a JSON array of plain arguments' };
  if (!/^text\/plain\s*(;|$)/i.test(contentType ?? '')) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return invalid;
  }
  if (!Array.isArray(parsed)) return invalid;
  switch (jsonValueProblem(parsed, isPlainString)) {
    case 'invalid_string':
      return invalid;
    case 'too_deep':
      return { field: '', rule: 'too_deep', message: `The action's arguments must not nest more than ${MAX_JSON_DEPTH} levels deep` };
    case null:
      return null;
  }
}

function isPlainString(value: string): boolean {
  return !value.includes('\u0000') && (!value.startsWith('$') || INLINE_VALUE.test(value));
}
