/**
 * Held turns of the model fake, over its loopback socket as a browser test drives them: a discovery request of the
 * held word waits until a release, a release answers only the requests waiting then, other queries and the
 * enrichment agent's requests pass, and a disarm answers everything. Held for the enrichment agent (`agent`
 * enrichment), the same word holds the enrichment of the organisations it names, and no discovery request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ latency: 'zero' });
});
afterAll(async () => {
  await fake?.close();
});

const discovery = (query: string) => ({
  model: 'sandbox-agent',
  messages: [{ role: 'user', content: `query: ${JSON.stringify(query)}\nscope: country AUS` }],
  tools: [{ type: 'function', function: { name: 'web_search' } }],
});
const enrichment = (name: string) => ({
  model: 'sandbox-agent',
  messages: [{ role: 'user', content: `Organisation: ${name}` }],
  tools: [{ type: 'function', function: { name: 'submit_profile' } }],
});

function complete(body: unknown): Promise<Response> {
  return fetch(`${fake.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The enrichment agent's request for `name`, as src/adapters/agent/enrichment-agent.ts words its task. */
const namedEnrichment = (name: string) => ({
  model: 'sandbox-agent',
  messages: [{ role: 'user', content: `Profile this organisation.\nphase: 1\nname: ${JSON.stringify(name)}\ncountry: AUS (Australia)` }],
  tools: [{ type: 'function', function: { name: 'submit_profile' } }],
});

async function control(method: string, path: string, word: string, agent?: string): Promise<{ status: number; body: Record<string, number> }> {
  const response =
    method === 'POST'
      ? await fetch(`${fake.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ word, agent }) })
      : await fetch(`${fake.url}${path}?${new URLSearchParams({ word, ...(agent === undefined ? {} : { agent }) }).toString()}`, { method });
  return { status: response.status, body: (await response.json()) as Record<string, number> };
}

/** Resolves once `word` has `held` requests waiting (of the discovery agent unless `agent` says otherwise). */
async function whenHeld(word: string, held: number, agent?: string): Promise<void> {
  for (;;) {
    if ((await control('GET', '/__sandbox/holds', word, agent)).body.held === held) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Settles to 'answered' once the promise resolves; reads 'waiting' until then. */
function watch(answer: Promise<Response>): { state: () => 'waiting' | 'answered' } {
  let state: 'waiting' | 'answered' = 'waiting';
  void answer.then(() => (state = 'answered'));
  return { state: () => state };
}

describe('held turns', () => {
  it('hold a query until released, one release per waiting turn; other queries and enrichment pass', async () => {
    expect((await control('POST', '/__sandbox/holds', 'Zqwharf')).body).toEqual({ held: 0, released: 0 });

    const first = watch(complete(discovery('zqwharf freight')));
    await whenHeld('zqwharf', 1);
    // Other requests are not held.
    expect((await complete(discovery('koala freight'))).status).toBe(200);
    expect((await complete(enrichment('Zqwharf Freight Pty Ltd'))).status).toBe(200);
    expect(first.state()).toBe('waiting');

    expect((await control('POST', '/__sandbox/holds/release', 'zqwharf')).body).toEqual({ released: 1, held: 0 });
    await expect.poll(first.state).toBe('answered');

    // The next turn waits again: a release lets through only what was waiting.
    const second = watch(complete(discovery('zqwharf freight')));
    await whenHeld('zqwharf', 1);
    expect(second.state()).toBe('waiting');
    expect((await control('DELETE', '/__sandbox/holds', 'zqwharf')).body).toEqual({ held: 0, released: 0 });
    await expect.poll(second.state).toBe('answered');
    expect((await complete(discovery('zqwharf freight'))).status).toBe(200);
  });

  it('counts a held request whose client went away as gone, not held', async () => {
    await control('POST', '/__sandbox/holds', 'zqgone');
    const abort = new AbortController();
    const request = fetch(`${fake.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(discovery('zqgone')),
      signal: abort.signal,
    }).catch(() => 'aborted');
    await whenHeld('zqgone', 1);
    abort.abort();
    expect(await request).toBe('aborted');
    await whenHeld('zqgone', 0);
    expect((await control('POST', '/__sandbox/holds/release', 'zqgone')).body).toEqual({ released: 0, held: 0 });
    await control('DELETE', '/__sandbox/holds', 'zqgone');
  });

  it("hold an organisation's enrichment for the enrichment agent, not the discovery of the same word", async () => {
    expect((await control('POST', '/__sandbox/holds', 'Zqkoala Freight', 'enrichment')).body).toEqual({ held: 0, released: 0 });
    const enriching = watch(complete(namedEnrichment('ZQKOALA FREIGHT PTY LTD')));
    await whenHeld('zqkoala freight', 1, 'enrichment');
    // The discovery agent's requests of that word, and other organisations' enrichment, pass; the discovery hold is untouched.
    expect((await complete(discovery('zqkoala freight'))).status).toBe(200);
    expect((await complete(namedEnrichment('ZQWOMBAT FREIGHT PTY LTD'))).status).toBe(200);
    expect((await control('GET', '/__sandbox/holds', 'zqkoala freight')).body).toEqual({ held: 0, released: 0 });
    expect(enriching.state()).toBe('waiting');

    expect((await control('POST', '/__sandbox/holds/release', 'zqkoala freight', 'enrichment')).body).toEqual({ released: 1, held: 0 });
    await expect.poll(enriching.state).toBe('answered');
    const next = watch(complete(namedEnrichment('ZQKOALA FREIGHT PTY LTD')));
    await whenHeld('zqkoala freight', 1, 'enrichment');
    expect((await control('DELETE', '/__sandbox/holds', 'zqkoala freight', 'enrichment')).body).toEqual({ held: 0, released: 0 });
    await expect.poll(next.state).toBe('answered');
  });

  it('refuses a control request without a word, or for an agent the fake does not have', async () => {
    expect((await control('POST', '/__sandbox/holds', '')).status).toBe(400);
    expect((await control('GET', '/__sandbox/holds', '  ')).status).toBe(400);
    expect((await control('PUT', '/__sandbox/holds', 'x')).status).toBe(405);
    expect((await control('POST', '/__sandbox/holds', 'x', 'billing')).status).toBe(400);
    expect((await control('GET', '/__sandbox/holds', 'x', 'billing')).status).toBe(400);
  });
});
