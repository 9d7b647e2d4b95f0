import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../core/errors';
import { entity, inMemoryPorts } from './__fixtures__/in-memory-ports';
import { createExtendEntities } from './extend-entities';
import { createPreviewEntity } from './preview-entity';
import { createSuggestEntities } from './suggest-entities';

const ID = '0b6f2f1e-3a52-4c1e-9a53-2f0f5d1e7a10';
const WOMBAT = entity({
  id: ID,
  name: 'Wombat Power Pty Ltd',
  description: 'Hydro',
  website: 'https://wombat.com.au',
  profileStatus: 'COMPLETED',
  identifiers: [{ type: 'ABN', value: '51824753556' }],
  naics: [{ code: '221111', name: 'Hydroelectric Power Generation' }],
  aquila1: [
    { code: 'A1', name: 'Energy', weight: 1, for: 'SPENT' },
    { code: 'A1', name: 'Energy', weight: 1, for: 'INVESTED' },
  ],
});
const ports = () => inMemoryPorts([WOMBAT, ...Array.from({ length: 15 }, (_, i) => entity({ id: `w${i}`, name: `Wombat Works ${i}` }))]);

describe('SuggestEntities', () => {
  it('suggests by prefix, ten at a time from the cursor, each an Organisation', async () => {
    const suggest = createSuggestEntities(ports());
    const first = await suggest({ accountId: 'a', prefix: 'Wombat', cursor: 0 });
    expect(first.result).toHaveLength(10);
    expect(first.result[0]).toEqual({ id: ID, name: 'Wombat Power Pty Ltd', description: 'Hydro', notable: [{ id: 'Organisation', name: 'Organisation' }] });
    expect((await suggest({ accountId: 'a', prefix: 'Wombat', cursor: 10 })).result).toHaveLength(6);
  });

  it('suggests the organisation an id names, and nothing for a blank prefix', async () => {
    const suggest = createSuggestEntities(ports());
    expect((await suggest({ accountId: 'a', prefix: ID.toUpperCase(), cursor: 0 })).result.map((r) => r.id)).toEqual([ID]);
    expect((await suggest({ accountId: 'a', prefix: '   ', cursor: 0 })).result).toEqual([]);
  });
});

describe('PreviewEntity', () => {
  it('renders the card of a visible organisation and refuses any other id as not found', async () => {
    const preview = createPreviewEntity(ports());
    expect(await preview({ accountId: 'a', id: ID })).toContain('Hydroelectric Power Generation');
    await expect(preview({ accountId: 'a', id: 'unknown' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('ExtendEntities', () => {
  it('answers each property of each id, an unknown id or property with no values', async () => {
    const extend = createExtendEntities(ports());
    const answer = await extend({
      accountId: 'a',
      extend: { ids: [ID, 'unknown'], properties: [{ id: 'naicsCode' }, { id: 'aquila1' }, { id: 'profileStatus' }, { id: 'shoeSize' }] },
    });
    expect(answer.meta).toEqual([
      { id: 'naicsCode', name: 'NAICS codes' },
      { id: 'aquila1', name: 'Aquila1 sectors' },
      { id: 'profileStatus', name: 'Profile status' },
      { id: 'shoeSize', name: 'shoeSize' },
    ]);
    expect(answer.rows[ID]).toEqual({ naicsCode: [{ str: '221111' }], aquila1: [{ str: 'Energy' }], profileStatus: [{ str: 'COMPLETED' }], shoeSize: [] });
    expect(answer.rows.unknown).toEqual({ naicsCode: [], aquila1: [], profileStatus: [], shoeSize: [] });
  });
});
