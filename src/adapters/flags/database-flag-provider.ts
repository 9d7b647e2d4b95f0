/**
 * An OpenFeature provider over the environment's defaults and per-account overrides in the database.
 * Precedence: the account's override, then the all-accounts value, then the environment default.
 * When the database cannot answer, the environment default is returned (reason ERROR), never `true` by accident.
 */
import { OpenFeature, type EvaluationContext, type JsonValue, type Provider, type ResolutionDetails, ErrorCode } from '@openfeature/server-sdk';
import { randomUUID } from 'node:crypto';
import { FLAGS, FLAG_NAMES, type FlagName } from '../../core/flags';
import type { FeatureFlags } from '../../server/flags/feature-flags';
import type { Db } from '../db/client';
import { findFlagValues } from '../db/queries/feature-flags';

type StoredValues = Awaited<ReturnType<typeof findFlagValues>>;

class DatabaseFlagProvider implements Provider {
  readonly metadata = { name: 'database-flags' } as const;
  readonly runsOn = 'server' as const;
  /**
   * Stored values per (flag, account), answered for at most `cacheTtlMs` after the read that fetched them
   * began; failures are never cached. Past half the TTL a read of a warm value starts a refresh in the
   * background (refresh-ahead), so an account in use never waits on the flag table and never sees a value
   * older than the TTL.
   */
  private readonly cache = new Map<string, { stored: StoredValues; refreshAt: number; expiresAt: number }>();
  constructor(
    private readonly db: Db,
    private readonly cacheTtlMs: number,
    private readonly now: () => number,
  ) {}

  /** Reads being made now, so a burst of evaluations of one key makes one query. */
  private readonly loading = new Map<string, Promise<StoredValues>>();

  private async storedValues(flagKey: string, accountId: string): Promise<StoredValues> {
    if (this.cacheTtlMs <= 0) return findFlagValues(this.db, { flagKey, accountId });
    const key = `${flagKey}|${accountId}`;
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > now) {
      if (hit.refreshAt <= now && !this.loading.has(key)) this.load(key, flagKey, accountId).catch(() => undefined);
      return hit.stored;
    }
    // Expired or never read: wait for the database, so a `flags set` is seen by the first request after the TTL.
    return this.loading.get(key) ?? this.load(key, flagKey, accountId);
  }

  private load(key: string, flagKey: string, accountId: string): Promise<StoredValues> {
    const startedAt = this.now();
    const load = findFlagValues(this.db, { flagKey, accountId })
      .then((stored) => {
        if (this.cache.size > 10_000) this.cache.clear();
        this.cache.set(key, { stored, refreshAt: startedAt + this.cacheTtlMs / 2, expiresAt: startedAt + this.cacheTtlMs });
        return stored;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, load);
    return load;
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
