/**
 * Cross-site request forgery on cookie-authenticated writes (every state-changing API route): a session's
 * POST must carry one of the application's origins and a JSON content type; API-key requests are unaffected,
 * and reads are not checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as select } from '../../src/app/api/organisations/select/route';
import { POST as enrich } from '../../src/app/api/organisations/[id]/enrich/route';
import { POST as addNaics } from '../../src/app/api/organisations/[id]/naics/route';
import { GET as profile } from '../../src/app/api/organisations/[id]/route';
import { POST as quickSearch } from '../../src/app/api/organisations/quick-search/route';
import { POST as search } from '../../src/app/api/organisations/search/route';
import { POST as auth } from '../../src/app/api/auth/[...all]/route';
import { POST as uploadMatchBatch } from '../../src/app/api/match/batches/route';
import { POST as reviewMatchRow } from '../../src/app/api/match/batches/[id]/rows/[row]/review/route';
import { POST as applyMatchBatch } from '../../src/app/api/match/batches/[id]/apply/route';
import { POST as recordDecision } from '../../src/app/api/decisions/route';
import { DELETE as undoDecision } from '../../src/app/api/decisions/[id]/route';
import { POST as createWebhook } from '../../src/app/api/webhooks/route';
import { DELETE as deleteWebhook } from '../../src/app/api/webhooks/[id]/route';
import { POST as replayWebhookDelivery } from '../../src/app/api/webhooks/[id]/deliveries/[deliveryId]/replay/route';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { FLAGS } from '../../src/core/flags';
import { makeAccount, makeOrganisation } from '../support/factories';
import { createTestContainer, type TestContext } from '../support/test-container';

let ctx: TestContext;
let accountId = '';
let organisationId = '';
let authorization = '';
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestContainer({
    env: { PORT: '3000' },
    sessionAccount: async (headers) => (headers.get('cookie') === 'session=valid' ? { accountId, userId: 'user-1' } : null),
  });
  const account = await makeAccount(ctx.database.db);
  accountId = account.id;
  authorization = account.authorization;
  // The NAICS add answers 403 with its flag off: turn it on so a 403 can only come from the check.
  await setFlagValue(ctx.database.db, { flagKey: FLAGS.manualNaicsClassification.key, accountId, value: true });
  organisationId = (await makeOrganisation(ctx.database.db, { profileStatus: 'COMPLETED' }, { ownerAccountId: accountId })).id;
});
afterAll(async () => {
  await ctx?.close();
});

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const writes: [string, Handler, string][] = [
  ['POST /api/organisations/select', select, '/api/organisations/select'],
  ['POST /api/organisations/{id}/enrich', enrich, '/api/organisations/{id}/enrich'],
  ['POST /api/organisations/{id}/naics', addNaics, '/api/organisations/{id}/naics'],
  // Reads over POST: refused too (a cross-site page must not spend the account's search budget or read answers).
  ['POST /api/organisations/quick-search', (request) => quickSearch(request), '/api/organisations/quick-search'],
  ['POST /api/organisations/search', (request) => search(request), '/api/organisations/search'],
  ['POST /api/match/batches', (request) => uploadMatchBatch(request), '/api/match/batches'],
  ['POST /api/match/batches/{id}/rows/{row}/review', reviewMatchRow, '/api/match/batches/{id}/rows/0/review'],
  ['POST /api/match/batches/{id}/apply', applyMatchBatch, '/api/match/batches/{id}/apply'],
  ['POST /api/decisions', (request) => recordDecision(request), '/api/decisions'],
  ['POST /api/webhooks', (request) => createWebhook(request), '/api/webhooks'],
  [
    'POST /api/webhooks/{id}/deliveries/{deliveryId}/replay',
    (request, context) => replayWebhookDelivery(request, { params: context.params.then((p) => ({ ...p, deliveryId: p.id ?? '' })) }),
    '/api/webhooks/{id}/deliveries/{id}/replay',
  ],
];

function call(handler: Handler, path: string, headers: Record<string, string>, method = 'POST') {
  const url = `http://localhost:3000${path.replace('{id}', organisationId)}`;
  return handler(new Request(url, { method, headers, ...(method === 'POST' ? { body: '{}' } : {}) }), { params: Promise.resolve({ id: organisationId }) });
}

describe.each(writes)('%s with the session cookie', (_name, handler, path) => {
  it('is refused (403) without an Origin, from another origin, or as text/plain', async () => {
    const refused: Record<string, string>[] = [
      { cookie: 'session=valid', 'content-type': 'application/json' },
      { cookie: 'session=valid', 'content-type': 'application/json', origin: 'http://localhost:3001' },
      { cookie: 'session=valid', 'content-type': 'text/plain', origin: ORIGIN },
    ];
    for (const headers of refused) {
      const response = await call(handler, path, headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'This request must come from the application itself', code: 'forbidden' });
    }
  });

  it('passes the check from the application origin with JSON (then validates as usual)', async () => {
    const response = await call(handler, path, { cookie: 'session=valid', 'content-type': 'application/json', origin: ORIGIN });
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });
});

describe('Better Auth routes (their own origin check, same trusted origins)', () => {
  it('refuse a cross-site sign-in or sign-out (403) and accept them from the application origin', async () => {
    const post = (path: string, origin: string) =>
      auth(
        new Request(`http://localhost:3000/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie: 'better-auth.session_token=x' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        }),
      );
    expect((await post('/sign-in/email', 'http://localhost:3001')).status).toBe(403);
    expect((await post('/sign-out', 'http://evil.example')).status).toBe(403);
    expect((await post('/sign-in/email', ORIGIN)).status).toBe(401);
  });
});

describe('requests the check leaves alone', () => {
  it('API-key writes need no Origin', async () => {
    const response = await call(select, '/api/organisations/select', { authorization, 'content-type': 'application/json' });
    expect(response.status).toBe(400); // the body `{}` fails validation: the request got past the check
  });

  it('session reads need no Origin', async () => {
    const response = await call(profile, '/api/organisations/{id}', { cookie: 'session=valid' }, 'GET');
    expect(response.status).toBe(200);
  });
});

describe('DELETE /api/webhooks/{id} with the session cookie', () => {
  it('is refused (403) without the application origin, and passes the check with it (then 404: no such endpoint)', async () => {
    const refused = await call(deleteWebhook, '/api/webhooks/{id}', { cookie: 'session=valid', 'content-type': 'application/json' }, 'DELETE');
    expect(refused.status).toBe(403);
    const checked = await call(deleteWebhook, '/api/webhooks/{id}', { cookie: 'session=valid', 'content-type': 'application/json', origin: ORIGIN }, 'DELETE');
    expect(checked.status).toBe(404);
  });
});

describe('DELETE /api/decisions/{id} with the session cookie', () => {
  it('is refused (403) without the application origin, and passes the check with it (then 404: no such decision)', async () => {
    const refused = await call(undoDecision, '/api/decisions/{id}', { cookie: 'session=valid', 'content-type': 'application/json' }, 'DELETE');
    expect(refused.status).toBe(403);
    const checked = await call(undoDecision, '/api/decisions/{id}', { cookie: 'session=valid', 'content-type': 'application/json', origin: ORIGIN }, 'DELETE');
    expect(checked.status).toBe(404);
  });
});
