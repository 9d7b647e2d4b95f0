import { describe, expect, it } from 'vitest';
import { databaseAvailability } from './database-availability';

describe('databaseAvailability', () => {
  it('reuses an "up" answer for upForMs, and asks again on every call while the database is down', async () => {
    let probes = 0;
    let up = true;
    const available = databaseAvailability({
      probe: async () => {
        probes++;
        if (!up) throw new Error('connection refused');
      },
      upForMs: 60_000,
    });
    expect(await available()).toBe(true);
    expect(await available()).toBe(true);
    expect(probes).toBe(1);

    up = false;
    const downAtOnce = databaseAvailability({
      probe: async () => {
        probes++;
        if (!up) throw new Error('connection refused');
      },
    });
    expect(await downAtOnce()).toBe(false);
    expect(await downAtOnce()).toBe(false);
    expect(probes).toBe(3);
    up = true;
    expect(await downAtOnce()).toBe(true);
  });

  it('shares one probe between concurrent callers', async () => {
    let probes = 0;
    const available = databaseAvailability({ probe: () => new Promise((resolve) => setTimeout(() => resolve(probes++), 20)), upForMs: 0 });
    expect(await Promise.all([available(), available(), available()])).toEqual([true, true, true]);
    expect(probes).toBe(1);
  });

  it('counts a probe slower than timeoutMs as down', async () => {
    const available = databaseAvailability({ probe: () => new Promise(() => undefined), timeoutMs: 50 });
    expect(await available()).toBe(false);
  });
});
