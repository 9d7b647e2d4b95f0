import { QueryClient, QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrganisationRecord } from '../../core/organisation-record';
import {
  fetchSidebarRecord,
  mergeSidebarClassification,
  refreshSidebarClassification,
  reloadSidebarRecord,
  SidebarRecordError,
  sidebarEntry,
  sidebarRecordQuery,
  type RecordFetcher,
  type SidebarEntry,
} from './identify-sidebar-record';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';

const base: OrganisationRecord = {
  id: 'org-1',
  name: 'Wattle Bay Coffee Roasters Pty Ltd',
  key: 'AUS|wattle bay coffee roasters',
  description: 'Specialty coffee roaster',
  type: 'ProprietaryLimited',
  countryIsoAlpha3: 'AUS',
  website: 'https://wattlebaycoffee.com.au',
  registryStatus: UNKNOWN_REGISTRY_STATUS,
  websiteDomain: 'wattlebaycoffee.com.au',
  profileStatus: 'COMPLETED',
  profileCheckedAt: null,
  profileFailureReason: null,
  webResearchFound: true,
  businessName: null,
  redirectedTo: null,
  enrichmentComplete: true,
  owned: false,
  accountLinked: true,
  identifiers: [],
  aliases: [],
  naics: [],
  aquila1: [],
  aquila2: [],
  classified: false,
};

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The sidebar as the hook sees it, without React: a QueryObserver over the sidebar's query options (what
 * `useQuery` mounts), on a real QueryClient. `load` mounts a reader (a sidebar opening), `entry` is what it shows.
 */
function sidebarHarness(fetchRecord: RecordFetcher) {
  const client = new QueryClient();
  const unsubscribes: (() => void)[] = [];
  const observers = new Map<string, { getCurrentResult(): QueryObserverResult<OrganisationRecord> }>();
  cleanups.push(() => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    client.clear();
  });
  return {
    client,
    /** Mounts a sidebar on the organisation and waits for what it started (nothing when a copy is stored). */
    async load(organisationId: string): Promise<void> {
      const observer = new QueryObserver(client, sidebarRecordQuery(organisationId, fetchRecord));
      observers.set(organisationId, observer);
      unsubscribes.push(observer.subscribe(() => undefined));
      await settled(client, organisationId);
    },
    entry(organisationId: string): SidebarEntry {
      const observer = observers.get(organisationId);
      return observer ? sidebarEntry(observer.getCurrentResult()) : { record: null, loading: false, error: null };
    },
  };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Waits until the organisation's query has no read in flight. */
async function settled(client: QueryClient, organisationId: string): Promise<void> {
  const key = sidebarRecordQuery(organisationId).queryKey;
  while (client.getQueryState(key)?.fetchStatus === 'fetching') await new Promise((r) => setTimeout(r, 0));
}

