/**
 * A newcomer's first lines (issue 21, section 6), as a process test rather than a browser test: the product is
 * started as `npm start` starts it (src/main.ts under tsx, sandbox mode, a fresh DATA_DIR with its embedded
 * PostgreSQL, or a fresh database on TEST_DATABASE_URL's server), with its stdout read as a terminal would read a
 * pretty log (LOG_FORMAT=pretty). Its lines are readable log lines, not JSON; once ready it prints the banner: the URL,
 * the demo user, the demo API key (which then answers the banner's own first call), where the data lives and how to
 * stop; with a build present it does not say it is building. Ctrl-C (SIGINT) stops it with exit code 0 and no
 * error-level line. Lives beside the browser tests because, like them, it needs the production build (`npm run
 * build`). The "building before the build output" order itself is the process test of
 * src/adapters/next/production-build.test.ts (a stand-in build, since a real one takes minutes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/adapters/db/embedded-postgres';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../src/adapters/db/seed/demo-seed';
import { BUILD_NOTICE } from '../../src/adapters/next/production-build';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 180_000;
const LAST_BANNER_LINE = /^ {2}Stop +Ctrl-C$/m;

let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';
let port = 0;
let dataDir = '';
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let exited: Promise<number | null> = Promise.resolve(null);

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(projectRoot, '.next', 'BUILD_ID'))) throw new Error('No production build: run `npm run build` first');
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'osc-banner-'));
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (adminUrl) {
    const name = `osc_e2e_banner_${randomBytes(5).toString('hex')}`;
    await admin(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'PORT', 'BASE_URL', 'AUTH_SECRET', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'LOG_LEVEL'])
    delete env[name];
  child = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/setup/loopback-only.ts', 'src/main.ts'], {
    cwd: projectRoot,
    env: {
      ...env,
      APP_ENV: 'sandbox',
      SANDBOX_LATENCY: 'zero',
      LOG_FORMAT: 'pretty',
      NO_COLOR: '1',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOOPBACK_GUARD_LOG: path.join(dataDir, 'outbound-refused.log'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = child;
  exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
  started.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner after ${READY_TIMEOUT_MS} ms:\n${stdout}\n${stderr}`)), READY_TIMEOUT_MS);
    const poll = setInterval(() => {
      if (LAST_BANNER_LINE.test(stdout)) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`the product exited (code ${String(code)}) before its banner:\n${stdout}\n${stderr}`));
    });
  });
}, READY_TIMEOUT_MS + 10_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const killer = setTimeout(() => child?.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  }
  await dropDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** The banner's row of a label ("  API key   osk_..."): its value. */
function row(label: string): string {
  const found = new RegExp(`^ {2}${label} +(.+)$`, 'm').exec(stdout);
  return found?.[1] ?? '';
}

describe('npm start, on a terminal', () => {
  it('writes readable log lines, not JSON, and with a build present does not say it builds', () => {
    const lines = stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines[0], stdout).toMatch(/^\d{2}:\d{2}:\d{2}(\.\d+)? INFO /);
    expect(
      lines.filter((line) => line.startsWith('{')),
      'JSON lines on a terminal',
    ).toEqual([]);
    expect(stdout).not.toContain(BUILD_NOTICE.slice(0, 40));
  });

  it('prints the banner once ready: the URL, the demo user, the demo API key, where the data lives, how to stop', () => {
    const url = `http://127.0.0.1:${port}`;
    expect(stdout).toContain('  Organisation search is ready\n');
    expect(row('Open')).toBe(url);
    expect(row('Sign in')).toBe(`${DEMO_USER_EMAIL} / ${DEMO_USER_PASSWORD}`);
    expect(row('API key')).toMatch(/^osk_\S+$/);
    expect(row('API docs')).toBe(`${url}/api-reference`);
    expect(row('Data')).toBe(databaseUrl ? `the PostgreSQL database at ${databaseUrl} (DATABASE_URL)` : `${path.resolve(dataDir)} (embedded PostgreSQL)`);
    expect(row('Mode')).toMatch(/^sandbox /);
    // The banner comes after the log lines of the start, as the last thing written.
    expect(stdout.trimEnd().endsWith('Ctrl-C')).toBe(true);
  });

  it("the banner's API key answers the banner's own first call (the Try line's curl)", async () => {
    const tryLine = row('Try');
    const body = /-d '([^']+)'/.exec(tryLine)?.[1] ?? '';
    const target = /(http:\S+)$/.exec(tryLine)?.[1] ?? '';
    expect(target).toBe(`http://127.0.0.1:${port}/api/organisations/quick-search`);
    const answer = await fetch(target, {
      method: 'POST',
      headers: { authorization: `Bearer ${row('API key')}`, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    // The first organisation page a newcomer opens, through the API with the same key: its profile is read in one
    // snapshot, whose queries used to overlap on one connection (pg's "already executing a query" warning, checked
    // on the process's output at Ctrl-C below).
    const organisationId = /"existingOrgId":"([0-9a-f-]{36})"/.exec(await answer.clone().text())?.[1];
    expect(organisationId, "an organisation in the first call's answer").toBeDefined();
    const profile = await fetch(`http://127.0.0.1:${port}/api/organisations/${organisationId}`, { headers: { authorization: `Bearer ${row('API key')}` } });
    expect(profile.status).toBe(200);
    const wrongKey = await fetch(target, { method: 'POST', headers: { authorization: 'Bearer osk_not-a-key', 'content-type': 'application/json' }, body });
    expect(wrongKey.status).toBe(401);
  });

  it('Ctrl-C stops it with exit code 0 and no error-level line; pg warned of no overlapping query', async () => {
    child?.kill('SIGINT');
    expect(await exited).toBe(0);
    const errorLines = `${stdout}\n${stderr}`.split('\n').filter((line) => /^\S+ (ERROR|FATAL) /.test(line));
    expect(errorLines).toEqual([]);
    expect(`${stdout}\n${stderr}`).not.toMatch(/already executing a query/);
  });
});
