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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
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
