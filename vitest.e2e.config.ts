import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

const ALL = 'tests/e2e/**/*.e2e.test.ts';
/**
 * `npm test` runs the browser files in two groups side by side (`npm run test:browser`), each vitest process on a
 * product of its own (global setup), so a group's sandbox faults, flags and limits reach only its own files. Group 2
 * is this list, group 1 every other file (a new file lands in group 1; `changes-webhook-disabled` and `start-banner`
 * start a product of their own besides); the two took about the same time in CI (docs/contributing.md, test suite).
 * `npm run test:e2e` (no E2E_GROUP) runs every file on one product.
 */
const GROUP_2 = [
  'identify-and-pages',
  // Not on request-fuzz's product: right after it there (group 1 in size order), its registry pass once took over 30 s.
  'match',
  'search-shell',
  'naics-classification',
  'truthful-states',
  'search-stream',
  'sign-in-and-search',
  'identifier-suggestions',
  'changes',
  'match-explanation',
  'start-banner',
  'demo-figures',
  'registry-status',
].map((name) => `tests/e2e/${name}.e2e.test.ts`);

function filesOf(group: string | undefined): { include: string[]; exclude: string[] } {
  switch (group ?? '') {
    case '':
      return { include: [ALL], exclude: configDefaults.exclude };
    case '1':
      return { include: [ALL], exclude: [...configDefaults.exclude, ...GROUP_2] };
    case '2':
      return { include: GROUP_2, exclude: configDefaults.exclude };
    default:
      throw new Error(`E2E_GROUP is 1, 2 or unset (every file), not ${JSON.stringify(group)}`);
  }
}

/**
 * End-to-end tests: the real product started as `npm start` starts it (tests/e2e/support/global-setup.ts)
 * and driven by Debian's Chromium through playwright-core. Requires a prior `next build`.
 */
export default defineConfig({
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    ...filesOf(process.env.E2E_GROUP),
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    // Nothing leaves loopback: not this process, not the browser's pages, not the product under test.
    setupFiles: ['tests/setup/loopback-only.ts', 'tests/e2e/support/outbound-guard.ts'],
    pool: 'forks',
    fileParallelism: false,
    // One process for every file, keeping its modules (playwright-core, zod, the product's schemas and queries) from
    // file to file: a fresh process per file spent seconds importing them again (docs/contributing.md, test suite).
    // Safe here: no browser test mocks a module or stubs the environment, the loopback guard keeps one unguarded
    // connect across evaluations, and each file launches and closes its own Chromium.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
  },
});
