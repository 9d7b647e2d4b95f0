import { describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, UNSYNCED_NOTICE, addControlVisibility, addOutcomeMessage, fireLatch, type AddNaicsSuccess } from './add-naics-control-state';
import { QueryClient } from '@tanstack/react-query';
import { flagCountsKey, invalidateClientCache, organisationFiguresKey } from '../organisation/client-query-keys';

const gate = { flagEnabled: true, enrichmentComplete: true, organisationId: 'org-1', classified: false, latched: false };
const success: AddNaicsSuccess = {
  ok: true,
  aquila1Synced: true,
  transactionsClassified: 2,
  naics: [{ code: '311920', name: 'Coffee and Tea Manufacturing' }],
  aquila1: [{ code: 'DEMO-31-33', name: '[Demo] Manufacturing', weight: 1, for: 'SPENT' }],
  aquila2: [],
};

describe('visibility of the add control (the state table)', () => {
  it('is hidden with the flag off, enrichment not settled, or no organisation', () => {
    expect(addControlVisibility({ ...gate, flagEnabled: false })).toBe('hidden');
    expect(addControlVisibility({ ...gate, enrichmentComplete: false })).toBe('hidden');
    expect(addControlVisibility({ ...gate, organisationId: undefined })).toBe('hidden');
    expect(addControlVisibility({ ...gate, flagEnabled: false, latched: true })).toBe('hidden');
  });

  it('is hidden for an organisation already classified, visible for zero classifications', () => {
    expect(addControlVisibility({ ...gate, classified: true })).toBe('hidden');
    expect(addControlVisibility(gate)).toBe('visible');
  });

  it('stays visible once latched, even though the organisation is now classified', () => {
    expect(addControlVisibility({ ...gate, classified: true, latched: true })).toBe('visible');
  });
});

describe('the latch', () => {
  it('sets the latch, then invalidates organisation risk and flag counts, then calls the after-add callback', () => {
    const calls: string[] = [];
    fireLatch(
      {
        setLatched: () => calls.push('setLatched'),
        invalidate: (name, id) => calls.push(id === undefined ? `invalidate ${name}` : `invalidate ${name} ${id}`),
        afterAdd: (result) => calls.push(`afterAdd ${result.naics[0]?.code ?? ''}`),
      },
      'org-1',
      success,
    );
    expect(calls).toEqual(['setLatched', 'invalidate organisation-risk org-1', 'invalidate flag-counts', 'afterAdd 311920']);
  });

  it('works without an after-add callback and invalidates the real query cache (that organisation and the counts only)', async () => {
    const client = new QueryClient();
    client.setQueryData(organisationFiguresKey('org-1'), { organisationId: 'org-1', totals: [], sectors: [] });
    client.setQueryData(organisationFiguresKey('org-2'), { organisationId: 'org-2', totals: [], sectors: [] });
    client.setQueryData(flagCountsKey, { listed: 1, unclassified: 1, enriching: 0, notEnriched: 0 });
    let latched = false;
    fireLatch({ setLatched: () => (latched = true), invalidate: (name, id) => invalidateClientCache(client, name, id) }, 'org-1', success);
    expect(latched).toBe(true);
    expect(client.getQueryState(organisationFiguresKey('org-1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(flagCountsKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(organisationFiguresKey('org-2'))?.isInvalidated).toBe(false);
    client.clear();
  });
});

describe('the status region text', () => {
  it('shows the friendlier message for a ConflictError, the user message for other errors', () => {
    expect(addOutcomeMessage({ ok: false, error: { name: 'ConflictError', message: 'Another classification ...' } })).toEqual({
      kind: 'error',
      text: CONFLICT_MESSAGE,
    });
    expect(CONFLICT_MESSAGE).toContain('already in progress, try again shortly');
    expect(addOutcomeMessage({ ok: false, error: { name: 'ForbiddenError', message: 'Manual classification is unavailable on this account' } })).toEqual({
      kind: 'error',
      text: 'Manual classification is unavailable on this account',
    });
  });

  it('shows the soft notice when nothing synced, and nothing for a synced add', () => {
    expect(addOutcomeMessage({ ...success, aquila1Synced: false, aquila1: [] })).toEqual({ kind: 'notice', text: UNSYNCED_NOTICE });
    expect(addOutcomeMessage(success)).toBeNull();
  });
});
