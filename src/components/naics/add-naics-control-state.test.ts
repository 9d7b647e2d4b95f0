import { describe, expect, it } from 'vitest';
import { CONFLICT_MESSAGE, UNSYNCED_NOTICE, addControlVisibility, addOutcomeMessage, fireLatch, type AddNaicsSuccess } from './add-naics-control-state';
import { createClientCaches } from '../organisation/client-caches';

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

  it('works without an after-add callback and bumps the real caches', () => {
    const caches = createClientCaches();
    let notified = 0;
    caches.subscribe(() => (notified += 1));
    const before = { risk: caches.version('organisation-risk', 'org-1'), other: caches.version('organisation-risk', 'org-2'), flags: caches.version('flag-counts') };
    let latched = false;
    fireLatch({ setLatched: () => (latched = true), invalidate: caches.invalidate }, 'org-1', success);
    expect(latched).toBe(true);
    expect(notified).toBe(2);
    expect(caches.version('organisation-risk', 'org-1')).toBe(before.risk + 1);
    expect(caches.version('organisation-risk', 'org-2')).toBe(before.other);
    expect(caches.version('flag-counts')).toBe(before.flags + 1);
  });
});

describe('the status region text', () => {
  it('shows the friendlier message for a ConflictError, the user message for other errors', () => {
    expect(addOutcomeMessage({ ok: false, error: { name: 'ConflictError', message: 'Another classification ...' } })).toEqual({ kind: 'error', text: CONFLICT_MESSAGE });
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
