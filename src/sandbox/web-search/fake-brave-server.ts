/**
 * Contract fake of Brave Web Search (`GET /res/v1/web/search`, `X-Subscription-Token`) over the sandbox's
 * dataset of fictional homepages. Speaks Brave's payload shape, `<strong>` highlights included, and can be
 * told to fail through its FaultPlan. Loopback only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen-on-loopback';
import { answerWithFaults, ConnectionLog, FaultPlan } from '../faults';
import { WEB_PAGES, type WebPage } from './dataset';

export interface FakeBraveOptions {
  port?: number;
  /** `zero`: answer at once; `realistic`: about 450 ms per search, like the real API. */
  latency?: 'zero' | 'realistic';
  /** Overrides the dataset (tests). */
  pages?: readonly WebPage[];
}

export interface FakeBrave {
  url: string;
  faults: FaultPlan;
  connections: ConnectionLog;
  close(): Promise<void>;
}

const REALISTIC_SEARCH_MS = 450;

export async function startFakeBrave(options: FakeBraveOptions = {}): Promise<FakeBrave> {
  const faults = new FaultPlan();
  if (options.latency === 'realistic') faults.baseLatency = () => REALISTIC_SEARCH_MS;
  const connections = new ConnectionLog();
  const pages = options.pages ?? WEB_PAGES;

  const server = createServer((req, res) => {
    connections.track(req, res);
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-brave.local');
    if (req.method !== 'GET' || url.pathname !== '/res/v1/web/search') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'ErrorResponse', error: { code: 'NOT_FOUND', status: 404, detail: 'Unknown endpoint' } }));
      return;
    }
    const token = req.headers['x-subscription-token'];
    if (typeof token !== 'string' || token.trim() === '') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'ErrorResponse',
          error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401, detail: 'The provided subscription token is invalid.' },
        }),
      );
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    const count = clampCount(url.searchParams.get('count'));
    const country = url.searchParams.get('country')?.toUpperCase();
    await answerWithFaults(faults, req, res, () => ({
      contentType: 'application/json',
      headers: { 'x-ratelimit-limit': '1, 15000', 'x-ratelimit-remaining': '0, 14999', 'x-ratelimit-reset': '1, 2419200' },
      body: JSON.stringify(searchPayload(pages, q, country, count)),
    }));
  }

  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    faults,
    connections,
    close: listening.close,
  };
}

function clampCount(raw: string | null): number {
  const n = Number(raw ?? 20);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 20) : 20;
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((t) => t.length >= 3)
    .map((t) => t.replace(/s$/, ''));
}

/** `https://www.acme.com.au/x` and `acme.com.au` -> `acme.com.au`; undefined for text that is no host. */
function hostOf(text: string): string | undefined {
  const trimmed = text.trim().toLowerCase();
  if (/\s/.test(trimmed) || !trimmed.includes('.')) return undefined;
  try {
    return new URL(/^https?:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/** Pages of the market ranked by query-word overlap (or the page of a domain query); nothing when no page shares a word with the query. */
export function searchPages(pages: readonly WebPage[], q: string, country: string | undefined, count: number): WebPage[] {
  const market = country ?? 'ALL';
  const inMarket = pages.filter((p) => p.markets.includes(market));
  const words = new Set(tokens(q));
  const domain = hostOf(q);
  const scored = inMarket
    .map((page, index) => {
      const haystack = new Set(tokens(`${page.title} ${page.description} ${page.keywords.join(' ')}`));
      // A query that is a page's domain finds that page first, as a real search engine's navigational answer does.
      let score = domain !== undefined && hostOf(page.url) === domain ? 100 : 0;
      for (const w of words) if (haystack.has(w)) score += 1;
      return { page, index, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.page);
  return scored.slice(0, count);
}

function highlight(text: string, q: string): string {
  const words = tokens(q);
  if (words.length === 0) return text;
  const pattern = new RegExp(`\\b(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})s?\\b`, 'gi');
  return text.replace(pattern, '<strong>$&</strong>');
}

function searchPayload(pages: readonly WebPage[], q: string, country: string | undefined, count: number) {
  const results = searchPages(pages, q, country, count).map((page) => {
    const host = new URL(page.url).hostname;
    return {
      type: 'search_result',
      title: page.title,
      url: page.url,
      is_source_local: false,
      is_source_both: false,
      description: highlight(page.description, q),
      language: 'en',
      family_friendly: true,
      profile: { name: page.title.split(/\s[|\-–]\s/)[0], url: page.url, long_name: host, img: '' },
      meta_url: { scheme: 'https', netloc: host, hostname: host, favicon: '', path: new URL(page.url).pathname },
    };
  });
  return {
    type: 'search',
    query: { original: q, show_strict_warning: false, is_navigational: false, country: (country ?? 'ALL').toLowerCase() },
    mixed: { type: 'mixed', main: results.map((_, index) => ({ type: 'web', index, all: false })) },
    web: { type: 'search', results, family_friendly: true },
  };
}
