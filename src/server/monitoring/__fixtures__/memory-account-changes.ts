/** An in-memory AccountChangesStore for the use cases' tests: changes, which organisations each account has on its list, read rows. */
import type { ChangesFilter } from '../../../core/change-view';
import type { AccountChangeRecord, AccountChangesStore } from '../ports';

export type MemoryChange = Omit<AccountChangeRecord, 'unread'>;

export function memoryAccountChanges(changes: MemoryChange[], lists: Record<string, string[]>) {
  const reads = new Set<string>();
  const onList = (accountId: string, organisationId: string) => (lists[accountId] ?? []).includes(organisationId);
  const view = (accountId: string, c: MemoryChange): AccountChangeRecord => ({ ...c, unread: !reads.has(`${accountId}|${c.id}`) });
  const matching = (accountId: string, filter: ChangesFilter) =>
    changes
      .filter((c) => onList(accountId, c.organisationId))
      .filter((c) => filter.kind === undefined || c.kind === filter.kind)
      .filter((c) => filter.organisationId === undefined || c.organisationId === filter.organisationId)
      .map((c) => view(accountId, c));
  const newestFirst = (a: AccountChangeRecord, b: AccountChangeRecord) => b.observedAt.getTime() - a.observedAt.getTime() || b.id.localeCompare(a.id);
  const store: AccountChangesStore = {
    async page({ accountId, filter, offset, limit }) {
      return matching(accountId, filter)
        .sort((a, b) => Number(b.unread) - Number(a.unread) || newestFirst(a, b))
        .slice(offset, offset + limit);
    },
    async count({ accountId, filter }) {
      const all = matching(accountId, filter);
      return { total: all.length, unread: all.filter((c) => c.unread).length };
    },
    async organisations({ accountId }) {
      const byId = new Map<string, { id: string; name: string; unread: number }>();
      for (const c of matching(accountId, {})) {
        const entry = byId.get(c.organisationId) ?? { id: c.organisationId, name: c.organisationName, unread: 0 };
        entry.unread += c.unread ? 1 : 0;
        byId.set(c.organisationId, entry);
      }
      return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    async history({ accountId, organisationId, limit }) {
      return matching(accountId, { organisationId }).sort(newestFirst).slice(0, limit);
    },
    async onList({ accountId, organisationId }) {
      return onList(accountId, organisationId);
    },
    async markRead(params) {
      const mine =
        'changeIds' in params
          ? changes.filter((c) => params.changeIds.includes(c.id) && onList(params.accountId, c.organisationId))
          : matching(params.accountId, params.filter);
      if ('changeIds' in params && mine.length < params.changeIds.length) return mine.length;
      for (const c of mine) reads.add(`${params.accountId}|${c.id}`);
      return mine.length;
    },
  };
  return { store, reads };
}

let counter = 0;
/** A change of `organisationId` observed `minutesAgo` before 2026-12-03T00:00Z. */
export function change(organisationId: string, organisationName: string, minutesAgo: number, overrides: Partial<MemoryChange> = {}): MemoryChange {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    organisationId,
    organisationName,
    kind: 'status',
    field: 'registryStatus',
    before: { status: 'active', wording: 'Active', date: null },
    after: { status: 'inactive', wording: 'Cancelled', date: '2026-12-02' },
    source: 'abr',
    observedAt: new Date(Date.parse('2026-12-03T00:00:00Z') - minutesAgo * 60_000),
    ...overrides,
  };
}
