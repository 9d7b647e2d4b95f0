/**
 * The sandbox clock (issue 23, section 4): `sandbox advance --days N` writes the clock under DATA_DIR, and the fakes
 * the sandbox runs apply the scripted register changes of the days passed, seen over their wire protocols.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../adapters/logging/logger';
import { runCliInProcess } from '../cli/__fixtures__/cli-in-process';
import { EXIT_OK } from '../cli/run-cli';
import { parseEnvOrThrow } from '../config/env';
import { startSandbox, type Sandbox } from './start-sandbox';
import { SANDBOX_SCRIPT } from './sandbox-clock';

let dataDir: string;
let sandbox: Sandbox;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-clock-'));
  sandbox = await startSandbox(parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: 'zero', DATA_DIR: dataDir }), createLogger({ level: 'silent' }));
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function eventually<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 50; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the fakes never applied the change');
}

const leiStatus = async () => {
  const response = await fetch(`${sandbox.env.GLEIF_BASE_URL ?? ''}/lei-records/9845001FERNHOLLOW064`);
  const body = (await response.json()) as { data: { attributes: { registration: { status: string } } } };
  return body.data.attributes.registration.status;
};

const companyStatus = async () => {
  const response = await fetch(`${sandbox.env.OPENCORPORATES_BASE_URL ?? ''}/v0.4/companies/gb/10234567?api_token=t`);
  const body = (await response.json()) as { results: { company: { current_status: string; inactive: boolean } } };
  return body.results.company;
};

describe('sandbox advance --days N', () => {
  it('day by day, the running fakes apply the scripted changes', async () => {
    expect(await leiStatus()).toBe('ISSUED');
    const first = await runCliInProcess('postgres://unused', ['sandbox', 'advance', '--days', '1'], { APP_ENV: 'sandbox', DATA_DIR: dataDir });
    expect(first.code).toBe(EXIT_OK);
    expect(first.json).toEqual({ days: 1, changes: SANDBOX_SCRIPT.filter((c) => c.day === 1).map((c) => c.description) });
    // Day 1 does not touch the LEI; day 2 lapses it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await leiStatus()).toBe('ISSUED');
    const next = await runCliInProcess('postgres://unused', ['sandbox', 'advance', '--days', '2'], { APP_ENV: 'sandbox', DATA_DIR: dataDir });
    expect(next.json).toMatchObject({ days: 3 });
    expect(await eventually(async () => ((await leiStatus()) === 'LAPSED' ? true : undefined))).toBe(true);
    expect(await companyStatus()).toMatchObject({ current_status: 'Dissolved', inactive: true });
  });

  it('is refused outside sandbox mode, and N must be a whole number of days', async () => {
    const production = await runCliInProcess('postgres://unused', ['sandbox', 'advance', '--days', '1'], {
      APP_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'x'.repeat(40),
    });
    expect(production.code).not.toBe(EXIT_OK);
    expect((await runCliInProcess('postgres://unused', ['sandbox', 'advance', '--days', 'two'], { DATA_DIR: dataDir })).code).not.toBe(EXIT_OK);
  });
});
