/**
 * An OpenFeature provider over the environment's defaults and per-account overrides in the database.
 * Precedence: the account's override, then the all-accounts value, then the environment default.
 * When the database cannot answer, the environment default is returned (reason ERROR), never `true` by accident.
 */
import { OpenFeature, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails, ErrorCode } from '@openfeature/server-sdk';
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { FLAGS, FLAG_NAMES, type FlagName } from '../../core/flags';
import type { FeatureFlags } from '../../server/ports';
import { freshValue, ttlClock } from '../cache/ttl-lru';
import type { Db } from '../db/client';
import { findFlagValues } from '../db/queries/feature-flags';

type StoredValues = Awaited<ReturnType<typeof findFlagValues>>;

class DatabaseFlagProvider implements Provider {
  readonly metadata = { name: 'database-flags' } as const;
  readonly runsOn = 'server' as const;
  /**
   * Stored values per (flag, account), answered for less than `cacheTtlMs` after the read that fetched them
   * began; failures are never cached. Past half the TTL a read of a warm value starts a refresh in the
   * background (refresh-ahead), so an account in use never waits on the flag table and never sees a value
   * older than the TTL. lru-cache bounds the entries and makes a burst of evaluations of one key one query.
   */
  private readonly cache: LRUCache<string, StoredValues, { flagKey: string; accountId: string }>;
  constructor(
    private readonly db: Db,
    private readonly cacheTtlMs: number,
    now: () => number,
  ) {
    this.cache = new LRUCache({
      max: 10_000,
      ttl: Math.max(1, cacheTtlMs),
      ...ttlClock(now),
      // A failed background refresh leaves the value it was refreshing (still within its TTL).
      noDeleteOnFetchRejection: true,
      fetchMethod: async (_key, _previous, { context, options }) => {
        const startedAt = now();
        const stored = await findFlagValues(db, context);
        // The TTL counts from when the read began, not from when it answered.
        options.ttl = Math.max(1, startedAt + cacheTtlMs - now());
        return stored;
      },
    });
  }

  private async storedValues(flagKey: string, accountId: string): Promise<StoredValues> {
    if (this.cacheTtlMs <= 0) return findFlagValues(this.db, { flagKey, accountId });
    const key = `${flagKey}|${accountId}`;
    const context = { flagKey, accountId };
    const hit = freshValue(this.cache, key);
    if (hit !== undefined) {
      // Refresh-ahead; a failure is dropped here (the value in hand is still valid) and met by the next read.
      if (this.cache.getRemainingTTL(key) <= this.cacheTtlMs / 2) void this.cache.fetch(key, { context, forceRefresh: true }).catch(() => undefined);
      return hit;
    }
    // Expired or never read: wait for the database, so a `flags set` is seen by the first request after the TTL.
    const stored = await this.cache.fetch(key, { context, forceRefresh: true });
    if (stored === undefined) throw new Error(`the flag values of ${key} could not be read`);
    return stored;
  }

  async resolveBooleanEvaluation(flagKey: string, defaultValue: boolean, context: EvaluationContext): Promise<ResolutionDetails<boolean>> {
    const accountId = context.targetingKey;
    if (!accountId) return { value: defaultValue, reason: 'DEFAULT' };
    try {
      const stored = await this.storedValues(flagKey, accountId);
      if (stored.account !== undefined) return { value: stored.account, reason: 'TARGETING_MATCH' };
      if (stored.allAccounts !== undefined) return { value: stored.allAccounts, reason: 'STATIC' };
      return { value: defaultValue, reason: 'DEFAULT' };
    } catch (error) {
      return { value: defaultValue, reason: 'ERROR', errorCode: ErrorCode.GENERAL, errorMessage: String(error) };
    }
  }
  async resolveStringEvaluation(_k: string, defaultValue: string): Promise<ResolutionDetails<string>> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
  async resolveNumberEvaluation(_k: string, defaultValue: number): Promise<ResolutionDetails<number>> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
  async resolveObjectEvaluation<T extends JsonValue>(_k: string, defaultValue: T): Promise<ResolutionDetails<T>> {
    return { value: defaultValue, reason: 'DEFAULT' };
  }
}

export type FlagDefaults = Record<FlagName, boolean>;

/**
 * `cacheTtlMs` (FLAG_CACHE_TTL_MS, default 5 s) keeps each account's stored values in process at most that long,
 * so the search route does not pay a database round trip per flag on every request; a value in use is refreshed
 * in the background from half the TTL on, and an expired one is never served, so `flags set` reaches every
 * instance's first request after one TTL. 0 turns the cache off. `now` is the clock the TTL is measured on
 * (tests move it by hand).
 */
export async function createFeatureFlags(db: Db, defaults: FlagDefaults, options: { cacheTtlMs?: number; now?: () => number } = {}): Promise<FeatureFlags> {
  const domain = `flags-${randomUUID()}`;
  await OpenFeature.setProviderAndWait(domain, new DatabaseFlagProvider(db, options.cacheTtlMs ?? 0, options.now ?? Date.now));
  const client = OpenFeature.getClient(domain);
  const isEnabled = (flag: FlagName, accountId: string) => client.getBooleanValue(FLAGS[flag].key, defaults[flag], { targetingKey: accountId });
  return {
    isEnabled,
    async all(accountId) {
      const values = await Promise.all(FLAG_NAMES.map((name) => isEnabled(name, accountId)));
      return Object.fromEntries(FLAG_NAMES.map((name, i) => [name, values[i] ?? defaults[name]])) as Record<FlagName, boolean>;
    },
  };
}
