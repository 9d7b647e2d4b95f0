/**
 * A loopback fake of company home pages (sites.ts), served by Host header over plain HTTP, for the website
 * validator's tests and the sandbox. The validator reaches it only through a safe fetcher built with
 * `sandboxWebsiteFetcherOptions(fake)`: every host name resolves to 127.0.0.1 and connections go to this
 * server's port, which the fetcher's test-only loopback allowance permits. Unknown hosts get a 404 page.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { SafeFetcherOptions } from '../../adapters/website-validation/safe-fetch';
import { FAKE_SITES, type FakeSite, type SiteAnswer } from './sites';
import { listenOnLoopback } from '../listen-on-loopback';

export interface FakeWebsitesOptions {
  port?: number;
  /** Overrides the sites (tests). */
  sites?: readonly FakeSite[];
}

export interface FakeWebsiteRequest {
  host: string;
  path: string;
}

export interface FakeWebsites {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The sites served, by host. */
  pages: ReadonlyMap<string, FakeSite>;
  /** Every request received, in order. */
  requests: FakeWebsiteRequest[];
  close(): Promise<void>;
}

export async function startFakeWebsites(options: FakeWebsitesOptions = {}): Promise<FakeWebsites> {
  const pages = new Map((options.sites ?? FAKE_SITES).map((site) => [site.host, site]));
  const requests: FakeWebsiteRequest[] = [];

  const server = createServer((req, res) => {
    // Every answer closes its connection, so each request goes through a fresh connect (and the fetcher's
    // connect-time address check), as a rebinding test needs.
    res.shouldKeepAlive = false;
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const url = new URL(req.url ?? '/', 'http://fake-websites.invalid');
    requests.push({ host, path: url.pathname });
    const site = pages.get(host);
    const answer = site?.paths[url.pathname] ?? site?.paths['*'];
    if (answer === undefined) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
      return;
    }
    respond(req, res, answer, url);
  });

  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    port: listening.port,
    pages,
    requests,
    close: listening.close,
  };
}

function respond(req: IncomingMessage, res: ServerResponse, answer: SiteAnswer, url: URL): void {
  switch (answer.kind) {
    case 'html': {
      const body = Buffer.from(answer.html, 'utf8');
      const gzip = answer.gzip === true && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipSync(body) : body);
      return;
    }
    case 'redirect':
      res.writeHead(answer.status, { location: answer.location, 'content-type': 'text/html' });
      res.end(`<a href="${answer.location}">moved</a>`);
      return;
    case 'redirect-to-query': {
      const to = url.searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to });
      res.end();
      return;
    }
    case 'file':
      res.writeHead(200, { 'content-type': answer.contentType });
      res.end(answer.body);
      return;
    case 'hang':
      // Never answers; the client's time budget ends it (close() drops the connection).
      return;
  }
}

/**
 * Safe-fetcher options that point every host at the fake: each name resolves to 127.0.0.1 and the
 * test-only loopback allowance sends connections to the fake's port. Tests and the sandbox only.
 */
export function sandboxWebsiteFetcherOptions(fake: Pick<FakeWebsites, 'port'>): SafeFetcherOptions {
  return {
    resolveHost: async () => ['127.0.0.1'],
    unsafeLoopbackForTests: { port: fake.port },
  };
}
