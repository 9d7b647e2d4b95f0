import { describe, expect, it } from 'vitest';
import { changesLinkName, changesPageQuerySchema, describeChange, isWatched, markChangesReadInputSchema } from './change-view';

describe('describeChange', () => {
  it('says a status change in the register’s words, with the date it took effect', () => {
    const d = describeChange({
      kind: 'status',
      field: 'registryStatus',
      before: { status: 'active', wording: 'Active', date: '2001-07-01' },
      after: { status: 'inactive', wording: 'Cancelled', date: '2026-12-02' },
    });
    expect(d).toEqual({
      label: 'Registry status',
      before: 'Active since 2001-07-01',
      after: 'Cancelled since 2026-12-02',
      sentence: 'Registry status: Active since 2001-07-01 → Cancelled since 2026-12-02',
    });
  });

  it('a business name added has no before, one removed no after', () => {
    expect(describeChange({ kind: 'business_names', field: 'businessNames', before: null, after: 'Yarra Valley Cheese Co' }).sentence).toBe(
      'Business name added: Yarra Valley Cheese Co',
    );
    expect(describeChange({ kind: 'business_names', field: 'businessNames', before: 'Old Co', after: null }).sentence).toBe('Business name removed: Old Co');
  });

  it('names a parent with its LEI, and a parent gone as none', () => {
    const d = describeChange({ kind: 'parent', field: 'directParent', before: { name: 'HOLDCO LTD', lei: '984500HOLDCO00000001' }, after: null });
    expect(d.label).toBe('Direct parent');
    expect(d.before).toBe('HOLDCO LTD (LEI 984500HOLDCO00000001)');
    expect(d.after).toBeNull();
  });

  it('a rename and an LEI status are said as written', () => {
    expect(describeChange({ kind: 'legal_name', field: 'legalName', before: 'A PTY LTD', after: 'B PTY LTD' }).sentence).toBe(
      'Legal name: A PTY LTD → B PTY LTD',
    );
    expect(describeChange({ kind: 'lei_registration_status', field: 'leiRegistrationStatus', before: 'ISSUED', after: 'LAPSED' }).label).toBe(
      'LEI registration status',
    );
  });
});

describe('isWatched', () => {
  it('is watched with a registry identifier, not with a website or a tax number alone', () => {
    expect(isWatched([{ type: 'ABN' }])).toBe(true);
    expect(isWatched([{ type: 'LEI' }])).toBe(true);
    expect(isWatched([{ type: 'VAT' }])).toBe(false);
    expect(isWatched([])).toBe(false);
  });
});

describe('the /changes page query', () => {
  it('keeps a known kind and an organisation id, and ignores what it does not know', () => {
    expect(changesPageQuerySchema.parse({ kind: 'status', organisation: '7f1c8a52-6c1e-4b7a-9d8e-0a1b2c3d4e5f', page: '2' })).toEqual({
      kind: 'status',
      organisation: '7f1c8a52-6c1e-4b7a-9d8e-0a1b2c3d4e5f',
      page: 2,
    });
    expect(changesPageQuerySchema.parse({ kind: 'weather', organisation: 'nope', page: '-1' })).toEqual({ page: 1 });
  });

  it('marking read takes ids, or all with a filter; nothing else', () => {
    expect(markChangesReadInputSchema.safeParse({ changeIds: [] }).success).toBe(false);
    expect(markChangesReadInputSchema.safeParse({ changeIds: ['x'] }).success).toBe(false);
    expect(markChangesReadInputSchema.parse({ all: true })).toEqual({ all: true, filter: {} });
    expect(markChangesReadInputSchema.safeParse({ all: false }).success).toBe(false);
  });
});

it('the header link says how many are unread', () => {
  expect(changesLinkName(3)).toBe('Changes, 3 unread');
  expect(changesLinkName(0)).toBe('Changes');
});
