import { describe, expect, it } from 'vitest';
import {
  MAX_CANDIDATE_LIMIT,
  RECONCILIATION_BATCH_SIZE,
  candidateLimitOf,
  matchConditionsOf,
  proposeProperties,
  reconciliationManifest,
  reconciliationQueryBatchSchema,
  reconciliationQuerySchema,
  suggestProperties,
} from './reconciliation';

describe('a reconciliation query', () => {
  it('needs a query string or at least one property', () => {
    expect(reconciliationQuerySchema.safeParse({ query: 'Acme' }).success).toBe(true);
    expect(reconciliationQuerySchema.safeParse({ properties: [{ pid: 'ABN', v: '51824753556' }] }).success).toBe(true);
    expect(reconciliationQuerySchema.safeParse({ limit: 1 }).success).toBe(false);
    expect(reconciliationQuerySchema.safeParse({ properties: [] }).success).toBe(false);
  });

  it('refuses fields the spec does not define, and a limit that is not a positive integer', () => {
    expect(reconciliationQuerySchema.safeParse({ query: 'Acme', props: [] }).success).toBe(false);
    for (const limit of [0, -1, 2.5]) expect(reconciliationQuerySchema.safeParse({ query: 'Acme', limit }).success).toBe(false);
  });

  it('asks for the default number of candidates, and at most the maximum', () => {
    expect(candidateLimitOf({ query: 'x' })).toBe(5);
    expect(candidateLimitOf({ query: 'x', limit: 2 })).toBe(2);
    expect(candidateLimitOf({ query: 'x', limit: 1000 })).toBe(MAX_CANDIDATE_LIMIT);
  });

  it('comes in batches of at most the batch size', () => {
    const batch = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, { query: 'x' }]));
    expect(reconciliationQueryBatchSchema.safeParse(batch(RECONCILIATION_BATCH_SIZE)).success).toBe(true);
    expect(reconciliationQueryBatchSchema.safeParse(batch(RECONCILIATION_BATCH_SIZE + 1)).success).toBe(false);
  });
});

describe('properties as match conditions', () => {
  it('reads a country as alpha-2, alpha-3 or English name', () => {
    const { conditions, issues } = matchConditionsOf({ properties: [{ pid: 'country', v: ['AU', 'GBR', 'New Zealand'] }] });
    expect(conditions.countries).toEqual(['AUS', 'GBR', 'NZL']);
    expect(issues).toEqual([]);
  });

  it('reads identifiers typed (ABN, ACN, CH, LEI) or of any type, normalised', () => {
    const { conditions } = matchConditionsOf({
      properties: [
        { pid: 'ABN', v: '51 824 753 556' },
        { pid: 'LEI', v: '5493001kjtiigc8y1r12' },
        { pid: 'identifier', v: 12345678 },
      ],
    });
    expect(conditions.identifiers).toEqual([
      { type: 'ABN', value: '51824753556' },
      { type: 'LEI', value: '5493001KJTIIGC8Y1R12' },
      { type: null, value: '12345678' },
    ]);
  });

  it('reads a website by its registrable domain, and a reconciled entity value by its name', () => {
    const { conditions } = matchConditionsOf({
      properties: [
        { pid: 'website', v: 'https://shop.acme.co.uk/about' },
        { pid: 'country', v: { id: 'Q408', name: 'Australia' } },
      ],
    });
    expect(conditions.websites).toEqual(['acme.co.uk']);
    expect(conditions.countries).toEqual(['AUS']);
  });

  it('ignores properties it does not know, and names a value of a known one it cannot read', () => {
    expect(matchConditionsOf({ properties: [{ pid: 'professionOrOccupation', v: 'Politik*' }] })).toEqual({
      conditions: { countries: [], identifiers: [], websites: [] },
      issues: [],
    });
    const { issues } = matchConditionsOf({
      query: 'x',
      properties: [
        { pid: 'ABN', v: '1' },
        { pid: 'country', v: 'Narnia' },
        { pid: 'website', v: 'not a website' },
      ],
    });
    expect(issues.map((i) => [i.field, i.rule])).toEqual([
      ['properties.1.v', 'invalid_value'],
      ['properties.2.v', 'invalid_value'],
    ]);
  });
});

describe('the manifest', () => {
  it('declares version 0.2, the Organisation type, the view, preview, suggest and extend services and the API key, under the base URL', () => {
    const manifest = reconciliationManifest('https://search.example.com/');
    expect(manifest.versions).toEqual(['0.2']);
    expect(manifest.identifierSpace).toBe('https://search.example.com/organisations/');
    expect(manifest.view.url).toBe('https://search.example.com/organisations/{{id}}');
    expect(manifest.preview.url).toBe('https://search.example.com/api/reconcile/preview?id={{id}}');
    expect(manifest.suggest.entity).toEqual({ service_url: 'https://search.example.com', service_path: '/api/reconcile/suggest/entity' });
    expect(manifest.authentication).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
  });
});

describe('property proposals and suggestions', () => {
  it('proposes every extendable property for Organisation, none for another type, at most the limit', () => {
    expect(proposeProperties('Organisation', undefined).properties.map((p) => p.id)).toContain('naicsCode');
    expect(proposeProperties('Organisation', 2).properties).toHaveLength(2);
    expect(proposeProperties('Person', undefined).properties).toEqual([]);
  });

  it('suggests the match properties by id or name prefix', () => {
    expect(suggestProperties('co').result.map((p) => p.id)).toEqual(['country', 'CH']);
    expect(suggestProperties('naics').result).toEqual([]);
  });
});
