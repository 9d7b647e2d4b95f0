/**
 * The browser's client for POST /api/organisations/search (same-origin, the session cookie authenticates).
 * The answer is NDJSON: each line is one StreamItem, validated with `streamItemSchema` and handed to
 * `onItem` as it arrives. A line that is not JSON or not a StreamItem is ignored and counted, never fatal.
 * Failures before the first byte are JSON answers (400/401/429/503) and come back as values with a message
 * to show, like the quick-search client. An abort by the caller (a newer search, or unmount) rethrows.
 */
import { z } from 'zod';
import { streamItemSchema, type StreamItem } from '../../core/candidates';
import type { FocusPanelAbrPreset } from '../../core/focus-panel';

/** The client always requests `auto` (spec: "The client always requests auto"). */
export type ClientSearchMode = 'auto';

export interface StreamSearchParams {
  readonly query: string;
  readonly countryIsoAlpha3: string;
  readonly mode?: ClientSearchMode;
  /** The focus panel's Business names toggle (sent only when the panel is shown, flag `hybridSearch`). */
  readonly abrPreset?: FocusPanelAbrPreset;
  /** The focus panel's Sole traders toggle. */
  readonly includeSoleTraders?: boolean;
}

export type StreamFailureReason = 'unauthorized' | 'rate_limited' | 'unavailable' | 'invalid' | 'failed' | 'interrupted';

export type StreamSearchOutcome =
  | { ok: true; items: number; ignoredLines: number }
  | {
      ok: false;
      reason: StreamFailureReason;
      message: string;
      items: number;
      ignoredLines: number;
      /** A 429's Retry-After in seconds (null when absent or unreadable; undefined for other failures). */
      retryAfterSeconds?: number | null;
    };

const errorAnswer = z.object({ error: z.string() });

/**
 * Splits a text stream into lines: a line split across chunks is joined, `\r\n` is accepted, blank lines
 * are dropped, and `flush()` returns a final line that has no newline.
 */
export function createLineSplitter(): { push(text: string): string[]; flush(): string[] } {
  let pending = '';
  const clean = (lines: string[]) => lines.map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== '');
  return {
    push(text) {
      pending += text;
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      return clean(parts);
    },
    flush() {
      const last = pending;
      pending = '';
      return clean([last]);
    },
  };
}

/** One NDJSON line to a StreamItem, or null when it is not JSON or not a valid item. */
export function parseStreamLine(line: string): StreamItem | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = streamItemSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number | null {
  if (header === null || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** The message to show for a JSON answer given before the stream's first byte. */
export function streamErrorOutcome(status: number, body: unknown, retryAfter: string | null): { reason: StreamFailureReason; message: string } {
  const serverMessage = errorAnswer.safeParse(body);
  switch (status) {
    case 400:
      return { reason: 'invalid', message: serverMessage.success ? serverMessage.data.error : 'That search is not valid.' };
    case 401:
      return { reason: 'unauthorized', message: 'Your session has ended. Sign in again.' };
    case 429: {
      const seconds = retryAfterSeconds(retryAfter);
      return {
        reason: 'rate_limited',
        message: seconds === null ? 'Too many searches; wait a moment and try again.' : `Too many searches; retry in ${seconds} s.`,
      };
    }
    case 503:
      return { reason: 'unavailable', message: 'The registry and web search are temporarily unavailable. Try again shortly.' };
    default:
      return { reason: 'failed', message: 'The registry and web search failed. Try again.' };
  }
}

export async function streamSearch(
  params: StreamSearchParams,
  signal: AbortSignal,
  onItem: (item: StreamItem) => void,
  options: { fetch?: typeof fetch } = {},
): Promise<StreamSearchOutcome> {
  const doFetch = options.fetch ?? fetch;
  let items = 0;
  let ignoredLines = 0;
  let response: Response;
  try {
    response = await doFetch('/api/organisations/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify({
        query: params.query,
        countryIsoAlpha3: params.countryIsoAlpha3,
        mode: params.mode ?? 'auto',
        ...(params.abrPreset === undefined ? {} : { abrPreset: params.abrPreset }),
        ...(params.includeSoleTraders === undefined ? {} : { includeSoleTraders: params.includeSoleTraders }),
      }),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, reason: 'failed', message: 'Cannot reach the server. Check your connection and try again.', items, ignoredLines };
  }
  if (!response.ok || response.body === null) {
    const body: unknown = await response.json().catch(() => null);
    if (signal.aborted) throw signal.reason;
    const retryAfter = response.headers.get('retry-after');
    const failure = { ok: false as const, ...streamErrorOutcome(response.ok ? 500 : response.status, body, retryAfter), items, ignoredLines };
    return response.status === 429 ? { ...failure, retryAfterSeconds: retryAfterSeconds(retryAfter) } : failure;
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const splitter = createLineSplitter();
  const deliver = (lines: string[]) => {
    for (const line of lines) {
      const item = parseStreamLine(line);
      if (item === null) {
        ignoredLines += 1;
        continue;
      }
      items += 1;
      onItem(item);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      deliver(splitter.push(decoder.decode(value, { stream: true })));
      if (signal.aborted) break;
    }
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, reason: 'interrupted', message: 'The registry and web search were interrupted; results may be incomplete.', items, ignoredLines };
  } finally {
    if (signal.aborted) await reader.cancel().catch(() => undefined);
  }
  if (signal.aborted) throw signal.reason;
  deliver(splitter.push(decoder.decode()));
  deliver(splitter.flush());
  return { ok: true, items, ignoredLines };
}
