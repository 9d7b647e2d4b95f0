/**
 * Every provider's contract fake on loopback, as sandbox mode starts them (`startSandbox`), with the
 * environment variables that point the real adapters at them, for tests that run a whole flow.
 */
import os from 'node:os';
import path from 'node:path';
import { parseEnvOrThrow, type Env } from '../../src/config/env';
import { createLogger } from '../../src/adapters/logging/logger';
import { startSandbox, type Sandbox } from '../../src/sandbox/start-sandbox';

const PROVIDER_VARIABLES = [
  'ABR_GUID',
  'ABR_BASE_URL',
  'OPENCORPORATES_API_TOKEN',
  'OPENCORPORATES_BASE_URL',
  'GLEIF_BASE_URL',
  'WEB_SEARCH_API_KEY',
  'WEB_SEARCH_BASE_URL',
  'AGENT_PROVIDER',
  'AGENT_BASE_URL',
  'AGENT_MODEL',
  'AGENT_API_KEY',
  'COMPANY_DATA_API_KEY',
  'COMPANY_DATA_BASE_URL',
] as const satisfies readonly (keyof Env)[];

export interface SandboxProviders {
  sandbox: Sandbox;
  /** The provider variables as strings, for `createTestContainer({ env })` or a child process. */
  env: Record<string, string>;
}

export async function startSandboxProviders(latency: 'zero' | 'realistic' = 'zero'): Promise<SandboxProviders> {
  // A DATA_DIR of its own: a sandbox clock an operator advanced under .data must not change the fakes' answers here.
  const dataDir = path.join(os.tmpdir(), 'sandbox-providers-without-clock');
  const sandbox = await startSandbox(parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: latency, DATA_DIR: dataDir }), createLogger({ level: 'silent' }));
  const env: Record<string, string> = {};
  for (const name of PROVIDER_VARIABLES) {
    const value = sandbox.env[name];
    if (typeof value === 'string') env[name] = value;
  }
  return { sandbox, env };
}
