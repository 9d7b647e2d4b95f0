/**
 * The candidate references store over PostgreSQL (decision 0017): a record is read back for its own account only,
 * before it expires; a patch reaches only its own account's record; recording removes expired rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCandidateReferences } from '../../src/adapters/db/queries/candidate-references';
import { newCandidateReference } from '../../src/server/selection/candidate-references';
import { makeAccount } from '../support/factories';
import { registryCandidateFacts } from '../support/candidate-references';
import { createTestContainer, type TestContext } from '../support/test-container';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContainer();
});
afterAll(async () => {
  await ctx?.close();
});

const facts = registryCandidateFacts('CASSOWARY CRAFTS PTY LTD', { description: 'Crafts', key: 'AUS|cassowary crafts' });
const ABN = { type: 'ABN', value: '51824753556' };

describe('candidate references', () => {
  it("reads a record back for its account only, and a patch reaches only its account's record", async () => {
    const references = createCandidateReferences(ctx.database.db);
    const owner = await makeAccount(ctx.database.db);
    const other = await makeAccount(ctx.database.db);
    const ref = newCandidateReference();
    await references.record(owner.id, { candidates: [{ ref, candidate: facts }], patches: [] });
    expect(await references.find(owner.id, ref)).toEqual(facts);
    expect(await references.find(other.id, ref)).toBeNull();
    expect(await references.find(owner.id, newCandidateReference())).toBeNull();
    expect(await references.find(owner.id, 'not a reference')).toBeNull();

    await references.record(other.id, { candidates: [], patches: [{ ref, identifiers: [ABN], existingOrgId: null }] });
    expect(await references.find(owner.id, ref)).toEqual(facts);
    await references.record(owner.id, { candidates: [], patches: [{ ref, identifiers: [ABN], existingOrgId: null }] });
    expect(await references.find(owner.id, ref)).toEqual({ ...facts, identifiers: [ABN] });
  });

  it('does not read an expired record, and recording removes expired rows', async () => {
    const shortLived = createCandidateReferences(ctx.database.db, { ttlSeconds: 1 });
    const owner = await makeAccount(ctx.database.db);
    const ref = newCandidateReference();
    await shortLived.record(owner.id, { candidates: [{ ref, candidate: facts }], patches: [] });
    expect(await shortLived.find(owner.id, ref)).toEqual(facts);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await shortLived.find(owner.id, ref)).toBeNull();
    await shortLived.record(owner.id, { candidates: [{ ref: newCandidateReference(), candidate: facts }], patches: [] });
    const left = await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int n from candidate_references where id = ${ref}::uuid`);
    expect(left.rows[0]?.n).toBe(0);
  });
});
