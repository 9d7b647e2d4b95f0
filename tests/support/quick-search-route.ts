/** The quick lookup as a client calls it: POST /api/organisations/quick-search (GLO unless told), each answer checked against its schema. */
import { expect } from 'vitest';
import { POST } from '../../src/app/api/organisations/quick-search/route';
import {
  internalQuickSearchCandidateSchema,
  quickSearchAnswerSchema,
  type InternalQuickSearchCandidate,
  type QuickSearchAnswer,
} from '../../src/core/candidates';

async function post(authorization: string, query: string, countryIsoAlpha3: string): Promise<unknown> {
  const response = await POST(
    new Request('http://localhost/api/organisations/quick-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query, countryIsoAlpha3 }),
    }),
  );
  expect(response.status).toBe(200);
  return response.json();
}

export async function quickSearchCandidates(authorization: string, query: string): Promise<InternalQuickSearchCandidate[]> {
  const json = (await post(authorization, query, 'GLO')) as { candidates: unknown[] };
  return json.candidates.map((c) => internalQuickSearchCandidateSchema.strict().parse(c));
}

/** The canonical names the quick lookup answers, in order. */
export async function quickSearchNames(authorization: string, query: string): Promise<string[]> {
  return (await quickSearchCandidates(authorization, query)).map((c) => c.canonicalName);
}

/** The whole answer (candidates, and the identifier issue and suggestions of a mistyped identifier), checked strictly. */
export async function quickSearchAnswer(authorization: string, query: string, countryIsoAlpha3 = 'GLO'): Promise<QuickSearchAnswer> {
  return quickSearchAnswerSchema.strict().parse(await post(authorization, query, countryIsoAlpha3));
}
