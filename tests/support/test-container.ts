/**
 * A real container (real PostgreSQL, real adapters) over a fresh test database, installed as the process's
 * container so route handlers imported by the test use it.
 */
import { buildContainer, installContainer, type Container } from '../../src/composition-root';
import { parseEnvOrThrow } from '../../src/config/env';
import { createLogger, type Logger } from '../../src/adapters/logging/logger';
import type { SessionAccountLookup } from '../../src/adapters/auth/account-resolver';
import type { SafeFetcherOptions } from '../../src/adapters/website-validation/safe-fetch';
import type { SearchPorts } from '../../src/adapters/search/search-ports';
import { seedDemoConcordance } from '../../src/adapters/db/seed/demo-concordance';
import { seedNaics } from '../../src/adapters/db/seed/naics-seed';
import type { Timers } from '../../src/server/ports';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestContext {
  container: Container;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestContainer(
  options: {
    env?: Record<string, string>;
    sessionAccount?: SessionAccountLookup;
    websiteFetcher?: SafeFetcherOptions;
    /** The search's provider ports (in memory) instead of the real adapters configured by `env`. */
    searchPorts?: SearchPorts;
    log?: Logger;
    /** The clock of monitoring and webhook deliveries (BuildOptions.now). */
    now?: () => Date;
    /** What the registry lead and the routes' time limits wait on (BuildOptions.timers): a manual clock, advanced by the test. */
    timers?: Timers;
    /** Seed the NAICS catalogue and the demo NAICS -> Aquila1 concordance (what a classification needs). */
    naics?: boolean;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  if (options.naics) {
    await seedNaics(database.db);
    await seedDemoConcordance(database.db);
  }
  // Flags are flipped mid-test: read them from the database on every evaluation unless a test says otherwise.
  const env = parseEnvOrThrow({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', FLAG_CACHE_TTL_MS: '0', ...options.env });
  const container = await buildContainer({
    env,
    databaseUrl: database.url,
    log: options.log ?? createLogger({ level: env.LOG_LEVEL, destination: 'stderr' }),
    sessionAccount: options.sessionAccount,
    websiteFetcher: options.websiteFetcher,
    searchPorts: options.searchPorts,
    now: options.now,
    timers: options.timers,
  });
  installContainer(container);
  return {
    container,
    database,
    async close() {
      await container.close();
      await database.drop();
    },
  };
}
