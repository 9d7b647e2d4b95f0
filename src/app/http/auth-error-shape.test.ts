import { describe, expect, it } from 'vitest';
import { inErrorShape } from './auth-error-shape';

describe('inErrorShape', () => {
  it("adds error (and keeps message and Better Auth's code) to a {message, code} answer", async () => {
    const answer = await inErrorShape(Response.json({ message: 'Invalid email', code: 'INVALID_EMAIL' }, { status: 400 }));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'Invalid email', code: 'INVALID_EMAIL', message: 'Invalid email' });
  });

  it('gives an empty 404 a JSON body and a 429 its Retry-After from X-Retry-After', async () => {
    const notFound = await inErrorShape(new Response(null, { status: 404 }));
    expect(notFound.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await notFound.json()).toEqual({ error: 'No such API route', code: 'not_found', message: 'No such API route' });
    const limited = await inErrorShape(Response.json({ message: 'Too many requests.' }, { status: 429, headers: { 'x-retry-after': '7' } }));
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toMatchObject({ error: 'Too many requests.', code: 'rate_limited' });
  });

  it('passes successes and answers already in the shape unchanged, cookies included', async () => {
    const ok = Response.json({ user: null }, { headers: { 'set-cookie': 'a=b' } });
    expect(await inErrorShape(ok)).toBe(ok);
    const shaped = Response.json({ error: 'x', code: 'forbidden' }, { status: 403 });
    expect(await inErrorShape(shaped)).toBe(shaped);
  });
});
