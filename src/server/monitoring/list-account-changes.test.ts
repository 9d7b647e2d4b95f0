import { describe, expect, it } from 'vitest';
import { change, memoryAccountChanges } from './__fixtures__/memory-account-changes';
import { createListAccountChanges } from './list-account-changes';
import { createMarkChangesRead } from './mark-changes-read';

const RED = '11111111-1111-4111-8111-111111111111';
const YARRA = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';

describe('listAccountChanges', () => {
  const changes = [
    change(RED, 'RED CENTRE MINING LIMITED', 60),
    change(YARRA, 'YARRA VALLEY DAIRY PTY LTD', 30, { kind: 'business_names', field: 'businessNames', before: null, after: 'Yarra Valley Cheese Co' }),
    change(RED, 'RED CENTRE MINING LIMITED', 10, {
      kind: 'legal_name',
      field: 'legalName',
      before: 'RED CENTRE MINING LIMITED',
      after: 'RED CENTRE METALS LIMITED',
    }),
    change(OTHER, 'SOMEONE ELSE’S SUPPLIER', 5),
  ];

  it('lists the account’s changes only, unread first and then newest first, with its own counts and organisations', async () => {
    const { store } = memoryAccountChanges(changes, { a: [RED, YARRA], b: [OTHER] });
    await createMarkChangesRead(store)('a', { changeIds: [changes[2]?.id ?? ''] });
    const page = await createListAccountChanges(store)('a', { page: 1 });
    expect(page.changes.map((c) => [c.organisationName, c.kind, c.unread])).toEqual([
      ['YARRA VALLEY DAIRY PTY LTD', 'business_names', true],
      ['RED CENTRE MINING LIMITED', 'status', true],
      ['RED CENTRE MINING LIMITED', 'legal_name', false],
    ]);
    expect(page).toMatchObject({ total: 3, unread: 2, page: 1, pageCount: 1 });
    expect(page.organisations).toEqual([
      { id: RED, name: 'RED CENTRE MINING LIMITED', unread: 1 },
      { id: YARRA, name: 'YARRA VALLEY DAIRY PTY LTD', unread: 1 },
    ]);
  });

  it('filters by kind and by organisation, and an organisation not on the list shows nothing', async () => {
    const { store } = memoryAccountChanges(changes, { a: [RED, YARRA], b: [OTHER] });
    const list = createListAccountChanges(store);
    expect((await list('a', { kind: 'legal_name', page: 1 })).changes.map((c) => c.field)).toEqual(['legalName']);
    expect((await list('a', { organisation: YARRA, page: 1 })).changes.map((c) => c.organisationId)).toEqual([YARRA]);
    expect(await list('a', { organisation: OTHER, page: 1 })).toMatchObject({ changes: [], total: 0, unread: 0 });
  });

  it('pages, and a page past the end shows the last page', async () => {
    const many = Array.from({ length: 5 }, (_, i) => change(RED, 'RED CENTRE MINING LIMITED', i));
    const { store } = memoryAccountChanges(many, { a: [RED] });
    const list = createListAccountChanges(store, 2);
    const last = await list('a', { page: 9 });
    expect(last).toMatchObject({ page: 3, pageCount: 3, total: 5 });
    expect(last.changes).toHaveLength(1);
  });
});
