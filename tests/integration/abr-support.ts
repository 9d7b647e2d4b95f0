/** Shared set-up of the ABN Lookup integration tests: a test database for the cache, the fake, a logger. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { createProviderCache, type ProviderCache } from '../../src/adapters/cache/provider-cache';
import { providerCache } from '../../src/adapters/db/schema';
import type { Logger } from '../../src/adapters/logging/logger';
import { createAbrRegistry } from '../../src/adapters/registries/abr/adapter';
import { createConfiguredAbrClient } from '../../src/adapters/registries/abr/client';
import type { FakeAbr } from '../../src/sandbox/abr/fake-abr-server';
import type { Db } from '../../src/adapters/db/client';
import type { FaultPlan } from '../../src/sandbox/faults';
import type { Timers } from '../../src/server/ports';
import type { ManualTimers } from '../../src/server/timers';

export const TEST_GUID = '3f1a2b4c-0000-4000-8000-abcdefabcdef';

/** A logger that keeps every line, so tests can look at what was (and was not) logged. */
export function memoryLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

type ClientOverrides = { guid?: string; timeoutMs?: number; timers?: Timers };

export function registryFor(fake: FakeAbr, cache: ProviderCache, log: Logger, overrides: ClientOverrides = {}) {
  return createAbrRegistry({ client: abrClientFor(fake, overrides), cache, log });
}

/**
 * The ABR client against the fake: the test GUID unless told otherwise (undefined: not configured), short timeouts
 * (on `timers`, a manual clock the test advances, when given).
 */
export function abrClientFor(fake: FakeAbr, overrides: ClientOverrides = {}) {
  const timeoutMs = overrides.timeoutMs ?? 400;
  return createConfiguredAbrClient({
    guid: 'guid' in overrides ? overrides.guid : TEST_GUID,
    baseUrl: fake.url,
    nameSearchTimeoutMs: timeoutMs,
    detailsTimeoutMs: timeoutMs,
    retryDelayMs: 20,
    ...(overrides.timers ? { timers: overrides.timers } : {}),
  });
}

export async function clearProviderCache(db: Db): Promise<void> {
  await db.delete(providerCache);
}

export const requestsTo = (fake: FakeAbr, endpoint: 'MatchingNames' | 'AbnDetails') =>
  fake.connections.requests.filter((r) => r.url.startsWith(`/json/${endpoint}.aspx`)).length;

/** Per HTTP attempt in the fault matrices: far above a loaded machine's local round trip, far below an answer that comes too late. */
export const FAULT_TIMEOUT_MS = 2000;
/** An answer later than any timeout (the fake's wait ends when the client leaves). */
export const TOO_LATE_MS = 60_000;

/** Polls `condition` until it holds; the bound only says "it did not hang", so it is generous for a loaded machine. */
export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Moves a manual clock `ms` on once the call under test waits on it, and answers the call's outcome. The call waits
 * on its attempt's timeout and, when the fake delays its answer (`fakeDelay`), on that delay too (two timers); a
 * hanging fake sets no timer, so then the clock moves once the call has reached the fake (`plan` took the fault).
 */
export async function advanceWhenWaiting<T>(
  clock: { timers: ManualTimers; plan: FaultPlan },
  ms: number,
  pending: Promise<T>,
  waits: { fakeDelay: boolean },
): Promise<T> {
  if (waits.fakeDelay) await clock.timers.whenPending(2);
  else await clock.plan.whenTaken(1);
  await clock.timers.advance(ms);
  return pending;
}

export { createProviderCache };
