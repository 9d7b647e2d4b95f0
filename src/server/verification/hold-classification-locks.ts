/**
 * A redirect holds the manual classification's per-organisation locks (AddOrganisationNAICS's key) until its
 * transaction has ended: it rewrites the target's NAICS tags and baskets, which a concurrent manual add on either
 * organisation would otherwise compute from a stale NAICS set. Released after the commit (or rollback), never
 * before, so an add that was waiting reads the moved tags. A running add is waited for; one that does not finish
 * in time is a ConflictError.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConflictError } from '../../core/errors';
import { ORGANISATION_NAICS_LOCK_TTL_MS, organisationNaicsLockKey } from '../naics/add-organisation-naics';
import type { Lock, Log } from '../ports';

export interface ClassificationLockOptions {
  /** How long a redirect waits for a running NAICS add on either organisation. Default 10 s. */
  lockWaitMs?: number;
  /** Default AddOrganisationNAICS's 30 s; renewed every third of it while held. */
  lockTtlMs?: number;
  /** Where failures to renew or release those locks are reported (each lock then expires after its TTL). */
  log?: Pick<Log, 'warn'>;
}

const DEFAULT_LOCK_WAIT_MS = 10_000;

export interface ClassificationLocks {
  /** Takes the organisations' locks (sorted, waiting for a running add), kept and renewed until `releaseAll`. */
  hold(organisationIds: readonly string[]): Promise<void>;
  /** Releases every lock held; a failure is logged and the lock expires after its TTL. */
  releaseAll(): Promise<void>;
}

/**
 * AddOrganisationNAICS's per-organisation locks for one verdict's transaction. The lock is non-blocking, so a
 * running add is waited for by polling (25 ms doubling to 250 ms) up to the wait limit; keys are taken in sorted
 * order so two redirects onto one target cannot wait on each other. Held locks are renewed while the
 * transaction runs (a large transaction move can outlast the TTL).
 */
export function holdClassificationLocks(lock: Lock, options: ClassificationLockOptions): ClassificationLocks {
  const waitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  const ttlMs = options.lockTtlMs ?? ORGANISATION_NAICS_LOCK_TTL_MS;
  const held: { key: string; token: string }[] = [];
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  async function acquireWaiting(key: string): Promise<string> {
    const deadline = Date.now() + waitMs;
    for (let delayMs = 25; ; delayMs = Math.min(delayMs * 2, 250)) {
      const token = await lock.tryAcquire(key, ttlMs);
      if (token !== null) return token;
      if (Date.now() + delayMs > deadline) {
        throw new ConflictError(`${key} stayed locked for ${waitMs} ms during a verification`, 'The organisation is being classified; try again shortly');
      }
      await sleep(delayMs);
    }
  }

  return {
    async hold(organisationIds: readonly string[]): Promise<void> {
      for (const key of [...new Set(organisationIds.map(organisationNaicsLockKey))].sort()) {
        if (held.some((h) => h.key === key)) continue;
        held.push({ key, token: await acquireWaiting(key) });
      }
      heartbeat ??= setInterval(
        () => {
          for (const { key, token } of held) {
            lock
              .renew(key, token, ttlMs)
              .catch((error: unknown) => options.log?.warn({ err: error, lockKey: key }, 'failed to renew the organisation NAICS lock'));
          }
        },
        Math.max(10, Math.floor(ttlMs / 3)),
      );
    },
    async releaseAll(): Promise<void> {
      if (heartbeat !== undefined) clearInterval(heartbeat);
      for (const { key, token } of held.splice(0)) {
        try {
          await lock.release(key, token);
        } catch (error) {
          // The verdict stands; the organisation stays locked for NAICS adds until the lock expires.
          options.log?.warn({ err: error, lockKey: key }, 'failed to release the organisation NAICS lock');
        }
      }
    },
  };
}
