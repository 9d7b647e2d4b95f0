/**
 * The sandbox's fault control (`/__sandbox/faults`): a test changes which fakes misbehave while the sandbox runs,
 * seen by the fakes on their next request; back to SANDBOX_FAULTS on DELETE; bad input is a 4xx in the API's
 * error shape; it refuses to start outside sandbox mode.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvOrThrow } from '../config/env';
import { createLogger } from '../adapters/logging/logger';
import { errorBodySchema } from '../core/errors';
import { FAULT_CONTROL_PATH, startFaultControl } from './fault-control';
import { NotFakedError, SandboxFaultSwitch } from './fault-switch';
import { FaultPlan } from './faults';
import { startSandbox, type Sandbox } from './start-sandbox';

const dataDirs: string[] = [];
let sandbox: Sandbox;
let control: string;

async function sandboxWith(env: Record<string, string>): Promise<Sandbox> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fault-control-'));
  dataDirs.push(dataDir);
  return startSandbox(parseEnvOrThrow({ APP_ENV: 'sandbox', SANDBOX_LATENCY: 'zero', DATA_DIR: dataDir, ...env }), createLogger({ level: 'silent' }));
}

beforeAll(async () => {
  sandbox = await sandboxWith({ SANDBOX_FAULTS: 'company_data:failing' });
  control = `${sandbox.controlUrl}${FAULT_CONTROL_PATH}`;
});
afterAll(async () => {
  await sandbox.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Whether each fake fails one request (a `failing` fault answers 500 before anything else; the fakes never answer 500 otherwise). */
async function failing(): Promise<{ companyData: boolean; webSearch: boolean }> {
  const companyData = await fetch(`${sandbox.env.COMPANY_DATA_BASE_URL}/v2/companies/koala.example`, {
    headers: { authorization: `Basic ${sandbox.env.COMPANY_DATA_API_KEY ?? ''}` },
  });
  const webSearch = await fetch(`${sandbox.env.WEB_SEARCH_BASE_URL}/res/v1/web/search?q=koala`, {
    headers: { 'x-subscription-token': sandbox.env.WEB_SEARCH_API_KEY ?? '' },
  });
  await Promise.all([companyData.text(), webSearch.text()]);
  return { companyData: companyData.status === 500, webSearch: webSearch.status === 500 };
}

const put = (body: string) => fetch(control, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });

describe('the fault control of a running sandbox', () => {
  it('starts with SANDBOX_FAULTS and says so', async () => {
    const response = await fetch(control);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { faults: unknown; faked: string[] };
    expect(body.faults).toEqual([{ provider: 'company_data', kind: 'failing' }]);
    expect(body.faked).toEqual(
      expect.arrayContaining(['registry_au', 'registry_global', 'registry_lei', 'company_data', 'web_search', 'agent', 'agent_phase2']),
    );
    expect(await failing()).toEqual({ companyData: true, webSearch: false });
  });

  it('PUT replaces the faults of every fake at once; DELETE goes back to the start-up setting', async () => {
    const changed = await put(JSON.stringify({ faults: [{ provider: 'web_search', kind: 'failing' }] }));
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { faults: unknown }).faults).toEqual([{ provider: 'web_search', kind: 'failing' }]);
    expect(sandbox.faults.settings).toEqual([{ provider: 'web_search', kind: 'failing' }]);
    expect(await failing()).toEqual({ companyData: false, webSearch: true });

    expect((await put(JSON.stringify({ faults: [] }))).status).toBe(200);
    expect(await failing()).toEqual({ companyData: false, webSearch: false });

    const reset = await fetch(control, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { faults: unknown }).faults).toEqual([{ provider: 'company_data', kind: 'failing' }]);
    expect(await failing()).toEqual({ companyData: true, webSearch: false });
  });

  it.each([
    ['not JSON', '{"faults": ', 'body'],
    ['no faults', '{}', 'faults'],
    ['an unknown provider', JSON.stringify({ faults: [{ provider: 'registry_mars', kind: 'failing' }] }), 'faults.0.provider'],
    ['an unknown kind', JSON.stringify({ faults: [{ provider: 'agent', kind: 'sometimes' }] }), 'faults.0.kind'],
    ['an unknown field', JSON.stringify({ faults: [], times: 3 }), ''],
    ['a body over 16 KB', JSON.stringify({ faults: [], padding: 'x'.repeat(20_000) }), 'body'],
  ])('refuses %s with 400 validation_failed and changes nothing', async (_, body, field) => {
    const response = await put(body);
    expect(response.status).toBe(400);
    const error = errorBodySchema.parse(await response.json());
    expect(error.code).toBe('validation_failed');
    expect(error.issues?.map((issue) => issue.field)).toContain(field);
    expect(sandbox.faults.settings).toEqual([{ provider: 'company_data', kind: 'failing' }]);
  });

  it('answers another method 405 with Allow, and another path 404', async () => {
    const post = await fetch(control, { method: 'POST', body: '{"faults":[]}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, PUT, DELETE');
    expect(errorBodySchema.parse(await post.json()).code).toBe('method_not_allowed');
    const elsewhere = await fetch(`${sandbox.controlUrl}/__sandbox/other`);
    expect(elsewhere.status).toBe(404);
    expect(errorBodySchema.parse(await elsewhere.json()).code).toBe('not_found');
  });

  it('listens on loopback only', () => {
    expect(new URL(sandbox.controlUrl).hostname).toBe('127.0.0.1');
  });
});

