import { describe, expect, it } from 'vitest';
import type { StreamItem } from '../../core/candidates';
import { assessMatch } from '../../core/match-confidence';
import { createLineSplitter, retryAfterSeconds, streamErrorOutcome, streamSearch } from './search-stream-client';

const candidate = {
  _type: 'candidate',
  ref: '6f1c1a52-8c1e-4d43-9d7e-3f5a1b2c4d5e',
  canonicalName: 'Koala Logistics Pty Ltd',
  description: '',
  countryIsoAlpha3: 'AUS',
  key: 'AUS|koala logistics pty ltd',
  existingOrgId: null,
  source: 'registry_au',
  website: null,
  logo: null,
  accountLinked: false,
  identifiers: [{ type: 'ABN', value: '51824753556' }],
  websiteValidated: false,
  nameKind: 'entity',
  matchedBusinessName: 'Koala Express Freight',
  parentEntityName: null,
  type: 'ProprietaryLimited',
  match: assessMatch({ name: 'Koala Logistics' }, { name: 'Koala Logistics Pty Ltd' }),
} as const;
const patch = {
  _type: 'identifierPatch',
  key: candidate.key,
  ref: candidate.ref,
  identifiers: [{ type: 'ACN', value: '824753556' }],
  existingOrgId: 'org-1',
  accountLinked: true,
} as const;
const degraded = { _type: 'channel-degraded', channel: 'registry' } as const;

/** A fetch answering 200 with the given byte chunks as the body, recording what was sent. */
function streamingFetch(chunks: readonly Uint8Array[], seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return async (input, init) => {
    seen.url = String(input);
    seen.init = init;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
  };
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('createLineSplitter', () => {
  it('joins a line split across chunks, accepts CRLF, drops blank lines and flushes a final line without newline', () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"a":1}\n{"b"')).toEqual(['{"a":1}']);
    expect(splitter.push(':2}\r\n\n')).toEqual(['{"b":2}']);
    expect(splitter.push('{"c"')).toEqual([]);
    expect(splitter.push(':3}')).toEqual([]);
    expect(splitter.flush()).toEqual(['{"c":3}']);
    expect(splitter.flush()).toEqual([]);
  });
});

