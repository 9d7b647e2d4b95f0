/**
 * The hardened fetcher of website validation (providers/enrichment.md 3.5): fetches one untrusted home
 * page without letting a URL, a DNS answer or a redirect reach our own network.
 *
 * - URL rules, on the first URL and on every redirect hop: http or https only, no credentials, the default
 *   port only, no `localhost` / `.local` / `.internal` / `.home.arpa`, a host name under an ICANN public
 *   suffix (tldts) or an IP literal that passes the address rule; https is never downgraded to http.
 * - Address rule, AT CONNECT TIME (undici Agent with our own `connect`, so every connection of every hop is
 *   checked and DNS rebinding cannot slip past an earlier check): every A/AAAA answer, after
 *   `ipaddr.process` (which unwraps IPv4-mapped IPv6), must have range `unicast`. Private, loopback,
 *   link-local (169.254.169.254 metadata included), unique-local, CGNAT, multicast, broadcast, unspecified,
 *   reserved and transition ranges (NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4 2002::/16, Teredo,
 *   IPv4-translated) are refused, and so is IPv4-compatible IPv6 (::/96), which ipaddr.js calls unicast; a mixed answer is refused; the checked address is the one
 *   connected to.
 * - Budgets: at most `maxRedirects` hops (manual redirects), `connectTimeoutMs` per connection,
 *   `timeoutMs` for the whole fetch (all hops and the body), GET only, no cookies or credentials, a fixed
 *   User-Agent; only `text/html` / `application/xhtml+xml`; the body is streamed and reading stops at
 *   `maxBytes` of decoded bytes (so a gzip bomb counts at its inflated size).
 *
 * Expected failures are returned as values (`{ ok: false, failure }`), never thrown.
 *
 * `unsafeLoopbackForTests` is the one escape hatch, for the tests and the sandbox's fake home pages, which
 * live on loopback: with it, loopback addresses pass the address rule and every connection to a loopback
 * address goes to the given port over plain TCP (whatever the URL's scheme). Production wiring never sets it.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ReadableStream } from 'node:stream/web';
import ipaddr from 'ipaddr.js';
import { parse } from 'tldts';
import { Agent, buildConnector, fetch } from 'undici';
import { attemptSignal } from '../http/provider-http';

export interface SafeFetchLimits {
  maxRedirects: number;
  /** The whole fetch: every hop and the body. */
  timeoutMs: number;
  /** One TCP (and TLS) connection. */
  connectTimeoutMs: number;
  /** Decoded body bytes read; the rest of the page is not read. */
  maxBytes: number;
}

export const DEFAULT_SAFE_FETCH_LIMITS: SafeFetchLimits = {
  maxRedirects: 5,
  timeoutMs: 10_000,
  connectTimeoutMs: 5_000,
  maxBytes: 1_000_000,
};

export const SAFE_FETCH_USER_AGENT = 'organisation-search-website-validator/1.0';

/** Every address a host name resolves to (A and AAAA). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface SafeFetcherOptions {
  /** DNS resolution; the system resolver by default. Tests give fictional hosts their addresses. */
  resolveHost?: ResolveHost;
  limits?: Partial<SafeFetchLimits>;
  userAgent?: string;
  /**
   * UNSAFE, for tests and the sandbox only (the fake home pages run on loopback): loopback addresses pass
   * the address rule, and connections to them go to `port` over plain TCP. Never set in production.
   */
  unsafeLoopbackForTests?: { port: number };
}

export type SafeFetchFailureKind = 'blocked-url' | 'blocked-address' | 'too-many-redirects' | 'http-status' | 'not-html' | 'timeout' | 'aborted' | 'network';

export interface SafeFetchFailure {
  kind: SafeFetchFailureKind;
  /** For logs and the validator's reason; never contains page content. */
  message: string;
  status?: number;
}

export interface FetchedPage {
  requestedUrl: string;
  /** After redirects. */
  url: string;
  status: number;
  contentType: string;
  html: string;
  /** The body was longer than maxBytes and was cut there. */
  truncated: boolean;
  /** Every URL redirected to, in order. */
  redirects: string[];
}

export type SafeFetchResult = { ok: true; page: FetchedPage } | { ok: false; failure: SafeFetchFailure; redirects: string[] };

export interface PageFetcher {
  fetchPage(url: string, options?: { signal?: AbortSignal }): Promise<SafeFetchResult>;
  close(): Promise<void>;
}

