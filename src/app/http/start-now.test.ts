import { describe, expect, it } from 'vitest';
import { startNow } from './start-now';

describe('startNow', () => {
  it('starts the work before the first read and then yields every item in order', async () => {
    const events: string[] = [];
    async function* work() {
      events.push('started');
      yield 1;
      yield 2;
    }
    const items = startNow(work());
    await Promise.resolve();
    expect(events).toEqual(['started']);
    const read: number[] = [];
    for await (const item of items) read.push(item);
    expect(read).toEqual([1, 2]);
  });

  it('ends at once for work that yields nothing, and hands a failure to the reader', async () => {
    async function* nothing(): AsyncGenerator<number> {
      yield* [];
    }
    expect(await startNow(nothing()).next()).toEqual({ done: true, value: undefined });
    async function* failing(): AsyncGenerator<number> {
      yield* [];
      throw new Error('provider down');
    }
    const items = startNow(failing());
    await new Promise((resolve) => setTimeout(resolve, 10)); // no unhandled rejection meanwhile
    await expect(items.next()).rejects.toThrow('provider down');
  });
});
