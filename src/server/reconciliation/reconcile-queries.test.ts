import { describe, expect, it } from 'vitest';
import { matchConditionsOf, type ReconciliationQuery } from '../../core/reconciliation';
import { entity, inMemoryPorts } from './__fixtures__/in-memory-ports';
import { createReconcileQueries } from './reconcile-queries';

const ACME_AU = entity({
  id: 'acme-au',
  name: 'Acme Widgets Pty Ltd',
  countryIsoAlpha3: 'AUS',
  website: 'https://acme-widgets.com.au',
  identifiers: [{ type: 'ABN', value: '51824753556' }],
});
const ACME_GB = entity({ id: 'acme-gb', name: 'Acme Widgets Ltd', countryIsoAlpha3: 'GBR', identifiers: [{ type: 'CH', value: '01234567' }] });
const ACME_NZ = entity({ id: 'acme-nz', name: 'Acme Widgets Limited', countryIsoAlpha3: 'NZL', description: 'Widgets across the ditch' });
const OTHER = entity({ id: 'acme-other', name: 'Acme Wonders', countryIsoAlpha3: 'AUS' });

function reconcileWith(queries: Record<string, ReconciliationQuery>) {
  const ports = inMemoryPorts([ACME_AU, ACME_GB, ACME_NZ, OTHER]);
  const reconcile = createReconcileQueries(ports);
  const prepared = Object.fromEntries(Object.entries(queries).map(([key, query]) => [key, { query, conditions: matchConditionsOf(query).conditions }]));
  return { ports, answer: reconcile({ accountId: 'account', queries: prepared }) };
}
const idsOf = async (answer: ReturnType<typeof reconcileWith>['answer'], key = 'q0') => ((await answer)[key]?.result ?? []).map((c) => c.id);

describe('ReconcileQueries', () => {
  it('answers every query of the batch under its own key', async () => {
    const { answer } = reconcileWith({ first: { query: 'Acme Wonders' }, second: { query: 'Nobody' } });
    expect(Object.keys(await answer)).toEqual(['first', 'second']);
    expect(await idsOf(answer, 'first')).toEqual(['acme-other']);
    expect((await answer).second?.result).toEqual([]);
  });

  it('rule 1: searches the query string, and each identifier and website the properties name', async () => {
    const { ports, answer } = reconcileWith({
      q0: {
        query: 'Acme',
        properties: [
          { pid: 'ABN', v: '51 824 753 556' },
          { pid: 'website', v: 'acme-widgets.com.au' },
        ],
      },
    });
    await answer;
    expect(ports.searches.map((s) => s.query)).toEqual(['Acme', '51824753556', 'acme-widgets.com.au']);
  });

  it('rule 1: one country condition scopes the lookups; none or several search every country', async () => {
    const one = reconcileWith({ q0: { query: 'Acme', properties: [{ pid: 'country', v: 'New Zealand' }] } });
    await one.answer;
    expect(one.ports.searches.map((s) => s.countryIsoAlpha3)).toEqual(['NZL']);
    const two = reconcileWith({ q0: { query: 'Acme', properties: [{ pid: 'country', v: ['NZ', 'GB'] }] } });
    expect(two.ports.searches.map((s) => s.countryIsoAlpha3)).toEqual(['GLO']);
    expect((await idsOf(two.answer)).sort()).toEqual(['acme-gb', 'acme-nz']);
  });

  it('rule 2: a candidate contradicting a property is dropped; one lacking the field stays', async () => {
    const { answer } = reconcileWith({ q0: { query: 'Acme Widgets', properties: [{ pid: 'ABN', v: '53004085616' }] } });
    const found = await idsOf(answer);
    expect(found).not.toContain('acme-au'); // its ABN is another
    expect(found).toEqual(expect.arrayContaining(['acme-gb', 'acme-nz'])); // no ABN at all
  });

  it('rule 3: the calibrated Match gives score, decision and per-field features', async () => {
    const { answer } = reconcileWith({ q0: { properties: [{ pid: 'ABN', v: '51824753556' }] } });
    const [only] = (await answer).q0?.result ?? [];
    expect(only).toMatchObject({ id: 'acme-au', match: true, type: [{ id: 'Organisation', name: 'Organisation' }] });
    expect(only?.score).toBeGreaterThanOrEqual(97);
    expect(only?.features).toEqual([{ id: 'identifier', value: 1 }]);
  });

  it('rule 4: best first, the one satisfying more fields first on a tie, at most the limit', async () => {
    const { answer } = reconcileWith({
      q0: { query: 'Acme Widgets', properties: [{ pid: 'website', v: 'https://www.acme-widgets.com.au' }] },
      q1: { query: 'Acme', limit: 1 },
    });
    const result = (await answer).q0?.result ?? [];
    expect(result[0]?.id).toBe('acme-au');
    expect(result.map((c) => c.score)).toEqual([...result.map((c) => c.score)].sort((a, b) => b - a));
    expect((await answer).q1?.result).toHaveLength(1);
  });

  it('rule 5: a type does not restrict (every entity is an Organisation)', async () => {
    const { answer } = reconcileWith({ q0: { query: 'Acme Wonders', type: 'DifferentiatedPerson', type_strict: 'all' } });
    expect(await idsOf(answer)).toEqual(['acme-other']);
  });

  it('an organisation the register lists as dissolved ranks after its active namesake and is never match: true', async () => {
    const gone = entity({
      id: 'meridian-gone',
      name: 'Meridian Ridge Limited',
      countryIsoAlpha3: 'GBR',
      registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2020-11-17' },
    });
    const live = entity({
      id: 'meridian-live',
      name: 'Meridian Ridge Ltd',
      countryIsoAlpha3: 'GBR',
      registryStatus: { status: 'active', wording: 'Active', date: null },
    });
    const reconcile = createReconcileQueries(inMemoryPorts([gone, live]));
    const only = async (entities: (typeof gone)[]) =>
      (
        await createReconcileQueries(inMemoryPorts(entities))({
          accountId: 'a',
          queries: { q0: { query: { query: 'Meridian Ridge' }, conditions: matchConditionsOf({ query: 'Meridian Ridge' }).conditions } },
        })
      ).q0?.result ?? [];
    expect((await only([gone])).map((c) => [c.id, c.match])).toEqual([['meridian-gone', false]]);
    const both = await reconcile({
      accountId: 'a',
      queries: { q0: { query: { query: 'Meridian Ridge' }, conditions: matchConditionsOf({ query: 'Meridian Ridge' }).conditions } },
    });
    expect((both.q0?.result ?? []).map((c) => [c.id, c.match])).toEqual([
      ['meridian-live', true],
      ['meridian-gone', false],
    ]);
  });
});
