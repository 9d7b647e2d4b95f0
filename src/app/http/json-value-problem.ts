/**
 * The checks every parsed JSON body (API routes, the reconciliation fields, server-action arguments) passes
 * before anything reads it: no NUL in any string or key (PostgreSQL refuses it in text), every string one
 * the caller accepts, and no nesting deeper than MAX_JSON_DEPTH. The walk keeps its own stack instead of
 * recursing: a body nested 10,000 deep parses fine but overflows the call stack of a recursive walk (a 500).
 */

/** Deeper than any body the product reads (the reconciliation queries are 4 levels deep). */
export const MAX_JSON_DEPTH = 64;

export type JsonValueProblem = 'too_deep' | 'invalid_string';

export function jsonValueProblem(value: unknown, acceptString: (text: string) => boolean = hasNoNul): JsonValueProblem | null {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { item, depth } = next;
    if (typeof item === 'string') {
      if (!acceptString(item)) return 'invalid_string';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH) return 'too_deep';
    for (const [key, element] of Object.entries(item)) {
      if (!Array.isArray(item) && !hasNoNul(key)) return 'invalid_string';
      pending.push({ item: element, depth: depth + 1 });
    }
  }
  return null;
}

function hasNoNul(text: string): boolean {
  return !text.includes('\u0000');
}
