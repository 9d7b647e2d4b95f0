/**
 * The registry pass over in-memory registry ports (the real registry channel, candidate preparation and
 * assessMatch in between): which rows are looked up where, the cap, the country requirement, failures as values,
 * keys as the search makes them, and the decision over internal and registry candidates together.
 */
import { describe, expect, it } from 'vitest';
import { decideRow, type BatchCandidate, type BatchRowInput, type BatchRowResult } from '../../core/batch-matching';
import { canonicalName } from '../../core/canonical-name';
import { compositeKey } from '../../core/composite-key';
import { assessMatch } from '../../core/match-confidence';
import type { GlobalRegistry, NationalRegistry, RegistryCandidate, RegistryResult } from '../search/ports';
import type { RegistryPendingRow } from './match-batch';
import { createRegistryPass } from './registry-pass';
import { UNKNOWN_REGISTRY_STATUS } from '../../core/registry-status';

const log = { debug: () => undefined, warn: () => undefined };
const websiteValidator = { validate: async () => ({ accepted: false, tier: 'none', score: 0, reason: 'test' }) } as never;

function candidate(name: string, country: string, abn: string | null): RegistryCandidate {
  return {
    name,
    countryIsoAlpha3: country,
    identifiers: abn === null ? [] : [{ type: 'ABN', value: abn }],
    description: '',
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
    score: 90,
  };
}

function registries(answers: { national?: (name: string) => RegistryResult; global?: (name: string, country?: string) => RegistryResult }) {
  const calls: string[] = [];
  const nationalRegistry: NationalRegistry = {
    searchByName: async (name) => {
      calls.push(`national:${name}`);
      return answers.national?.(name) ?? { candidates: [], error: null };
    },
  };
  const globalRegistry: GlobalRegistry = {
    searchByName: async (name, options) => {
      calls.push(`global:${options.countryCode ?? ''}:${name}`);
      return answers.global?.(name, options.countryCode) ?? { candidates: [], error: null };
    },
  };
  return { nationalRegistry, globalRegistry, calls };
}

const row = (rowIndex: number, name: string, country: string | null, result: BatchRowResult = decideRow([])): RegistryPendingRow => {
  const input: BatchRowInput = { name, country, identifier: null, website: null };
  return { rowIndex, input, result };
};

