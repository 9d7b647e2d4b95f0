import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './tests/setup/slow-files-first';

const root = path.dirname(fileURLToPath(import.meta.url));
const alias = { '@': path.join(root, 'src') };
const env = { NEXT_TELEMETRY_DISABLED: '1' };
// A test that connects outside loopback fails (tests/setup/loopback-only.ts).
const setupFiles = ['tests/setup/loopback-only.ts'];

/**
 * Two tiers, one rule (docs/contributing.md): a test that needs a database lives in tests/integration/ (or
 * tests/support, tests/setup); everything under src/ and bench/ needs no database, no product server and no browser.
 * - `fast`: src/ and bench/ tests, in threads, no PostgreSQL (`npm run test:fast`).
 * - `integration`: tests/, against real PostgreSQL (embedded, or TEST_DATABASE_URL's server).
 * `npm run test:unit` runs both; the browser tests have their own config (vitest.e2e.config.ts).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // The worker pools are the root's, one per kind. Threads (the fast tier) keep their modules, see `isolate` there.
    // Forks (the integration tier): three at once even on 2 cores, as vitest's default of one per core but one left
    // the tier to a single file at a time, and most of an integration file's time is spent waiting (time limits,
    // fault delays, polling workers, PostgreSQL), which other files now fill (docs/contributing.md, test suite).
    poolOptions: { threads: { isolate: false }, forks: { maxForks: 3 } },
    // The slowest integration files start first, so none of them ends the tier alone (tests/setup/slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'fast',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
          setupFiles,
          pool: 'threads',
          // One worker keeps its modules from file to file (with isolation each file re-imported zod, the sandbox
          // fakes, the composition root...: most of the tier's CPU). Safe here: no fast test mocks a module, and
          // vitest still restores spies and re-runs the setup file between files (docs/contributing.md, test suite).
          isolate: false,
          testTimeout: 30_000,
          env,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**'],
          globalSetup: ['tests/setup/global-setup.ts'],
          setupFiles,
          pool: 'forks',
          // Each fork keeps its modules from file to file, as the fast tier's thread does: importing the composition
          // root, drizzle and the schemas again for every file was most of the tier's CPU (vitest's "collect", 398 s
          // summed over the files of a fresh-clone run). Safe here: no integration test mocks a module or stubs the
          // environment; each file builds its own container and database (docs/contributing.md, test suite).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          env,
        },
      },
    ],
  },
});
