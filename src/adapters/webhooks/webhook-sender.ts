/**
 * Posts webhook deliveries (the WebhookSender port) under the website fetcher's rules for untrusted URLs
 * (adapters/website-validation/safe-fetch.ts), because an endpoint's URL is an account's input aimed at our network:
 *
 * - Target rule, when the endpoint is created and again before every post: https, no credentials, the default port, a
 *   host under an ICANN public suffix or a public IP literal. In the sandbox, http too, and loopback hosts (`localhost`,
 *   127.0.0.0/8, ::1) on any port, where the demo's receiver runs; private and link-local addresses stay refused.
 * - Address rule AT CONNECT TIME (an undici Agent with our own `connect`): every A/AAAA answer must be public unicast
 *   (loopback too in the sandbox), so DNS rebinding cannot slip past the check at creation.
 * - A redirect is never followed: it is a failed attempt (the receiver must answer 2xx itself).
 * - Bounded: `timeoutMs` for the whole attempt (connection, request, answer), at most `maxResponseBytes` of the answer
 *   read and the rest discarded (only its status is kept).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ReadableStream } from 'node:stream/web';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch } from 'undici';
import { attemptSignal } from '../http/provider-http';
import { blockedAddressReason, blockedUrl, type ResolveHost } from '../website-validation/safe-fetch';
import type { PostWebhookResult, WebhookSender } from '../../server/webhooks/ports';

export interface WebhookSenderOptions {
  /** Sandbox rules: http and loopback receivers allowed (APP_ENV=sandbox). */
  sandbox: boolean;
  /** WEBHOOK_TIMEOUT_MS: one attempt, from connecting to the end of the answer. */
  timeoutMs: number;
  connectTimeoutMs?: number;
  /** What is read of a receiver's answer before the rest is discarded (default 64 KiB). */
  maxResponseBytes?: number;
  resolveHost?: ResolveHost;
}

export interface ClosableWebhookSender extends WebhookSender {
  close(): Promise<void>;
}

export const WEBHOOK_USER_AGENT = 'organisation-search-webhooks/1.0';

class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
}

const stripBrackets = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

function isLoopbackHost(hostname: string): boolean {
  const host = stripBrackets(hostname).toLowerCase();
  if (host === 'localhost') return true;
  return isIP(host) !== 0 && ipaddr.process(host).range() === 'loopback';
}

/** Why `raw` may not be a webhook endpoint's URL under `policy`, or undefined when it may. */
export function webhookTargetRefusal(raw: string, policy: { sandbox: boolean }): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  const schemes = policy.sandbox ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return policy.sandbox ? 'must be an https (or, in the sandbox, http) URL' : 'must be an https URL';
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (policy.sandbox && isLoopbackHost(url.hostname)) return undefined;
  const blocked = blockedUrl(url, { allowLoopback: false });
  return blocked === undefined ? undefined : `is not a public address: ${blocked.message}`;
}

const systemResolver: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export function createWebhookSender(options: WebhookSenderOptions): ClosableWebhookSender {
  const policy = { sandbox: options.sandbox };
  const resolveHost = options.resolveHost ?? systemResolver;
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
  const baseConnect = buildConnector({ timeout: options.connectTimeoutMs ?? Math.min(5_000, options.timeoutMs) });

  async function allowedAddressOrThrow(hostname: string): Promise<string> {
    const host = stripBrackets(hostname);
    const addresses = isIP(host) !== 0 ? [host] : await resolveHost(host);
    const [first] = addresses;
    if (first === undefined) throw new BlockedAddressError(`${host} has no address`);
    for (const address of addresses) {
      const reason = blockedAddressReason(address, { allowLoopback: options.sandbox });
      if (reason !== undefined) throw new BlockedAddressError(`${host}: ${reason}`);
    }
    return first;
  }

  const connect: buildConnector.connector = (connectOptions, callback) => {
    allowedAddressOrThrow(connectOptions.hostname).then(
      // `host` keeps the name, so TLS verifies the certificate against it (SNI), not the address.
      (address) => baseConnect({ ...connectOptions, hostname: address }, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
  const agent = new Agent({ connect, connections: 4, keepAliveTimeout: 1_000 });

  return {
    refusedTarget: (url) => webhookTargetRefusal(url, policy),

    async post(url, message): Promise<PostWebhookResult> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const refused = webhookTargetRefusal(url, policy);
      if (refused !== undefined) return { ok: false, statusCode: null, error: `blocked: the URL ${refused}`, durationMs: 0 };
      const attempt = attemptSignal(options.timeoutMs, message.signal);
      try {
        const response = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          signal: attempt.signal,
          dispatcher: agent,
          headers: { ...message.headers, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT },
          body: message.body,
        });
        await drainBounded(response.body, maxResponseBytes);
        if (response.status >= 300 && response.status < 400) {
          return { ok: false, statusCode: response.status, error: `redirect ${response.status} not followed`, durationMs: elapsed() };
        }
        if (response.status < 200 || response.status >= 300)
          return { ok: false, statusCode: response.status, error: `HTTP ${response.status}`, durationMs: elapsed() };
        return { ok: true, statusCode: response.status, durationMs: elapsed() };
      } catch (error) {
        const endedBy = attempt.endedBy();
        if (endedBy === 'timeout') return { ok: false, statusCode: null, error: `timeout: no answer within ${options.timeoutMs} ms`, durationMs: elapsed() };
        if (endedBy === 'aborted') return { ok: false, statusCode: null, error: 'aborted: the worker stopped', durationMs: elapsed() };
        const blocked = causeOf(error, BlockedAddressError);
        if (blocked !== undefined) return { ok: false, statusCode: null, error: `blocked: ${blocked.message}`, durationMs: elapsed() };
        return { ok: false, statusCode: null, error: `network: ${describe(error)}`, durationMs: elapsed() };
      }
    },

    close: () => agent.close(),
  };
}

/** Reads at most `maxBytes` of an answer (its content is not kept), then lets the rest go. */
async function drainBounded(body: ReadableStream<unknown> | null, maxBytes: number): Promise<void> {
  if (body === null) return;
  const reader = body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    total += value instanceof Uint8Array ? value.byteLength : 0;
    if (total >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

function causeOf<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof type) return current;
    current = current.cause;
  }
  return undefined;
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(cause instanceof Error)) return String(cause);
  const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
  return `${code}${cause.message}`.slice(0, 300);
}
