/**
 * The internal rows sharing candidates' composite keys (spec: POST /api/organisations/search, rules 3 and
 * 4), looked up for one search: owned rows preferred over global ones (the port's query), `accountLinked`
 * per candidate while streaming (`membership: 'resolve'`) or left to one batch after collection (`'skip'`).
 *
 * A key is looked up as soon as it is known (the registry's answer, an agent report), while website
 * enrichment and validation run, so writing the candidate seldom waits for the database. One promise per
 * key; a key not prefetched (a disambiguated one) is fetched when asked for. A failed lookup is logged and
 * answers "no match": the candidates stream as new instead of failing the search.
 */
import type { InternalMatch, InternalMatches } from './ports';
import type { Log } from '../ports';

export interface InternalMatchLookup {
  /** Starts the lookups of keys not asked for yet; resolves when all the keys have answered (never rejects). */
  prefetch(keys: readonly string[]): Promise<unknown>;
  /** The match of a key, from its prefetch, else looked up now. */
  matchOf(key: string): Promise<InternalMatch | undefined>;
  /** The matches of keys as they are now (not from a prefetch): a late patch recomputes its key's match (rule 2). */
  current(keys: string[]): Promise<Map<string, InternalMatch>>;
}

export interface InternalMatchLookupDependencies {
  internalMatches: InternalMatches;
  accountId: string;
  membership: 'resolve' | 'skip';
  log: Pick<Log, 'debug' | 'warn'>;
}

export function createInternalMatchLookup(deps: InternalMatchLookupDependencies): InternalMatchLookup {
  const matchByKey = new Map<string, Promise<InternalMatch | undefined>>();

  const current = async (keys: string[]): Promise<Map<string, InternalMatch>> => {
    if (keys.length === 0) return new Map();
    try {
      return await deps.internalMatches.byKeys({ accountId: deps.accountId, keys, membership: deps.membership });
    } catch (error) {
      deps.log.warn({ err: error }, 'internal match lookup failed; candidates stream as new');
      return new Map();
    }
  };

  const startLookups = (keys: readonly string[]): void => {
    const missing = [...new Set(keys)].filter((key) => !matchByKey.has(key));
    if (missing.length === 0) return;
    const batch = current(missing);
    for (const key of missing)
      matchByKey.set(
        key,
        batch.then((found) => found.get(key)),
      );
  };

  return {
    prefetch(keys) {
      startLookups(keys);
      return Promise.all(keys.map((key) => matchByKey.get(key)));
    },
    matchOf(key) {
      startLookups([key]);
      return matchByKey.get(key) ?? Promise.resolve(undefined);
    },
    current,
  };
}
