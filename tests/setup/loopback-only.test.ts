import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback-address';

describe('the loopback-only guard of every test process', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.8.9.1', '::1', '[::1]', '0.0.0.0'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '93.184.216.34', '2606:4700::1', 'example.com'].some(isLoopbackAddress)).toBe(false);
  });

  it('lets a test reach a server on loopback (by address and as localhost)', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('ok');
  });

  it('fails a request to an address outside loopback before it leaves the machine', async () => {
    const error = await fetch('http://93.184.216.34/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error & { cause?: unknown }).cause)).toMatch(/only loopback hosts are reachable from tests/);
  });

  it('fails a request to a host name that resolves outside loopback', async () => {
    const error = await new Promise<Error>((resolve) => {
      const request = http.get({ host: 'outside.test', port: 80, lookup: (_h, _o, cb) => cb(null, [{ address: '10.1.2.3', family: 4 }]) }, () =>
        resolve(new Error('connected')),
      );
      request.on('error', resolve);
    });
    expect(error.message).toMatch(/only loopback hosts are reachable from tests/);
  });

  it("writes each refusal to LOOPBACK_GUARD_LOG when the process has one (how the browser tests see the product's)", async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loopback-guard-')), 'refused.log');
    process.env.LOOPBACK_GUARD_LOG = log;
    try {
      await fetch('http://93.184.216.34/').catch(() => undefined);
      expect(fs.readFileSync(log, 'utf8')).toMatch(/test tried to connect to 93\.184\.216\.34: only loopback hosts are reachable from tests\n$/);
    } finally {
      delete process.env.LOOPBACK_GUARD_LOG;
      fs.rmSync(path.dirname(log), { recursive: true, force: true });
    }
  });
});
