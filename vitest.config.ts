import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Unit and integration tests (real PostgreSQL: embedded, or TEST_DATABASE_URL's server). */
export default defineConfig({
  resolve: { alias: { '@': path.join(root, 'src') } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', '.next/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    // A test that connects outside loopback fails (tests/setup/loopback-only.ts).
    setupFiles: ['tests/setup/loopback-only.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NEXT_TELEMETRY_DISABLED: '1' },
  },
});