describe('a provider this sandbox does not fake', () => {
  it('cannot be given a fault: 409 conflict, nothing changed', async () => {
    const real = await sandboxWith({ ABR_GUID: 'a-real-guid' });
    try {
      const response = await fetch(`${real.controlUrl}${FAULT_CONTROL_PATH}`, {
        method: 'PUT',
        body: JSON.stringify({
          faults: [
            { provider: 'registry_au', kind: 'failing' },
            { provider: 'agent', kind: 'slow' },
          ],
        }),
      });
      expect(response.status).toBe(409);
      const error = errorBodySchema.parse(await response.json());
      expect(error).toMatchObject({ code: 'conflict' });
      expect(error.error).toContain('registry_au');
      expect(real.faults.settings).toEqual([]);
    } finally {
      await real.close();
    }
  });
});

describe('outside sandbox mode', () => {
  it('refuses to start', async () => {
    await expect(startFaultControl(new SandboxFaultSwitch([]), { appEnv: 'production' })).rejects.toThrow(/sandbox mode only/);
  });
});

describe('the switch over the plans of the fakes', () => {
  it('applies the start-up setting on attach, replaces it on set, restores it on reset', () => {
    const faults = new SandboxFaultSwitch([{ provider: 'agent_phase2', kind: 'failing' }]);
    const agent = new FaultPlan();
    const phase2 = new FaultPlan();
    faults.attach('agent', agent);
    faults.attach('agent_phase2', phase2);
    expect([agent.scheduled, phase2.scheduled]).toEqual([false, true]);
    expect(phase2.next()).toEqual({ kind: 'status', status: 500 });
    expect(phase2.next()).toEqual({ kind: 'status', status: 500 }); // every request until changed

    faults.set([{ provider: 'agent', kind: 'late' }]);
    expect([agent.scheduled, phase2.scheduled]).toEqual([true, false]);
    faults.reset();
    expect([agent.scheduled, phase2.scheduled]).toEqual([false, true]);
  });

  it('refuses a provider with no fake, changing nothing', () => {
    const faults = new SandboxFaultSwitch([]);
    const plan = new FaultPlan();
    faults.attach('registry_au', plan);
    expect(() =>
      faults.set([
        { provider: 'registry_au', kind: 'failing' },
        { provider: 'web_search', kind: 'slow' },
      ]),
    ).toThrow(NotFakedError);
    expect(plan.scheduled).toBe(false);
    expect(faults.settings).toEqual([]);
  });
});
