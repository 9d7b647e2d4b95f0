/**
 * Identifier suggestions with in-memory ports: a mistyped ABN, ACN, LEI or NZBN is offered the valid identifiers
 * one digit-edit away that the database or the registry knows; never the typed value; a bounded number of
 * registry probes, only where an Australian result could be shown; failures offer nothing.
 */
import { describe, expect, it } from 'vitest';
import { oneEditNeighbours } from '../../core/identifiers';
import type { ProviderResult, RegistryLookups, RegistryRecord } from '../enrichment/ports';
import type { IdentifierDirectory } from './ports';
import { createSuggestIdentifiers, MAX_REGISTRY_PROBES } from './suggest-identifiers';

const silent = { warn: () => undefined };

function record(name: string, abn: string): RegistryRecord {
  return { name, otherNames: [], countryIsoAlpha3: 'AUS', identifiers: [{ type: 'ABN', value: abn }], active: true, type: null, register: 'abr', url: null };
}

/** A register of ABNs (and ACNs) by value; records each number it is asked about. */
function register(known: Record<string, string>, asked: string[] = []): Pick<RegistryLookups, 'byAbn' | 'byAcn'> {
  const answer = async (value: string): Promise<ProviderResult<RegistryRecord | null>> => {
    asked.push(value);
    const name = known[value];
    return { ok: true, value: name === undefined ? null : record(name, value) };
  };
  return { byAbn: answer, byAcn: answer };
}

/** A directory carrying these `type:value` identifiers; records each call. */
function directory(carried: Record<string, string>, calls: unknown[] = []): IdentifierDirectory {
  return {
    carried: async (params) => {
      calls.push(params);
      return params.identifiers.flatMap((i) => {
        const name = carried[`${i.type}:${i.value}`];
        return name === undefined ? [] : [{ ...i, organisationName: name }];
      });
    },
  };
}

const input = (query: string, countryIsoAlpha3 = 'AUS') => ({ accountId: 'account-1', query, countryIsoAlpha3 });
const signal = () => new AbortController().signal;