/** Thrown inside the connector so undici aborts the connection; surfaced as a `blocked-address` failure. */
class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const FORBIDDEN_HOST_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.corp'];

/**
 * ipaddr.js calls the deprecated IPv4-compatible block `::/96` unicast (`[::127.0.0.1]` is `[::7f00:1]`
 * once a URL is parsed), yet it embeds an IPv4 address a host may still route to: the whole block is
 * refused. `::` and `::1` keep their own ranges (unspecified, loopback).
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const UNWRAPPED_BY_RANGE = new Set(['::', '::1']);

function stripBrackets(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Why an address may not be connected to, or undefined when it may: only `unicast` (public) addresses,
 * plus loopback when `allowLoopback` (tests and sandbox).
 */
export function blockedAddressReason(address: string, options: { allowLoopback: boolean }): string | undefined {
  if (!ipaddr.isValid(address)) return `not an IP address: ${address}`;
  // ipaddr.js reads `::a.b.c.d` as IPv4-mapped (`::ffff:a.b.c.d`); the URL parser writes it in hex, as it is.
  const parsed = ipaddr.parse(isIP(address) === 6 ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  if (parsed.kind() === 'ipv6' && parsed.match(IPV4_COMPATIBLE) && !UNWRAPPED_BY_RANGE.has(parsed.toString())) {
    return `address ${address} is IPv4-compatible IPv6 (::/96), not public`;
  }
  const range = ipaddr.process(parsed.toString()).range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && options.allowLoopback) return undefined;
  return `address ${address} is ${range}, not public`;
}

/**
 * Why a URL may not be fetched (scheme, credentials, port, host; an IP literal by the address rule), or
 * undefined when it may.
 */
export function blockedUrl(url: URL, options: { allowLoopback: boolean }): SafeFetchFailure | undefined {
  const blocked = (message: string): SafeFetchFailure => ({ kind: 'blocked-url', message });
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return blocked(`scheme ${url.protocol} is not http or https`);
  if (url.username !== '' || url.password !== '') return blocked('credentials in the URL');
  if (url.port !== '') return blocked(`port ${url.port} is not 80 or 443`);
  const hostname = stripBrackets(url.hostname).replace(/\.$/, '').toLowerCase();
  if (isIP(hostname) !== 0) {
    const reason = blockedAddressReason(hostname, options);
    return reason === undefined ? undefined : { kind: 'blocked-address', message: reason };
  }
  if (hostname === 'localhost' || FORBIDDEN_HOST_SUFFIXES.some((suffix) => hostname.endsWith(suffix))) {
    return blocked(`host ${hostname} is internal`);
  }
  const parsed = parse(hostname);
  if (parsed.isIcann !== true || parsed.domain === null) return blocked(`host ${hostname} is not under a public suffix`);
  return undefined;
}