describe('streamSearch', () => {
  it('posts query, country and mode auto, and hands each item over as it arrives, even when split mid-line and mid-character', async () => {
    const text = `${JSON.stringify({ ...candidate, canonicalName: 'Kōala Logistics' })}\n${JSON.stringify(patch)}\n${JSON.stringify(degraded)}`;
    const bytes = encode(text);
    // split inside the multi-byte "ō" and inside the second line; the last line has no newline
    const cut1 = text.indexOf('ō') + 1;
    const cut2 = bytes.length - 30;
    const seen: { url?: string; init?: RequestInit } = {};
    const items: StreamItem[] = [];
    const outcome = await streamSearch({ query: 'koala', countryIsoAlpha3: 'AUS' }, new AbortController().signal, (item) => items.push(item), {
      fetch: streamingFetch([bytes.slice(0, cut1), bytes.slice(cut1, cut2), bytes.slice(cut2)], seen),
    });
    expect(outcome).toEqual({ ok: true, items: 3, ignoredLines: 0 });
    expect(items.map((i) => i._type)).toEqual(['candidate', 'identifierPatch', 'channel-degraded']);
    expect(items[0]).toMatchObject({ canonicalName: 'Kōala Logistics' });
    expect(seen.url).toBe('/api/organisations/search');
    expect(seen.init?.method).toBe('POST');
    expect(JSON.parse(String(seen.init?.body))).toEqual({ query: 'koala', countryIsoAlpha3: 'AUS', mode: 'auto' });
  });

  it("sends the focus panel's abrPreset and includeSoleTraders when given", async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    await streamSearch(
      { query: 'koala', countryIsoAlpha3: 'AUS', abrPreset: 'with-business-names', includeSoleTraders: true },
      new AbortController().signal,
      () => undefined,
      { fetch: streamingFetch([], seen) },
    );
    expect(JSON.parse(String(seen.init?.body))).toEqual({
      query: 'koala',
      countryIsoAlpha3: 'AUS',
      mode: 'auto',
      abrPreset: 'with-business-names',
      includeSoleTraders: true,
    });
  });

  it('ignores and counts lines that are not JSON or not stream items, without stopping', async () => {
    const items: StreamItem[] = [];
    const lines = [
      'not json',
      JSON.stringify({ _type: 'candidate', canonicalName: 'half' }),
      JSON.stringify({ _type: 'mystery' }),
      JSON.stringify(degraded),
      '',
    ];
    const outcome = await streamSearch({ query: 'k', countryIsoAlpha3: 'AUS' }, new AbortController().signal, (item) => items.push(item), {
      fetch: streamingFetch([encode(lines.join('\n'))]),
    });
    expect(outcome).toEqual({ ok: true, items: 1, ignoredLines: 3 });
    expect(items).toEqual([degraded]);
  });

  it('maps JSON answers before the first byte to a reason and a message', async () => {
    const answer =
      (status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch =>
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
    const run = (f: typeof fetch) => streamSearch({ query: 'k', countryIsoAlpha3: 'AUS' }, new AbortController().signal, () => undefined, { fetch: f });
    expect(await run(answer(429, { error: 'x', code: 'rate_limited' }, { 'retry-after': '17' }))).toMatchObject({
      ok: false,
      reason: 'rate_limited',
      message: 'Too many searches; retry in 17 s.',
      retryAfterSeconds: 17,
    });
    expect(await run(answer(400, { error: 'query: must be at most 200 characters' }))).toMatchObject({
      reason: 'invalid',
      message: 'query: must be at most 200 characters',
    });
    expect(await run(answer(401, { error: 'x' }))).toMatchObject({ reason: 'unauthorized' });
    expect(await run(answer(503, { error: 'x' }))).toMatchObject({ reason: 'unavailable' });
    expect(await run(answer(500, null))).toMatchObject({ reason: 'failed' });
  });

  it('reports a network failure and a stream broken mid-way as values, keeping the items already delivered', async () => {
    const broken: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await streamSearch({ query: 'k', countryIsoAlpha3: 'AUS' }, new AbortController().signal, () => undefined, { fetch: broken })).toMatchObject({
      ok: false,
      reason: 'failed',
    });
    const breaksMidWay: typeof fetch = async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) controller.error(new TypeError('network error'));
          else controller.enqueue(encode(`${JSON.stringify(degraded)}\n`));
          sent = true;
        },
      });
      return new Response(body, { status: 200 });
    };
    const items: StreamItem[] = [];
    const outcome = await streamSearch({ query: 'k', countryIsoAlpha3: 'AUS' }, new AbortController().signal, (item) => items.push(item), {
      fetch: breaksMidWay,
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'interrupted', items: 1 });
    expect(items).toEqual([degraded]);
  });

  it('rethrows when the caller aborts, and delivers nothing after the abort', async () => {
    const controller = new AbortController();
    const items: StreamItem[] = [];
    let cancelled = false;
    const slow: typeof fetch = async () => {
      let step = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          step += 1;
          if (step === 1) c.enqueue(encode(`${JSON.stringify(candidate)}\n`));
          else
            return new Promise<void>((resolve) =>
              setTimeout(() => {
                // The reader may have cancelled the body in the meantime (the abort): a closed controller takes nothing.
                if (!cancelled) c.enqueue(encode(`${JSON.stringify(patch)}\n`));
                resolve();
              }, 20),
            );
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { status: 200 });
    };
    const outcome = streamSearch(
      { query: 'k', countryIsoAlpha3: 'AUS' },
      controller.signal,
      (item) => {
        items.push(item);
        controller.abort();
      },
      { fetch: slow },
    );
    await expect(outcome).rejects.toBeDefined();
    expect(items).toHaveLength(1);
    expect(cancelled).toBe(true);
  });
});

describe('retryAfterSeconds and streamErrorOutcome', () => {
  it('reads delta-seconds and HTTP dates; falls back to a generic message without the header', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 10:00:30 GMT', new Date('2026-11-22T10:00:00Z'))).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(streamErrorOutcome(429, null, null).message).toBe('Too many searches; wait a moment and try again.');
  });
});
