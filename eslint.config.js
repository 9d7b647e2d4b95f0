import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', '.data/', 'drizzle/', 'bench/out/', 'next-env.d.ts', '.scratch/', 'coverage/'] },
  js.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: a promise nobody awaits (or handed where a void callback is expected) is a finding.
    // Fire-and-forget is written `void promise` with a comment saying why.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from the parsed Env (src/config/env.ts).' }],
    },
  },
  {
    // The one place that reads the environment, plus tooling that runs outside the product.
    files: ['src/config/env.ts', 'tests/**', 'bench/**', 'scripts/**', '*.config.ts', 'vitest.*.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
