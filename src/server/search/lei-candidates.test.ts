/**
 * An LEI-carrying candidate (issue 23, section 1): an agent's find that carries an LEI is looked up on GLEIF while its
 * website is validated, and takes the register's status and direct parent; a dissolved entity is then never decided a
 * match. A miss or a failure leaves it as the agent reported it.
 */
import { describe, expect, it } from 'vitest';
import type { RegistryRecord } from '../enrichment/ports';
import { agentCandidate, fakes, run } from './__fixtures__/search-fakes';

const LEI = '984500LAPSEDTRADE018';

function gleifRecord(overrides: Partial<RegistryRecord> = {}): RegistryRecord {
  return {
    name: 'COPPERLEAF MEDIA LLC',
    otherNames: [],
    countryIsoAlpha3: 'USA',
    identifiers: [{ type: 'LEI', value: LEI }],
    active: false,
    registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2015-06-01' },
    type: null,
    register: 'gleif',
    url: null,
    parentName: 'COPPERLEAF HOLDINGS INC.',
    ...overrides,
  };
}

const copperleaf = agentCandidate('Copperleaf Media LLC', { countryIsoAlpha3: 'USA', identifiers: [{ type: 'LEI', value: LEI }] });

describe('an LEI-carrying candidate is looked up on GLEIF', () => {
  it('takes the entity’s status and parent; a dissolved one is not decided a match', async () => {
    const { search, calls } = fakes({ agent: [copperleaf], records: { [LEI]: gleifRecord() } });
    const items = await run(search, { query: 'Copperleaf Media LLC', countryIsoAlpha3: 'USA', mode: 'agentic' });
    expect(calls.byNumber).toEqual([LEI]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      _type: 'candidate',
      source: 'agent',
      registryStatus: { status: 'inactive', wording: 'Dissolved', date: '2015-06-01' },
      parentEntityName: 'COPPERLEAF HOLDINGS INC.',
      match: { match: false },
    });
  });

  it('a miss or a failed look-up keeps the candidate as reported', async () => {
    const answers: Record<string, RegistryRecord | 'fail'>[] = [{}, { [LEI]: 'fail' }];
    for (const records of answers) {
      const { search } = fakes({ agent: [copperleaf], records });
      const items = await run(search, { query: 'Copperleaf Media LLC', countryIsoAlpha3: 'USA', mode: 'agentic' });
      expect(items[0]).toMatchObject({ _type: 'candidate', registryStatus: { status: 'unknown' }, parentEntityName: null });
    }
  });

  it('a candidate without an LEI asks GLEIF nothing', async () => {
    const { search, calls } = fakes({ agent: [agentCandidate('Copperleaf Media LLC', { countryIsoAlpha3: 'USA' })] });
    await run(search, { query: 'Copperleaf Media LLC', countryIsoAlpha3: 'USA', mode: 'agentic' });
    expect(calls.byNumber).toEqual([]);
  });
});
