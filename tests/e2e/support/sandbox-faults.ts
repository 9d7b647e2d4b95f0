/**
 * Sandbox faults on the one product under test, at run time (src/sandbox/fault-control.ts), instead of a second
 * product started with another SANDBOX_FAULTS: a describe sets its faults before its case and clears them after, so
 * the files after it see the fakes as usual. Browser test files run one at a time on a product (vitest.e2e.config.ts;
 * `npm test`'s two groups side by side each have their own), so a fault set here reaches only this file's requests (and
 * a job of an earlier file still running, which none leaves behind).
 */
import { inject } from 'vitest';
import type { SandboxFaultSetting } from '../../../src/core/sandbox-faults';
import { FAULT_CONTROL_PATH } from '../../../src/sandbox/fault-control';

async function control(method: 'PUT' | 'DELETE', body?: { faults: readonly SandboxFaultSetting[] }): Promise<void> {
  const base = inject('sandboxControlUrl');
  if (base === '') throw new Error('the product under test logged no sandbox fault control (is it in sandbox mode?)');
  const response = await fetch(`${base}${FAULT_CONTROL_PATH}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`sandbox fault control ${method}: ${response.status} ${await response.text()}`);
}

/** Every request to the named fakes gets the fault, until `clearSandboxFaults`. */
export function setSandboxFaults(faults: readonly SandboxFaultSetting[]): Promise<void> {
  return control('PUT', { faults });
}

/** The fakes answer as the product started (the browser tests start it without SANDBOX_FAULTS: as usual). */
export function clearSandboxFaults(): Promise<void> {
  return control('DELETE');
}
