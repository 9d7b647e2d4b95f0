import { describe, expect, it } from 'vitest';
import { confirmRequestOf, returnToSearchUrl, urlWithoutConfirm } from './confirm-selection';

describe('the confirm header', () => {
  it('shows only with confirm=1 and carries the search', () => {
    expect(confirmRequestOf(new URLSearchParams('from=search&confirm=1&q=koala&country=AUS'))).toEqual({ query: 'koala', country: 'AUS' });
    expect(confirmRequestOf(new URLSearchParams('confirm=1'))).toEqual({ query: '', country: '' });
    expect(confirmRequestOf(new URLSearchParams('from=search'))).toBeNull();
    expect(confirmRequestOf(new URLSearchParams('confirm=yes'))).toBeNull();
  });

  it('No returns to the dashboard search with its query and country', () => {
    expect(returnToSearchUrl({ query: 'koala & co', country: 'AUS' })).toBe('/dashboard?q=koala+%26+co&country=AUS');
    expect(returnToSearchUrl({ query: '', country: 'GLO' })).toBe('/dashboard?country=GLO');
    expect(returnToSearchUrl({ query: '', country: '' })).toBe('/dashboard');
  });

  it('Yes drops confirm, q and country and keeps the rest', () => {
    expect(urlWithoutConfirm('/organisations/o1', new URLSearchParams('from=search&confirm=1&q=koala&country=AUS'))).toBe('/organisations/o1?from=search');
    expect(urlWithoutConfirm('/organisations/o1/analyst', new URLSearchParams('confirm=1&q=koala&country=AUS'))).toBe('/organisations/o1/analyst');
  });
});
