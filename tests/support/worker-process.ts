/**
 * Worker processes for the kill tests: `src/worker.ts` run as `npm run worker` runs it, against the test's
 * database, with the short job expiry and maintenance interval those tests rely on. Each test file kills what
 * it left running in afterAll (`killWorkers`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

export interface Worker {
  child: ChildProcess;
  /** Everything the worker wrote so far (stdout and stderr), for a failing assertion's message. */
  output(): string;
}

/** Starts a worker; `env` names its database and DATA_DIR and overrides the defaults below. */
export function startWorker(env: { DATABASE_URL: string; DATA_DIR: string } & Record<string, string>): Worker {
  let output = '';
  // tsx as a loader in this very process: the `tsx` command would run the worker in a child process that a
  // SIGKILL of its parent leaves running.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'worker.ts')], {
    cwd: root,
    env: {
      NODE_ENV: 'test',
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      APP_ENV: 'sandbox',
      SANDBOX_LATENCY: 'zero',
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '1',
      JOB_EXPIRE_SECONDS: '8',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      ENRICH_RETRY_DELAY_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output };
}

/** SIGKILLs every worker this file started that is still running. */
export function killWorkers(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

/** The worker's exit code (null when a signal ended it). */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

/** Polls `probe` every `everyMs` until it answers a value; throws naming `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
