import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, webhookTargetRefusal } from './webhook-sender';

describe('webhookTargetRefusal (the safe-fetch rules, for endpoints)', () => {
  it('outside the sandbox: https to a public host on the default port only', () => {
    const production = { sandbox: false };
    expect(webhookTargetRefusal('https://hooks.example.com/organisation-changes', production)).toBeUndefined();
    for (const url of [
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://[::1]/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://169.254.169.254/x',
      'https://[fd12::1]/x',
      'https://hooks.example.com:8443/x',
      'https://user:pw@hooks.example.com/x',
      'https://printer.local/x',
      'https://intranet/x',
      'ftp://hooks.example.com/x',
      'hooks.example.com/x',
    ]) {
      expect(webhookTargetRefusal(url, production), url).toEqual(expect.any(String));
    }
  });

  it('in the sandbox: http too, and loopback receivers on any port; private addresses stay refused', () => {
    const sandbox = { sandbox: true };
    for (const url of ['http://127.0.0.1:4010/hook', 'http://localhost:4010/hook', 'http://[::1]:4010/', 'https://hooks.example.com/x']) {
      expect(webhookTargetRefusal(url, sandbox), url).toBeUndefined();
    }
    for (const url of ['http://10.0.0.1/x', 'http://192.168.0.10:8080/x', 'http://169.254.169.254/', 'file:///etc/passwd']) {
      expect(webhookTargetRefusal(url, sandbox), url).toEqual(expect.any(String));
    }
  });
});

describe('the webhook sender', () => {
  let server: http.Server;
  let origin = '';
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/ok') return void res.writeHead(204).end();
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/ok' }).end();
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 2_000);
      if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const more = () => {
          while (sent < 200 && res.write(chunk)) sent += 1;
          if (sent < 200) res.once('drain', more);
          else res.end();
        };
        return void more();
      }
      res.writeHead(500).end('down');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const message = { headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' }, body: '{}' };

  it('posts, and counts a 2xx as delivered and anything else as a failure with its status', async () => {
    const sender = createWebhookSender({ sandbox: true, timeoutMs: 1_000 });
    expect(await sender.post(`${origin}/ok`, message)).toMatchObject({ ok: true, statusCode: 204 });
    expect(await sender.post(`${origin}/down`, message)).toMatchObject({ ok: false, statusCode: 500, error: 'HTTP 500' });
    await sender.close();
  });

  it('never follows a redirect', async () => {
    const sender = createWebhookSender({ sandbox: true, timeoutMs: 1_000 });
    const before = hits.length;
    expect(await sender.post(`${origin}/redirect`, message)).toMatchObject({ ok: false, statusCode: 302, error: 'redirect 302 not followed' });
    expect(hits.slice(before)).toEqual(['/redirect']);
    await sender.close();
  });

  it('gives up at its timeout, and reads a huge answer only up to its bound', async () => {
    const sender = createWebhookSender({ sandbox: true, timeoutMs: 300, maxResponseBytes: 128 * 1024 });
    expect(await sender.post(`${origin}/slow`, message)).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/^timeout/) });
    expect(await sender.post(`${origin}/huge`, message)).toMatchObject({ ok: true, statusCode: 200 });
    await sender.close();
  });

  it('outside the sandbox refuses a loopback URL before connecting, and a public name that resolves to a private address at connect time', async () => {
    const before = hits.length;
    const sender = createWebhookSender({ sandbox: false, timeoutMs: 1_000, resolveHost: async () => ['10.0.0.7'] });
    expect(await sender.post(`${origin}/ok`, message)).toMatchObject({ ok: false, error: expect.stringMatching(/^blocked/) });
    expect(await sender.post('https://hooks.example.com/x', message)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^blocked: hooks.example.com: address 10.0.0.7 is private/),
    });
    expect(hits.length).toBe(before);
    await sender.close();
  });
});
