import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../core/errors';
import { change, memoryAccountChanges } from './__fixtures__/memory-account-changes';
import { createMarkChangesRead } from './mark-changes-read';

const MINE = '11111111-1111-4111-8111-111111111111';
const THEIRS = '33333333-3333-4333-8333-333333333333';

describe('markChangesRead', () => {
  it('marks one change read for the account only; another account with it on its list still has it unread', async () => {
    const c = change(MINE, 'MINE PTY LTD', 1);
    const { store, reads } = memoryAccountChanges([c], { a: [MINE], b: [MINE] });
    expect(await createMarkChangesRead(store)('a', { changeIds: [c.id, c.id] })).toEqual({ marked: 1 });
    expect([...reads]).toEqual([`a|${c.id}`]);
  });

  it('a change of an organisation not on the list is not found, and nothing of the request is marked', async () => {
    const mine = change(MINE, 'MINE PTY LTD', 1);
    const theirs = change(THEIRS, 'THEIRS LTD', 1);
    const { store, reads } = memoryAccountChanges([mine, theirs], { a: [MINE], b: [THEIRS] });
    await expect(createMarkChangesRead(store)('a', { changeIds: [mine.id, theirs.id] })).rejects.toBeInstanceOf(NotFoundError);
    expect(reads.size).toBe(0);
  });

  it('all: every change the filter shows, and only those', async () => {
    const status = change(MINE, 'MINE PTY LTD', 2);
    const name = change(MINE, 'MINE PTY LTD', 1, { kind: 'legal_name', field: 'legalName', before: 'A', after: 'B' });
    const theirs = change(THEIRS, 'THEIRS LTD', 1);
    const { store, reads } = memoryAccountChanges([status, name, theirs], { a: [MINE], b: [THEIRS] });
    expect(await createMarkChangesRead(store)('a', { all: true, filter: { kind: 'legal_name' } })).toEqual({ marked: 1 });
    expect([...reads]).toEqual([`a|${name.id}`]);
  });
});
