/**
 * The benchmarks' client of the real quick lookup route over HTTP: one timed POST /api/organisations/quick-search
 * (API-key auth, country GLO), its answer read through the caller's schema (an answer of another shape counts
 * as no body, its status kept).
 */
import { performance } from 'node:perf_hooks';
import type { Pool as HttpPool } from 'undici';
import type { z } from 'zod';

export interface QuickSearchAnswer<T> {
  /** From sending the request to having read the whole body. */
  latencyMs: number;
  status: number;
  /** The body as `schema` reads it; undefined when it does not. */
  body: T | undefined;
}

export async function postQuickSearch<T>(http: HttpPool, apiKey: string, query: string, schema: z.ZodType<T>): Promise<QuickSearchAnswer<T>> {
  const started = performance.now();
  const response = await http.request({
    path: '/api/organisations/quick-search',
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({ query, countryIsoAlpha3: 'GLO' }),
  });
  const body: unknown = await response.body.json();
  const latencyMs = performance.now() - started;
  const parsed = schema.safeParse(body);
  return { latencyMs, status: response.statusCode, body: parsed.success ? parsed.data : undefined };
}
