import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from '../../core/errors';
import { parseJsonBodyOrThrow } from './parse';

const schema = z.object({ query: z.string() });
const request = (body: string) => new Request('http://x/', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

describe('parseJsonBodyOrThrow', () => {
  it('refuses a NUL in any string or key (PostgreSQL cannot store it): 400 invalid_characters', async () => {
    for (const body of ['{"query":"a\\u0000b"}', '{"query":"a","nested":{"x":["\\u0000"]}}', '{"a\\u0000":1,"query":"a"}']) {
      const failure = await parseJsonBodyOrThrow(request(body), schema).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ValidationError);
      expect((failure as ValidationError).issues).toEqual([expect.objectContaining({ field: '', rule: 'invalid_characters' })]);
    }
  });

  it('refuses a body nested 10,000 deep with a 400 too_deep (a recursive check overflowed the stack: a 500)', async () => {
    for (const body of [`{"query":"a","deep":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`]) {
      const failure = await parseJsonBodyOrThrow(request(body), schema).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ValidationError);
      expect((failure as ValidationError).issues).toEqual([expect.objectContaining({ field: '', rule: 'too_deep' })]);
    }
  });

  it('reads a clean body, and names a body that is not JSON', async () => {
    expect(await parseJsonBodyOrThrow(request('{"query":"koala"}'), schema)).toEqual({ query: 'koala' });
    const failure = await parseJsonBodyOrThrow(request('{"query":'), schema).catch((error: unknown) => error);
    expect((failure as ValidationError).issues[0]?.rule).toBe('invalid_json');
  });
});
