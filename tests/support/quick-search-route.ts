/** The quick lookup as a client calls it: POST /api/organisations/quick-search in GLO, each candidate checked against its schema. */
import { expect } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import { internalQuickSearchCandidateSchema, type InternalQuickSearchCandidate } from '../../src/core/candidates';

export async function quickSearchCandidates(authorization: string, query: string): Promise<InternalQuickSearchCandidate[]> {
  const response = await POST(
    new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query, countryIsoAlpha3: 'GLO' }),
    }),
  );
  expect(response.status).toBe(200);
  const json = (await response.json()) as { candidates: unknown[] };
  return json.candidates.map((c) => internalQuickSearchCandidateSchema.strict().parse(c));
}

/** The canonical names the quick lookup answers, in order. */
export async function quickSearchNames(authorization: string, query: string): Promise<string[]> {
  return (await quickSearchCandidates(authorization, query)).map((c) => c.canonicalName);
}