describe('the identify sidebar record (TanStack Query)', () => {
  it('de-duplicates concurrent requests for one organisation', async () => {
    const calls: string[] = [];
    const answer = deferred<OrganisationRecord>();
    const sidebar = sidebarHarness((id) => {
      calls.push(id);
      return answer.promise;
    });
    const a = sidebar.load('org-1');
    const b = reloadSidebarRecord(sidebar.client, 'org-1', (id) => {
      calls.push(id);
      return answer.promise;
    });
    const c = refreshSidebarClassification(sidebar.client, 'org-1', (id) => {
      calls.push(id);
      return answer.promise;
    });
    expect(sidebar.entry('org-1').loading).toBe(true);
    answer.resolve(base);
    await Promise.all([a, b, c]);
    expect(calls).toEqual(['org-1']);
    expect(sidebar.entry('org-1')).toEqual({ record: base, loading: false, error: null });
    // A stored copy is not fetched again unless forced (a second sidebar on it reads the cache).
    await sidebar.load('org-1');
    expect(calls).toEqual(['org-1']);
  });

  it('merges only naics, aquila1 and aquila2 after an add, keeping every other field', async () => {
    const fresh: OrganisationRecord = {
      ...base,
      name: 'Renamed On The Server',
      description: 'changed',
      naics: [{ code: '311920', name: 'Coffee and Tea Manufacturing' }],
      aquila1: [{ code: 'DEMO-31-33', name: '[Demo] Manufacturing', weight: 1, for: 'SPENT' }],
      aquila2: [{ code: 'DEMO-311', name: '[Demo] Food Manufacturing', aquila1Code: 'DEMO-31-33', weight: 1, for: 'SPENT' }],
      classified: true,
    };
    let answer = base;
    const fetchRecord: RecordFetcher = async () => answer;
    const sidebar = sidebarHarness(fetchRecord);
    await sidebar.load('org-1');
    answer = fresh;
    // Every record the sidebar is given from here on: the refresh must change it once, straight to the merge.
    const shown: (OrganisationRecord | undefined)[] = [];
    const watcher = new QueryObserver(sidebar.client, sidebarRecordQuery('org-1', fetchRecord));
    const unsubscribe = watcher.subscribe((result) => {
      if (result.data !== shown.at(-1)) shown.push(result.data);
    });
    shown.push(watcher.getCurrentResult().data);
    await refreshSidebarClassification(sidebar.client, 'org-1', fetchRecord);
    unsubscribe();
    const record = sidebar.entry('org-1').record;
    expect(record?.naics).toEqual(fresh.naics);
    expect(record?.aquila1).toEqual(fresh.aquila1);
    expect(record?.aquila2).toEqual(fresh.aquila2);
    expect(record?.name).toBe(base.name);
    expect(record?.description).toBe(base.description);
    expect(record?.classified).toBe(false);
    expect(shown.length - 1).toBe(1);
    // The action's own result patches the same three fields.
    mergeSidebarClassification(sidebar.client, 'org-1', { naics: [], aquila1: [], aquila2: [] });
    expect(sidebar.entry('org-1').record?.naics).toEqual([]);
  });

  it('keeps its copy when a refresh or a forced reload fails; reports a first-load failure', async () => {
    let fail = false;
    const fetchRecord: RecordFetcher = async () => {
      if (fail) throw new SidebarRecordError('Organisation not found');
      return base;
    };
    const sidebar = sidebarHarness(fetchRecord);
    await sidebar.load('org-1');
    fail = true;
    await refreshSidebarClassification(sidebar.client, 'org-1', fetchRecord);
    expect(sidebar.entry('org-1')).toEqual({ record: base, loading: false, error: null });
    await reloadSidebarRecord(sidebar.client, 'org-1', fetchRecord);
    expect(sidebar.entry('org-1')).toEqual({ record: base, loading: false, error: null });
    await sidebar.load('org-2');
    expect(sidebar.entry('org-2')).toEqual({ record: null, loading: false, error: 'Organisation not found' });
    // Merging into an organisation without a copy does nothing.
    mergeSidebarClassification(sidebar.client, 'org-3', { naics: [], aquila1: [], aquila2: [] });
    expect(sidebar.client.getQueryData(sidebarRecordQuery('org-3').queryKey)).toBeUndefined();
  });

  it('fetches the sidebar route without caching and validates the record', async () => {
    const urls: string[] = [];
    const ok = (async (url: string, init?: RequestInit) => {
      urls.push(url);
      expect(init?.cache).toBe('no-store');
      return new Response(JSON.stringify(base), { status: 200 });
    }) as typeof fetch;
    expect(await fetchSidebarRecord('org-1', undefined, ok)).toEqual(base);
    expect(urls).toEqual(['/api/identify/sidebar/org-1/organisation']);
    const missing = (async () => new Response('{}', { status: 404 })) as typeof fetch;
    await expect(fetchSidebarRecord('org-1', undefined, missing)).rejects.toThrow('Organisation not found');
    const malformed = (async () => new Response(JSON.stringify({ id: 1 }), { status: 200 })) as typeof fetch;
    await expect(fetchSidebarRecord('org-1', undefined, malformed)).rejects.toThrow(SidebarRecordError);
  });
});
