import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * End-to-end tests: the real product started as `npm start` starts it (tests/e2e/support/global-setup.ts)
 * and driven by Debian's Chromium through playwright-core. Requires a prior `next build`.
 */
export default defineConfig({
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
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
