import { describe, expect, it } from 'vitest';
import type { OrganisationRecord } from '../../core/organisation-record';
import { createIdentifySidebarStore, fetchSidebarRecord, SidebarRecordError } from './identify-sidebar-store';
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

describe('the identify sidebar store', () => {
  it('de-duplicates concurrent requests for one organisation', async () => {
    const calls: string[] = [];
    const answer = deferred<OrganisationRecord>();
    const store = createIdentifySidebarStore((id) => {
      calls.push(id);
      return answer.promise;
    });
    const a = store.load('org-1');
    const b = store.load('org-1', { force: true });
    const c = store.refreshClassification('org-1');
    expect(store.entry('org-1').loading).toBe(true);
    answer.resolve(base);
    await Promise.all([a, b, c]);
    expect(calls).toEqual(['org-1']);
    expect(store.entry('org-1')).toEqual({ record: base, loading: false, error: null });
    // A stored copy is not fetched again unless forced.
    await store.load('org-1');
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
    const store = createIdentifySidebarStore(async () => answer);
    await store.load('org-1');
    answer = fresh;
    let notified = 0;
    store.subscribe(() => (notified += 1));
    await store.refreshClassification('org-1');
    const record = store.entry('org-1').record;
    expect(record?.naics).toEqual(fresh.naics);
    expect(record?.aquila1).toEqual(fresh.aquila1);
    expect(record?.aquila2).toEqual(fresh.aquila2);
    expect(record?.name).toBe(base.name);
    expect(record?.description).toBe(base.description);
    expect(record?.classified).toBe(false);
    expect(notified).toBe(1);
    // The action's own result patches the same three fields.
    store.mergeClassification('org-1', { naics: [], aquila1: [], aquila2: [] });
    expect(store.entry('org-1').record?.naics).toEqual([]);
  });

  it('keeps its copy when a refresh or a forced reload fails; reports a first-load failure', async () => {
    let fail = false;
    const store = createIdentifySidebarStore(async () => {
      if (fail) throw new SidebarRecordError('Organisation not found');
      return base;
    });
    await store.load('org-1');
    fail = true;
    await store.refreshClassification('org-1');
    expect(store.entry('org-1')).toEqual({ record: base, loading: false, error: null });
    await store.load('org-1', { force: true });
    expect(store.entry('org-1')).toEqual({ record: base, loading: false, error: null });
    await store.load('org-2');
    expect(store.entry('org-2')).toEqual({ record: null, loading: false, error: 'Organisation not found' });
    // Merging into an organisation without a copy does nothing.
    store.mergeClassification('org-3', { naics: [], aquila1: [], aquila2: [] });
    expect(store.entry('org-3').record).toBeNull();
  });

  it('fetches the sidebar route without caching and validates the record', async () => {
    const urls: string[] = [];
    const ok = (async (url: string, init?: RequestInit) => {
      urls.push(url);
      expect(init?.cache).toBe('no-store');
      return new Response(JSON.stringify(base), { status: 200 });
    }) as typeof fetch;
    expect(await fetchSidebarRecord('org-1', ok)).toEqual(base);
    expect(urls).toEqual(['/api/identify/sidebar/org-1/organisation']);
    const missing = (async () => new Response('{}', { status: 404 })) as typeof fetch;
    await expect(fetchSidebarRecord('org-1', missing)).rejects.toThrow('Organisation not found');
    const malformed = (async () => new Response(JSON.stringify({ id: 1 }), { status: 200 })) as typeof fetch;
    await expect(fetchSidebarRecord('org-1', malformed)).rejects.toThrow(SidebarRecordError);
  });
});
