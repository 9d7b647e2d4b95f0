/** Once per e2e run: start the real product and hand its URL to the test files. */
import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from './start-product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** For tests that arrange data directly: the product's DATA_DIR and its database URL ('' = embedded under DATA_DIR). */
    dataDir: string;
    databaseUrl: string;
    /** The sandbox model fake's base URL (its held turns: src/sandbox/llm/turn-holds.ts); '' when the agent is not faked. */
    agentModelUrl: string;
    /** The sandbox's fault control (src/sandbox/fault-control.ts; support/sandbox-faults.ts sets and clears faults through it). */
    sandboxControlUrl: string;
  }
}

let product: RunningProduct | undefined;

export async function setup(project: TestProject): Promise<void> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
  product = await startProduct({ testDatabaseUrl });
  project.provide('baseUrl', product.url);
  project.provide('dataDir', product.dataDir);
  project.provide('databaseUrl', product.databaseUrl ?? '');
  project.provide('agentModelUrl', product.fakeUrls.agent ?? '');
  project.provide('sandboxControlUrl', product.sandboxControlUrl);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}