describe('fromDatabase: the valid neighbours that organisations visible to the account carry', () => {
  it('offers "51 824 753 556" for "ABN 51 824 753 557" when an organisation carries it', async () => {
    const suggest = createSuggestIdentifiers({ directory: directory({ 'ABN:51824753556': 'Acme Pty Ltd' }), registry: register({}), log: silent });
    expect(await suggest.fromDatabase(input('ABN 51 824 753 557'))).toEqual([
      {
        typed: { type: 'ABN', value: '51824753557' },
        suggestions: [{ type: 'ABN', value: '51824753556', formatted: '51 824 753 556', name: 'Acme Pty Ltd', foundIn: 'internal' }],
      },
    ]);
  });

  it('asks once for every valid neighbour, scoped to the account and the country (none under GLO)', async () => {
    const calls: { accountId: string; countryIsoAlpha3: string | null; identifiers: unknown[] }[] = [];
    const suggest = createSuggestIdentifiers({ directory: directory({}, calls), registry: register({}), log: silent });
    await suggest.fromDatabase(input('005 749 987', 'AUS'));
    await suggest.fromDatabase(input('005 749 987', 'GLO'));
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ accountId: 'account-1', countryIsoAlpha3: 'AUS' });
    expect(calls[1]).toMatchObject({ countryIsoAlpha3: null });
    expect(calls[0]?.identifiers).toEqual(oneEditNeighbours('ACN', '005749987').map((value) => ({ type: 'ACN', value })));
  });

  it('suggests LEI and NZBN neighbours too', async () => {
    const suggest = createSuggestIdentifiers({
      directory: directory({ 'LEI:5493001KJTIIGC8Y1R12': 'Bloomberg Finance L.P.', 'NZBN:9429041525746': 'Kiwi Widgets Limited' }),
      registry: register({}),
      log: silent,
    });
    const [lei] = await suggest.fromDatabase(input('5493001KJTIIGC8Y1R17', 'GLO'));
    expect(lei?.suggestions.map((s) => s.value)).toEqual(['5493001KJTIIGC8Y1R12']);
    const [nzbn] = await suggest.fromDatabase(input('NZBN 9429041525747', 'NZL'));
    expect(nzbn?.suggestions.map((s) => s.formatted)).toEqual(['9429041525746']);
  });

  it('does nothing for a valid identifier or a name', async () => {
    const calls: unknown[] = [];
    const suggest = createSuggestIdentifiers({ directory: directory({}, calls), registry: register({}), log: silent });
    expect(await suggest.fromDatabase(input('51 824 753 556'))).toEqual([]);
    expect(await suggest.fromDatabase(input('Acme Pty Ltd'))).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe('fromRegistry: the valid neighbours on ABN Lookup, bounded', () => {
  it('offers the registered ABN one digit away, never asking for the typed one', async () => {
    const asked: string[] = [];
    const suggest = createSuggestIdentifiers({
      directory: directory({}),
      registry: register({ '30635412074': 'KOOKABURRA KITCHENS PTY LTD' }, asked),
      log: silent,
    });
    const [found] = await suggest.fromRegistry(input('30 635 412 075'), signal());
    expect(found?.suggestions).toEqual([
      { type: 'ABN', value: '30635412074', formatted: '30 635 412 074', name: 'KOOKABURRA KITCHENS PTY LTD', foundIn: 'registry' },
    ]);
    expect(asked).not.toContain('30635412075');
    expect(asked).toContain('30635412074');
  });

  it(`probes at most ${MAX_REGISTRY_PROBES} neighbours, concurrently`, async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const slow = async (value: string): Promise<ProviderResult<RegistryRecord | null>> => {
      asked.push(value);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return { ok: true, value: null };
    };
    const suggest = createSuggestIdentifiers({ directory: directory({}), registry: { byAbn: slow, byAcn: slow }, log: silent });
    expect(oneEditNeighbours('ACN', '005749987').length).toBeGreaterThan(MAX_REGISTRY_PROBES);
    await suggest.fromRegistry(input('005 749 987'), signal());
    expect(asked).toHaveLength(MAX_REGISTRY_PROBES);
    expect(most).toBe(MAX_REGISTRY_PROBES);
  });

  it('asks no registry outside AUS and GLO, nor for LEI and NZBN (no register of ours holds them)', async () => {
    const asked: string[] = [];
    const suggest = createSuggestIdentifiers({ directory: directory({}), registry: register({}, asked), log: silent });
    expect(await suggest.fromRegistry(input('30 635 412 075', 'GBR'), signal())).toEqual([{ typed: { type: 'ABN', value: '30635412075' }, suggestions: [] }]);
    await suggest.fromRegistry(input('5493001KJTIIGC8Y1R17', 'GLO'), signal());
    await suggest.fromRegistry(input('9429041525747', 'GLO'), signal());
    expect(asked).toEqual([]);
    await suggest.fromRegistry(input('30 635 412 075', 'GLO'), signal());
    expect(asked.length).toBeGreaterThan(0);
  });

  it('offers nothing from a failing registry, and asks nothing once the request is aborted', async () => {
    const warnings: string[] = [];
    const failing = async (): Promise<ProviderResult<RegistryRecord | null>> => ({ ok: false, failure: { kind: 'http', status: 500, message: 'boom' } });
    const suggest = createSuggestIdentifiers({
      directory: directory({}),
      registry: { byAbn: failing, byAcn: failing },
      log: { warn: (_details, message) => warnings.push(message) },
    });
    expect(await suggest.fromRegistry(input('30 635 412 075'), signal())).toEqual([{ typed: { type: 'ABN', value: '30635412075' }, suggestions: [] }]);
    expect(warnings.length).toBeGreaterThan(0);

    const asked: string[] = [];
    const aborted = new AbortController();
    aborted.abort();
    const quiet = createSuggestIdentifiers({ directory: directory({}), registry: register({ '30635412074': 'X' }, asked), log: silent });
    expect(await quiet.fromRegistry(input('30 635 412 075'), aborted.signal)).toEqual([{ typed: { type: 'ABN', value: '30635412075' }, suggestions: [] }]);
    expect(asked).toEqual([]);
  });
});
