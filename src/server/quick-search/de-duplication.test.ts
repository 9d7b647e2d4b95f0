/** Rule 6 (de-duplication.ts): one candidate per `<key>#<orgId>`; a base key the caller owns hides the global rows with it. */
import { describe, expect, it } from 'vitest';
import { row } from './__fixtures__/quick-search-fakes';
import { deduplicate, withoutGlobalRowsTheCallerOwns, withoutHiddenGlobalRows } from './de-duplication';

describe('deduplicate', () => {
  it('keeps the best-ranked occurrence of each <key>#<orgId>, and organisations sharing a key apart', () => {
    const byName = row({ id: '1', name: 'Acme Widgets' });
    const byIdentifier = { ...row({ id: '1', name: 'Acme Widgets' }), matchedIdentifier: { type: 'ABN', value: '51824753556' } };
    const namesake = row({ id: '2', name: 'Acme Widgets' });
    const kept = deduplicate(
      [
        { row: byIdentifier, score: 2 },
        { row: byName, score: 0.9 },
        { row: namesake, score: 0.9 },
      ],
      'AUS',
    );
    expect(kept.map((k) => [k.row.id, k.key])).toEqual([
      ['1', 'AUS|acme widgets'],
      ['2', 'AUS|acme widgets'],
    ]);
    expect(kept[0]?.row).toBe(byIdentifier);
  });

  it("keys a countryless organisation in the filter's country, and by its search name under GLO (no filter)", () => {
    const countryless = row({ id: '3', name: 'Acme Widgets Pty Ltd', searchName: 'acme widgets', countryIsoAlpha3: null, key: null });
    expect(deduplicate([{ row: countryless, score: 1 }], 'NZL').map((k) => k.key)).toEqual(['NZL|acme widgets pty ltd']);
    expect(deduplicate([{ row: countryless, score: 1 }], null).map((k) => k.key)).toEqual(['|acme widgets']);
  });
});

describe('withoutHiddenGlobalRows', () => {
  it('drops a global row whose base key the caller owns, and keeps global rows with other keys', () => {
    const owned = { row: row({ id: 'own', name: 'Acme', ownedByAccount: true }), key: 'AUS|acme' };
    const hidden = { row: row({ id: 'global', name: 'Acme' }), key: 'AUS|acme' };
    const other = { row: row({ id: 'other', name: 'Acme Two' }), key: 'AUS|acme two' };
    expect(withoutHiddenGlobalRows([hidden, owned, other]).map((k) => k.row.id)).toEqual(['own', 'other']);
    expect(withoutHiddenGlobalRows([hidden, other]).map((k) => k.row.id)).toEqual(['global', 'other']);
  });
});

describe('withoutGlobalRowsTheCallerOwns (batch matching)', () => {
  it('drops the global row with the base key of a row the caller owns', () => {
    const rows = [row({ id: 'global', name: 'Acme' }), row({ id: 'own', name: 'Acme', ownedByAccount: true }), row({ id: 'other', name: 'Zenith' })];
    expect(withoutGlobalRowsTheCallerOwns(rows, 'AUS').map((r) => r.id)).toEqual(['own', 'other']);
  });
});
