/** Once per e2e run: start the real product and hand its URL to the test files. */
import type { TestProject } from 'vitest/node';
import { startProduct, type RunningProduct } from './start-product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let product: RunningProduct | undefined;

export async function setup(project: TestProject): Promise<void> {
  const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;
  product = await startProduct({ testDatabaseUrl });
  project.provide('baseUrl', product.url);
}

export async function teardown(): Promise<void> {
  await product?.stop();
}
