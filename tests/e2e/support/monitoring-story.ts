/**
 * The demo's monitoring story as the browser tests drive it beside a running product: the CLI as an operator runs it
 * (`monitor run`, `sandbox advance`: the CLI's own code in this process, against the product's database and DATA_DIR,
 * sandbox mode), and waiting until the running ABN Lookup fake follows the sandbox's clock (it reads the clock file
 * every second).
 */
import { expect } from 'vitest';
import { runCliInProcess } from '../../../src/cli/__fixtures__/cli-in-process';
import { readSandboxRegisters } from '../../../src/sandbox/sandbox-registers';

/**
 * A CLI bound to one product: answers the command's JSON; a non-zero exit fails the test with its output. `env` is the
 * product's own overrides: a CLI that starts the job queue writes its queues' retry policy from its environment, so a
 * CLI without the product's WEBHOOK_RETRY_DELAY_SECONDS would put the default (30 s) back under the running product.
 */
export function productCli(databaseUrl: string, dataDir: string, env: Record<string, string> = {}) {
  return async (...argv: string[]): Promise<Record<string, unknown>> => {
    const run = await runCliInProcess(databaseUrl, argv, { ...env, APP_ENV: 'sandbox', DATA_DIR: dataDir, MATCH_REGISTRY_CALLS_PER_MINUTE: '10000' });
    expect(run.code, `${argv.join(' ')}: ${run.text} ${run.stderr.slice(-500)}`).toBe(0);
    return run.json ?? {};
  };
}

/** Waits until the product's ABN Lookup fake says the ABN is cancelled (the sandbox's day 1 for Red Centre Mining). */
export async function waitForAbnCancelled(dataDir: string, abn: string, timeoutMs: number): Promise<void> {
  const { ABR_BASE_URL, ABR_GUID } = readSandboxRegisters(dataDir);
  if (!ABR_BASE_URL) throw new Error(`no sandbox registers under ${dataDir}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${ABR_BASE_URL}/json/AbnDetails.aspx?abn=${abn}&guid=${ABR_GUID ?? ''}&callback=cb`);
    if (/"AbnStatus":"Cancelled"/.test(await response.text())) return;
    if (Date.now() > deadline) throw new Error(`the ABN Lookup fake never cancelled ${abn}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
