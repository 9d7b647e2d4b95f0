/**
 * Starts the real product the way `npm start` does (src/main.ts under tsx): a fresh DATA_DIR with the
 * embedded PostgreSQL, or TEST_DATABASE_URL's server with a fresh database. Waits for the JSON log line
 * whose msg starts with "ready" and carries `url`; stop() sends SIGTERM and waits for the exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../src/adapters/db/embedded-postgres';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const READY_TIMEOUT_MS = 180_000;

/** Where the product under test logs the connections outside loopback it was refused (tests/setup/loopback-only.ts). */
export function outboundGuardLogOf(dataDir: string): string {
  return path.join(dataDir, 'outbound-refused.log');
}

export interface RunningProduct {
  readonly url: string;
  readonly dataDir: string;
  /** The product's database when TEST_DATABASE_URL chose it (else the embedded server under dataDir). */
  readonly databaseUrl: string | undefined;
  /** The sandbox's contract fakes by provider (`agent`, `registry_au`, ...), as the product logged them at start. */
  readonly fakeUrls: Readonly<Record<string, string>>;
  /** The sandbox's fault control (src/sandbox/fault-control.ts), as the product logged it at start; '' if none. */
  readonly sandboxControlUrl: string;
  /** The last lines the product logged (for failure messages). */
  logTail(): string;
  stop(): Promise<void>;
}

/** A fresh database on the TEST_DATABASE_URL server; returns its URL and a drop function. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `osc_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

function productEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // vitest sets NODE_ENV=test; `npm start` runs without it. Nothing of the caller's database leaks in.
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'PORT', 'BASE_URL', 'AUTH_SECRET', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'])
    delete env[name];
  // The browser tests flip flags in the database between page loads: no flag cache in the product under test.
  // They also run well over 30 streamed searches a minute as the one demo account (the focus panel's refetches
  // alone are a dozen): the per-account limit is raised here; its 429 path is covered by the integration tests
  // and, in the browser, by a fulfilled 429 (search-stream.e2e.test.ts).
  return {
    ...env,
    APP_ENV: 'sandbox',
    LOG_LEVEL: 'info',
    SANDBOX_LATENCY: 'zero',
    FLAG_CACHE_TTL_MS: '0',
    SEARCH_RATE_LIMIT_PER_MINUTE: '600',
    // Every browser test signs in from 127.0.0.1: the per-address limit would refuse the eleventh within a minute.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '600',
    // A failed enrichment settles FAILED after its retries (1 + 2 + 4 s, up to twice that with the queue's jitter)
    // instead of 35-70 s: selection-and-enrichment's phase-2 failure waits for them on this one product.
    ENRICH_RETRY_DELAY_SECONDS: '1',
    NEXT_TELEMETRY_DISABLED: '1',
    ...overrides,
  };
}

/**
 * `env`: settings over the browser tests' own (a file that needs the product otherwise starts its own instance with
 * them and stops it after; a sandbox fault needs none: support/sandbox-faults.ts sets it on the shared product).
 */
export async function startProduct(options: { testDatabaseUrl?: string; env?: Record<string, string> } = {}): Promise<RunningProduct> {
  if (!fs.existsSync(path.join(projectRoot, '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` before `npm run test:e2e`');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'osc-e2e-'));
  const database = options.testDatabaseUrl ? await freshDatabase(options.testDatabaseUrl) : undefined;
  // The product runs under the tests' loopback-only guard: a connection it tries outside loopback is refused and logged.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/setup/loopback-only.ts', 'src/main.ts'], {
    cwd: projectRoot,
    env: productEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOOPBACK_GUARD_LOG: outboundGuardLogOf(dataDir),
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  let fakeUrls: Record<string, string> = {};
  let sandboxControlUrl = '';
  const remember = (line: string) => {
    tail.push(line);
    if (tail.length > 60) tail.shift();
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanUp = async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`product not ready after ${READY_TIMEOUT_MS} ms:\n${tail.join('\n')}`)), READY_TIMEOUT_MS);
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        remember(line);
        fakeUrls = { ...fakeUrls, ...fakeUrlsOf(line) };
        sandboxControlUrl = controlUrlOf(line) ?? sandboxControlUrl;
        const ready = readyUrl(line);
        if (ready) {
          clearTimeout(timer);
          resolve(ready);
        }
        newline = buffer.indexOf('\n');
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => chunk.toString('utf8').split('\n').filter(Boolean).forEach(remember));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`product exited (code ${String(code)}) before it was ready:\n${tail.join('\n')}`));
    });
  });

  let url: string;
  try {
    url = await ready;
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await cleanUp();
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    url,
    dataDir,
    databaseUrl: database?.url,
    fakeUrls,
    sandboxControlUrl,
    logTail: () => tail.join('\n'),
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await exited;
          clearTimeout(killer);
        }
        await cleanUp();
      })();
      return stopped;
    },
  };
}

/** The `fakeUrls` of the sandbox's start-up line (src/sandbox/start-sandbox.ts), if this is it. */
function fakeUrlsOf(line: string): Record<string, string> {
  if (!line.startsWith('{') || !line.includes('"fakeUrls"')) return {};
  try {
    const { fakeUrls } = JSON.parse(line) as { fakeUrls?: unknown };
    if (typeof fakeUrls !== 'object' || fakeUrls === null) return {};
    return Object.fromEntries(Object.entries(fakeUrls).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The `controlUrl` of the sandbox's start-up line, if this is it. */
function controlUrlOf(line: string): string | undefined {
  if (!line.startsWith('{') || !line.includes('"controlUrl"')) return undefined;
  try {
    const { controlUrl } = JSON.parse(line) as { controlUrl?: unknown };
    return typeof controlUrl === 'string' ? controlUrl : undefined;
  } catch {
    return undefined;
  }
}

function readyUrl(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry: unknown = JSON.parse(line);
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { msg, url } = entry as { msg?: unknown; url?: unknown };
    return typeof msg === 'string' && msg.startsWith('ready') && typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}