describe('the registry pass', () => {
  it('looks a row up on its country registry (ABN Lookup for Australia, the aggregator with the country code otherwise) and decides it with the registry candidates', async () => {
    const ports = registries({
      national: () => ({ candidates: [candidate('NULLARBOR FREIGHT PTY LTD', 'AUS', '51824753556')], error: null }),
      global: () => ({ candidates: [candidate('FERNHOLLOW ANALYTICS LIMITED', 'GBR', null)], error: null }),
    });
    const paced: string[] = [];
    const pass = createRegistryPass({ ...ports, websiteValidator, log, pace: async (source) => void paced.push(source) });
    const [au, gb] = await pass('acc', [row(0, 'Nullarbor Freight', 'AU'), row(1, 'Fernhollow Analytics', 'United Kingdom')], {
      defaultCountry: null,
      budget: 10,
    });
    expect(ports.calls).toEqual(['national:Nullarbor Freight', 'global:GBR:Fernhollow Analytics']);
    expect(paced).toEqual(['registry_au', 'registry_global']);
    expect(au?.lookedUp).toBe(true);
    expect(au?.result.decision).toBe('match');
    expect(au?.result.best).toMatchObject({
      kind: 'registry',
      registry: 'ABN Lookup',
      key: compositeKey('AUS', canonicalName('NULLARBOR FREIGHT PTY LTD')),
      organisationId: null,
    });
    expect(au?.result.best?.match).toEqual(
      assessMatch(
        { name: 'Nullarbor Freight', identifiers: [], website: null, countryIsoAlpha3: 'AUS' },
        {
          name: 'NULLARBOR FREIGHT PTY LTD',
          otherNames: [],
          identifiers: [{ type: 'ABN', value: '51824753556' }],
          website: null,
          countryIsoAlpha3: 'AUS',
        },
      ),
    );
    expect(au?.result.registry).toMatchObject({ status: 'found', registry: 'ABN Lookup' });
    expect(gb?.result.best).toMatchObject({ kind: 'registry', registry: 'OpenCorporates', countryIsoAlpha3: 'GBR' });
  });

  it('drops registry answers of another country (the search country guard) and those too weak to review', async () => {
    const ports = registries({
      global: () => ({
        candidates: [candidate('FERNHOLLOW ANALYTICS INC', 'USA', null), candidate('TOTALLY DIFFERENT HOLDINGS LTD', 'GBR', null)],
        error: null,
      }),
    });
    const pass = createRegistryPass({ ...ports, websiteValidator, log, pace: async () => undefined });
    const [gb] = await pass('acc', [row(0, 'Fernhollow Analytics', 'GB')], { defaultCountry: null, budget: 10 });
    expect(gb?.result.candidates).toEqual([]);
    expect(gb?.result.registry?.status).toBe('not_found');
    expect(gb?.result.decision).toBe('no_match');
  });

  it('keeps an internal candidate and leaves out the registry candidate with its key', async () => {
    const internal: BatchCandidate = {
      kind: 'internal',
      organisationId: '00000000-0000-4000-8000-000000000001',
      name: 'Nullarbor Freight Pty Ltd',
      countryIsoAlpha3: 'AUS',
      website: null,
      registryStatus: UNKNOWN_REGISTRY_STATUS,
      match: {
        ...assessMatch({ name: 'Nullarbor Frieght', countryIsoAlpha3: 'AUS' }, { name: 'Nullarbor Freight Pty Ltd', countryIsoAlpha3: 'AUS' }),
        score: 45,
        match: false,
      },
    };
    const ports = registries({ national: () => ({ candidates: [candidate('NULLARBOR FREIGHT PTY LTD', 'AUS', '51824753556')], error: null }) });
    const pass = createRegistryPass({ ...ports, websiteValidator, log, pace: async () => undefined });
    const [update] = await pass('acc', [row(0, 'Nullarbor Frieght', 'AU', decideRow([internal]))], { defaultCountry: null, budget: 10 });
    expect(update?.result.candidates.map((c) => c.kind)).toEqual(['internal']);
    expect(update?.result.registry?.status).toBe('not_found');
  });

  it('skips a row without a country (unless the batch has a default) and the rows past the budget, saying why; spends no budget on them', async () => {
    const ports = registries({ national: (name) => ({ candidates: [candidate(`${name.toUpperCase()} PTY LTD`, 'AUS', null)], error: null }) });
    const pass = createRegistryPass({ ...ports, websiteValidator, log, pace: async () => undefined });
    const rows = [row(0, 'Alpha Freight', null), row(1, 'Beta Freight', 'AU'), row(2, 'Gamma Freight', 'Atlantis'), row(3, 'Delta Freight', 'AU')];
    const withoutDefault = await pass('acc', rows, { defaultCountry: null, budget: 1 });
    expect(withoutDefault.map((u) => [u.result.registry?.status, u.lookedUp])).toEqual([
      ['skipped', false],
      ['found', true],
      ['skipped', false],
      ['skipped', false],
    ]);
    expect(withoutDefault[0]?.result.registry?.message).toContain('no country');
    expect(withoutDefault[3]?.result.registry?.message).toContain('cap');
    const withDefault = await pass('acc', rows, { defaultCountry: 'AUS', budget: 10 });
    expect(withDefault.map((u) => u.result.registry?.status)).toEqual(['found', 'found', 'found', 'found']);
  });

  it('reports a provider failure (an error answer or a throw) as a value on the row: failed, with the registry', async () => {
    const ports = registries({ national: () => ({ candidates: [], error: { kind: 'network', message: 'connection reset' } }) });
    const failing: GlobalRegistry = {
      searchByName: async () => {
        throw new Error('socket hang up');
      },
    };
    const pass = createRegistryPass({ ...ports, globalRegistry: failing, websiteValidator, log, pace: async () => undefined });
    const [au, nz] = await pass('acc', [row(0, 'Alpha Freight', 'AU'), row(1, 'Kiwi Freight', 'NZ')], { defaultCountry: null, budget: 10 });
    expect(au).toMatchObject({ lookedUp: true, result: { decision: 'no_match', registry: { status: 'failed', registry: 'ABN Lookup' } } });
    expect(nz).toMatchObject({ lookedUp: true, result: { registry: { status: 'failed', registry: 'OpenCorporates' } } });
  });
});
