/** Zod at the HTTP boundary: a failed parse becomes a ValidationError naming each field and rule. */
import type { z } from 'zod';
import { ValidationError, validationIssuesOf, type ValidationIssue } from '../../core/errors';
import { MAX_JSON_DEPTH, jsonValueProblem } from './json-value-problem';

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw new ValidationError(validationIssuesOf(parsed.error));
  return parsed.data;
}

/**
 * Reads a JSON body and validates it; a body that is not JSON is a 400, not a 500, and so is a NUL in any
 * string or key (PostgreSQL refuses it in text, so it would otherwise surface as a database failure) and a
 * body nested deeper than MAX_JSON_DEPTH.
 */
export async function parseJsonBodyOrThrow<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ValidationError([{ field: '', rule: 'invalid_json', message: 'The request body must be a JSON object' }]);
  }
  const issue = jsonValueIssue('', body);
  if (issue) throw new ValidationError([issue]);
  return parseOrThrow(schema, body);
}

/** A parsed JSON value's NUL or excessive nesting as the issue of `field` ('' for the whole body), else null. */
export function jsonValueIssue(field: string, value: unknown): ValidationIssue | null {
  const subject = field === '' ? 'The request body' : `\`${field}\``;
  switch (jsonValueProblem(value)) {
    case 'invalid_string':
      return { field, rule: 'invalid_characters', message: `${subject} must not contain NUL characters` };
    case 'too_deep':
      return { field, rule: 'too_deep', message: `${subject} must not nest more than ${MAX_JSON_DEPTH} levels deep` };
    case null:
      return null;
  }
}

export function parseSearchParamsOrThrow<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const url = new URL(request.url);
  return parseOrThrow(schema, Object.fromEntries(url.searchParams.entries()));
}
