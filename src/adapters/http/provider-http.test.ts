/** The shared provider HTTP pieces, over a real socket (a local server that answers, hangs or is closed). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptSignal, failureFromStatus, getText, retryOnce, type Attempt } from './provider-http';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/ok') return void response.end('hello');
    if (request.url === '/teapot') {
      response.statusCode = 503;
      return void response.end('busy');
    }
    if (request.url === '/slow-body') {
      response.writeHead(200);
      response.write('partial');
      return; // the body never ends
    }
    // '/hang': no answer at all
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const get = (path: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}) =>
  getText({ url: `${base}${path}`, headers: {}, timeoutMs: options.timeoutMs ?? 5000, signal: options.signal, provider: 'Test' });

describe('getText', () => {
  it('answers a 2xx with its body and another status without it', async () => {
    expect(await get('/ok')).toEqual({ ok: true, response: { ok: true, status: 200, body: 'hello' } });
    expect(await get('/teapot')).toEqual({ ok: true, response: { ok: false, status: 503 } });
  });

  it('our timer is a timeout, for missing headers and for a body that never ends', async () => {
    expect(await get('/hang', { timeoutMs: 100 })).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
    expect(await get('/slow-body', { timeoutMs: 100 })).toMatchObject({ ok: false, failure: { kind: 'timeout' } });
  });

  it("the caller's signal is an abort, before the call and during it", async () => {
    expect(await get('/ok', { signal: AbortSignal.abort() })).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    expect(await get('/hang', { timeoutMs: 2000, signal: controller.signal })).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
  });

  it('a refused connection is a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await getText({ url: `http://127.0.0.1:${port}/`, headers: {}, timeoutMs: 500, provider: 'Test' });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'network', message: expect.stringContaining('Test:') } });
  });
});

describe('retryOnce', () => {
  const attempts = (...outcomes: Attempt<string>[]) => {
    let calls = 0;
    const attempt = async () => {
      const outcome = outcomes[Math.min(calls, outcomes.length - 1)];
      calls += 1;
      if (outcome === undefined) throw new Error('no outcome');
      return outcome;
    };
    return { attempt, calls: () => calls };
  };

  it('does not retry a final outcome', async () => {
    const run = attempts({ result: 'first', retryable: false });
    expect(await retryOnce(run.attempt, { delayMs: 1 })).toBe('first');
    expect(run.calls()).toBe(1);
  });

  it('retries a retryable outcome exactly once, and the second is final', async () => {
    const run = attempts({ result: 'first', retryable: true }, { result: 'second', retryable: true });
    const retried: string[] = [];
    expect(await retryOnce(run.attempt, { delayMs: 1, onRetry: (first) => retried.push(first) })).toBe('second');
    expect(run.calls()).toBe(2);
    expect(retried).toEqual(['first']);
  });
});

describe('failureFromStatus', () => {
  it('is an http failure with the status, worded by what the status means unless the provider says otherwise', () => {
    expect(failureFromStatus('Brave', 500)).toEqual({ kind: 'http', status: 500, message: 'Brave answered HTTP 500' });
    expect(failureFromStatus('Brave', 429).message).toContain('throttled');
    expect(failureFromStatus('OC', 403, { 403: 'usage quota exceeded:' }).message).toBe('OC usage quota exceeded: HTTP 403');
  });
});

describe('attemptSignal', () => {
  it('says which source ended the attempt: none yet, its own timer, or the caller (the caller first)', async () => {
    const caller = new AbortController();
    const running = attemptSignal(60_000, caller.signal);
    expect(running.signal.aborted).toBe(false);
    expect(running.endedBy()).toBeUndefined();
    caller.abort();
    expect(running.signal.aborted).toBe(true);
    expect(running.endedBy()).toBe('aborted');

    const timed = attemptSignal(1);
    await new Promise<void>((resolve) => timed.signal.addEventListener('abort', () => resolve(), { once: true }));
    expect(timed.endedBy()).toBe('timeout');

    const both = new AbortController();
    const late = attemptSignal(1, both.signal);
    await new Promise<void>((resolve) => late.signal.addEventListener('abort', () => resolve(), { once: true }));
    both.abort();
    expect(late.endedBy()).toBe('aborted');
  });
});
