import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecretOrThrow } from './better-auth';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osc-auth-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const base = { BASE_URL: undefined, PORT: 3000 } as const;

describe('resolveAuthSecretOrThrow', () => {
  it('uses AUTH_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    expect(resolveAuthSecretOrThrow({ ...base, AUTH_SECRET: secret, APP_ENV: 'production', NODE_ENV: 'production', DATA_DIR: tempDir() })).toBe(secret);
  });

  it('refuses to run in production without AUTH_SECRET', () => {
    expect(() => resolveAuthSecretOrThrow({ ...base, AUTH_SECRET: undefined, APP_ENV: 'production', NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      /AUTH_SECRET is required/,
    );
  });

  it('in the sandbox, generates a development secret once, keeps it at DATA_DIR/auth-secret with mode 0600, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested');
    const env = { ...base, AUTH_SECRET: undefined, APP_ENV: 'sandbox', NODE_ENV: 'development', DATA_DIR: dataDir } as const;
    const first = resolveAuthSecretOrThrow(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'auth-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecretOrThrow(env)).toBe(first);
  });
});
