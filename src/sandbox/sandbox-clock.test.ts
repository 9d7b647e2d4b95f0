/**
 * The sandbox clock (issue 23, section 4): `sandbox advance --days N` writes the clock under DATA_DIR, and the fakes
 * the sandbox runs apply the scripted register changes of the days passed, seen over their wire protocols.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliInProcess } from '../cli/__fixtures__/cli-in-process';
import { EXIT_OK } from '../cli/run-cli';
import { parseEnvOrThrow } from '../config/env';
import { startSandbox, type Sandbox } from './start-sandbox';
import { SANDBOX_SCRIPT } from './sandbox-clock';

let dataDir: string;
let sandbox: Sandbox;
/** The changes the running fakes applied, in order, as the sandbox logs them. */
const applied: string[][] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-clock-'));
  const log = pino({ level: 'info' }, { write: (line: string) => void applied.push(...changesOf(line)) });
  sandbox = await startSandbox(parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: 'zero', DATA_DIR: dataDir }), log, { clockEveryMs: 20 });
});
afterAll(async () => {
  await sandbox.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function changesOf(line: string): string[][] {
  const entry = JSON.parse(line) as { msg?: string; changes?: string[] };
  return entry.msg === 'sandbox clock: scripted register changes applied' && entry.changes ? [entry.changes] : [];
}

/** Waits until the running fakes have applied `changes` (they look at the clock's file every 20 ms here). */
async function applies(changes: string[]): Promise<void> {
  await vi.waitFor(() => expect(applied).toContainEqual(changes), { timeout: 10_000, interval: 10 });
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
    await applies(SANDBOX_SCRIPT.filter((c) => c.day === 1).map((c) => c.description));
    expect(await leiStatus()).toBe('ISSUED');
    const next = await runCliInProcess('postgres://unused', ['sandbox', 'advance', '--days', '2'], { APP_ENV: 'sandbox', DATA_DIR: dataDir });
    expect(next.json).toMatchObject({ days: 3 });
    await applies(SANDBOX_SCRIPT.filter((c) => c.day === 2 || c.day === 3).map((c) => c.description));
    expect(await leiStatus()).toBe('LAPSED');
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