const systemResolver: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export function createSafeFetcher(options: SafeFetcherOptions = {}): PageFetcher {
  const limits: SafeFetchLimits = { ...DEFAULT_SAFE_FETCH_LIMITS, ...options.limits };
  const resolveHost = options.resolveHost ?? systemResolver;
  const testLoopback = options.unsafeLoopbackForTests;
  const policy = { allowLoopback: testLoopback !== undefined };
  const userAgent = options.userAgent ?? SAFE_FETCH_USER_AGENT;
  const baseConnect = buildConnector({ timeout: limits.connectTimeoutMs });

  /** The address to connect to, checked now, at connect time. */
  async function allowedAddressOrThrow(hostname: string): Promise<string> {
    const host = stripBrackets(hostname);
    const addresses = isIP(host) !== 0 ? [host] : await resolveHost(host);
    if (addresses.length === 0) throw new BlockedAddressError(`${host} has no address`);
    for (const address of addresses) {
      const reason = blockedAddressReason(address, policy);
      if (reason !== undefined) throw new BlockedAddressError(`${host}: ${reason}`);
    }
    const [first] = addresses;
    if (first === undefined) throw new BlockedAddressError(`${host} has no address`);
    return first;
  }

  const connect: buildConnector.connector = (connectOptions, callback) => {
    allowedAddressOrThrow(connectOptions.hostname).then(
      (address) => {
        const loopback = ipaddr.process(address).range() === 'loopback';
        if (testLoopback !== undefined && loopback) {
          baseConnect({ ...connectOptions, protocol: 'http:', hostname: address, port: String(testLoopback.port) }, callback);
        } else {
          // `host` keeps the name, so TLS verifies the certificate against it (SNI), not the address.
          baseConnect({ ...connectOptions, hostname: address }, callback);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };

  const agent = new Agent({ connect, connections: 2, keepAliveTimeout: 1_000 });

  async function fetchPage(requestedUrl: string, fetchOptions: { signal?: AbortSignal } = {}): Promise<SafeFetchResult> {
    const redirects: string[] = [];
    const fail = (kind: SafeFetchFailureKind, message: string, status?: number): SafeFetchResult => ({
      ok: false,
      failure: status === undefined ? { kind, message } : { kind, message, status },
      redirects,
    });
    const attempt = attemptSignal(limits.timeoutMs, fetchOptions.signal);

    let current: URL;
    try {
      current = new URL(requestedUrl);
    } catch {
      return fail('blocked-url', 'not a URL');
    }
    try {
      for (let hop = 0; ; hop += 1) {
        const blocked = blockedUrl(current, policy);
        if (blocked !== undefined) return fail(blocked.kind, blocked.message);
        const response = await fetch(current, {
          method: 'GET',
          redirect: 'manual',
          signal: attempt.signal,
          dispatcher: agent,
          headers: {
            accept: 'text/html,application/xhtml+xml;q=0.9',
            'accept-language': 'en',
            'user-agent': userAgent,
          },
        });
        if (REDIRECT_STATUSES.has(response.status)) {
          await response.body?.cancel().catch(() => undefined);
          const location = response.headers.get('location');
          if (location === null) return fail('http-status', `redirect ${response.status} without a Location`, response.status);
          let next: URL;
          try {
            next = new URL(location, current);
          } catch {
            return fail('blocked-url', 'redirect to a malformed URL');
          }
          if (current.protocol === 'https:' && next.protocol === 'http:') return fail('blocked-url', 'redirect downgrades https to http');
          if (hop + 1 > limits.maxRedirects) return fail('too-many-redirects', `more than ${limits.maxRedirects} redirects`);
          redirects.push(next.href);
          current = next;
          continue;
        }
        if (response.status < 200 || response.status >= 300) {
          await response.body?.cancel().catch(() => undefined);
          return fail('http-status', `HTTP ${response.status}`, response.status);
        }
        const contentType = response.headers.get('content-type') ?? '';
        const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!HTML_TYPES.has(mediaType)) {
          await response.body?.cancel().catch(() => undefined);
          return fail('not-html', `content type ${mediaType === '' ? 'missing' : mediaType} is not HTML`);
        }
        const { bytes, truncated } = await readBounded(response.body, limits.maxBytes);
        return {
          ok: true,
          page: {
            requestedUrl,
            url: current.href,
            status: response.status,
            contentType: mediaType,
            html: decode(bytes, contentType),
            truncated,
            redirects,
          },
        };
      }
    } catch (error) {
      const endedBy = attempt.endedBy();
      if (endedBy === 'aborted') return fail('aborted', 'aborted by the caller');
      if (endedBy === 'timeout') return fail('timeout', `no page within ${limits.timeoutMs} ms`);
      const blocked = findCause(error, BlockedAddressError);
      if (blocked) return fail('blocked-address', blocked.message);
      return fail('network', describeNetworkError(error));
    }
  }

  return {
    fetchPage,
    close: () => agent.close(),
  };
}

/** Reads at most `maxBytes` of the (decoded) body, then stops reading and releases the stream. */
async function readBounded(body: ReadableStream<unknown> | null, maxBytes: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (body === null) return { bytes: new Uint8Array(0), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) throw new Error('response body chunk is not bytes');
    const room = maxBytes - total;
    if (value.byteLength >= room) {
      chunks.push(value.subarray(0, room));
      total += room;
      truncated = value.byteLength > room;
      if (truncated) break;
      continue;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  if (truncated) await reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** The body as text in the charset the Content-Type names (UTF-8 when it names none or an unknown one). */
function decode(bytes: Uint8Array, contentType: string): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function findCause<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof type) return current;
    current = current.cause;
  }
  return undefined;
}

function describeNetworkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
    return `${code}${cause.message}`;
  }
  return String(cause);
}
