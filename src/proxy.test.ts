/**
 * The proxy's gate for server-action calls, called as Next.js calls it (a NextRequest in, a Response out):
 * the API routes' cross-site rule (an Origin of the application's required), and bodies nested too deep.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import os from 'node:os';
import { NextRequest } from 'next/server';

/** The proxy as a fresh module: it reads the environment once, on its first server-action call. */
async function proxy(request: NextRequest): Promise<Response> {
  return (await import('./proxy')).proxy(request);
}

const SESSION = 'better-auth.session_token=abc.def';

function actionCall(headers: Record<string, string>, body = '[{"organisationId":"x"}]'): NextRequest {
  return new NextRequest('http://localhost:3000/dashboard', {
    method: 'POST',
    headers: { cookie: SESSION, 'next-action': '40abc', 'content-type': 'text/plain;charset=UTF-8', host: 'localhost:3000', ...headers },
    body,
  });
}

/** NextResponse.next(): the proxy let the call through to the action. */
const passedThrough = (response: Response) => response.headers.get('x-middleware-next') === '1';

beforeEach(() => {
  vi.resetModules();
  // Vitest sets BASE_URL to '/' (Vite's base path): the product's default is none, so the local origins.
  vi.stubEnv('BASE_URL', undefined);
  vi.stubEnv('PORT', '3000');
  // No production build's action manifest: these calls use a made-up action id, which a build would not know.
  vi.spyOn(process, 'cwd').mockReturnValue(os.tmpdir());
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('server-action calls: the API routes’ Origin rule', () => {
  it('refuses a call with the session cookie and no Origin (403 JSON)', async () => {
    const response = await proxy(actionCall({}));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'This request must come from the application itself', code: 'forbidden' });
  });

  it('refuses a forged X-Forwarded-Host that matches a foreign Origin', async () => {
    const response = await proxy(actionCall({ origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' }));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'forbidden' });
  });

  it('checks the Origin against BASE_URL when it is set, not against the Host the client names', async () => {
    vi.stubEnv('BASE_URL', 'https://search.example.com');
    const forged = await proxy(actionCall({ origin: 'http://localhost:3000' }));
    expect(forged.status).toBe(403);
    const sameHost = await proxy(actionCall({ origin: 'https://attacker.example', host: 'attacker.example' }));
    expect(sameHost.status).toBe(403);
    expect(passedThrough(await proxy(actionCall({ origin: 'https://search.example.com' })))).toBe(true);
  });

  it("lets a call from the application's own origin through", async () => {
    expect(passedThrough(await proxy(actionCall({ origin: 'http://localhost:3000' })))).toBe(true);
    expect(passedThrough(await proxy(actionCall({ origin: 'http://127.0.0.1:3000' })))).toBe(true);
  });
});

describe('server-action bodies', () => {
  it('answers 400 too_deep for arguments nested 10,000 deep (the recursive check overflowed the stack)', async () => {
    const response = await proxy(actionCall({ origin: 'http://localhost:3000' }, `[${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}]`));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', issues: [{ field: '', rule: 'too_deep' }] });
  });
});
