/** GET /api/health: 200 once the database answers, 503 when it does not; no account needed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '../../src/app/api/health/route';
import { installContainer } from '../../src/composition-root';
import { createTestContainer, type TestContext } from '../support/test-container';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContainer();
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/health', () => {
  it('answers 200 {status: "ok"} without any credential once the database answers', async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 {status: "unavailable"} when the database is gone', async () => {
    const doomed = await createTestContainer();
    try {
      expect((await GET()).status).toBe(200);
      // Drops the database for real (terminating the container's connections).
      await doomed.database.drop();
      const response = await GET();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable' });
    } finally {
      installContainer(ctx.container);
      await doomed.container.close();
    }
  });
});
