import { describe, expect, it } from 'vitest';
import { refuseOtherMethods } from './method-not-allowed';

describe('refuseOtherMethods', () => {
  it('answers every other method 405 in the JSON error shape with the Allow header (HEAD follows GET)', async () => {
    const handlers = refuseOtherMethods(['GET']);
    expect(Object.keys(handlers).sort()).toEqual(['DELETE', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const response = await handlers.DELETE(new Request('http://x/api/health', { method: 'DELETE' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({ error: 'This method is not allowed on this route', code: 'method_not_allowed' });
  });

  it('refuses HEAD on a POST-only route and answers OPTIONS 204 with the same Allow', async () => {
    const handlers = refuseOtherMethods(['POST']);
    expect((await handlers.HEAD(new Request('http://x/a', { method: 'HEAD' }))).status).toBe(405);
    const options = await handlers.OPTIONS(new Request('http://x/a', { method: 'OPTIONS' }));
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
