/**
 * Reads a request to the reconciliation endpoint (`/api/reconcile`, W3C Reconciliation API 0.2): a query batch
 * in `queries`, or a data extension query in `extend`, each JSON text, from the URL (GET), a form body
 * (`application/x-www-form-urlencoded` or `multipart/form-data`, as OpenRefine sends it) or a JSON body
 * (`{"queries": {...}}`, the batch as an object or as JSON text). Everything that fails is a ValidationError
 * (400) naming the field (`queries.q0.limit`) and the rule.
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../../core/errors';
import {
  dataExtensionQuerySchema,
  matchConditionsOf,
  reconciliationQueryBatchSchema,
  type DataExtensionQuery,
  type MatchConditions,
  type ReconciliationQuery,
} from '../../core/reconciliation';
import { jsonValueIssue, parseOrThrow } from './parse';

export type ReconciliationRequest =
  { kind: 'queries'; queries: Record<string, { query: ReconciliationQuery; conditions: MatchConditions }> } | { kind: 'extend'; extend: DataExtensionQuery };

const queriesSchema = z.object({ queries: reconciliationQueryBatchSchema });
const extendSchema = z.object({ extend: dataExtensionQuerySchema });

/** True when a GET carries a query batch or an extension query (without either it asks for the manifest). */
export function asksForResults(url: URL): boolean {
  return url.searchParams.has('queries') || url.searchParams.has('extend');
}

export async function readReconciliationRequestOrThrow(request: Request): Promise<ReconciliationRequest> {
  const fields = request.method === 'GET' || request.method === 'HEAD' ? searchFields(new URL(request.url)) : await bodyFieldsOrThrow(request);
  if (fields.queries !== undefined) {
    const { queries } = parseOrThrow(queriesSchema, { queries: jsonFieldOrThrow('queries', fields.queries) });
    const issues: ValidationIssue[] = [];
    const parsed: Record<string, { query: ReconciliationQuery; conditions: MatchConditions }> = {};
    for (const [key, query] of Object.entries(queries)) {
      const { conditions, issues: found } = matchConditionsOf(query);
      issues.push(...found.map((issue) => ({ ...issue, field: `queries.${key}.${issue.field}` })));
      parsed[key] = { query, conditions };
    }
    if (issues.length > 0) throw new ValidationError(issues);
    return { kind: 'queries', queries: parsed };
  }
  if (fields.extend !== undefined) return { kind: 'extend', extend: parseOrThrow(extendSchema, { extend: jsonFieldOrThrow('extend', fields.extend) }).extend };
  throw new ValidationError([{ field: 'queries', rule: 'required', message: 'Send a query batch in `queries` or a data extension query in `extend`' }]);
}

interface Fields {
  queries?: unknown;
  extend?: unknown;
}

function searchFields(url: URL): Fields {
  return { queries: url.searchParams.get('queries') ?? undefined, extend: url.searchParams.get('extend') ?? undefined };
}

async function bodyFieldsOrThrow(request: Request): Promise<Fields> {
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  if (/^application\/json\s*(;|$)/.test(contentType)) {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new ValidationError([{ field: '', rule: 'invalid_json', message: 'The request body must be a JSON object' }]);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new ValidationError([{ field: '', rule: 'invalid_type', message: 'The request body must be a JSON object with `queries` or `extend`' }]);
    }
    const { queries, extend } = body as Record<string, unknown>;
    return { queries, extend };
  }
  if (contentType.startsWith('application/x-www-form-urlencoded') || contentType.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new ValidationError([{ field: '', rule: 'invalid_form', message: 'The request body is not a readable form' }]);
    }
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    return { queries: text('queries'), extend: text('extend') };
  }
  throw new ValidationError([{ field: 'content-type', rule: 'invalid_value', message: 'Send a form (queries=...) or JSON' }]);
}

/** A field's JSON: text is parsed (a parse failure is `invalid_json` on the field), an object from a JSON body is taken as it is. */
function jsonFieldOrThrow(field: 'queries' | 'extend', value: unknown): unknown {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw new ValidationError([{ field, rule: 'invalid_json', message: `\`${field}\` must be JSON` }]);
    }
  }
  const issue = jsonValueIssue(field, parsed);
  if (issue) throw new ValidationError([issue]);
  return parsed;
}
