/** Zod at the HTTP boundary: a failed parse becomes a ValidationError naming each field and rule. */
import type { z } from 'zod';
import { ValidationError, validationIssuesOf } from '../../core/errors';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw new ValidationError(validationIssuesOf(parsed.error));
  return parsed.data;
}

/**
 * Reads a JSON body and validates it; a body that is not JSON is a 400, not a 500, and so is a NUL in any
 * string or key (PostgreSQL refuses it in text, so it would otherwise surface as a database failure).
 */
export async function parseJsonBodyOrThrow<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ValidationError([{ field: '', rule: 'invalid_json', message: 'The request body must be a JSON object' }]);
  }
  if (containsNul(body)) throw new ValidationError([{ field: '', rule: 'invalid_characters', message: 'The request body must not contain NUL characters' }]);
  return parseOrThrow(schema, body);
}

export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
}

export function parseSearchParamsOrThrow<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  return parseOrThrow(schema, Object.fromEntries(url.searchParams.entries()));
}
