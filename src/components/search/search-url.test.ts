import { describe, expect, it } from 'vitest';
import { initialSearchValues, searchValuesOf, urlWithoutSearch, urlWithSearch } from './search-url';

const options = { defaultCountry: 'AUS', isKnownCountry: (c: string) => ['AUS', 'NZL', 'GBR', 'GLO'].includes(c) };

describe('initialSearchValues', () => {
  it('reads q and country from the URL', () => {
    expect(initialSearchValues({ q: 'Acme Widgets', country: 'gbr' }, options)).toEqual({ query: 'Acme Widgets', country: 'GBR' });
    expect(initialSearchValues({ q: ['first', 'second'], country: 'GLO' }, options)).toEqual({ query: 'first', country: 'GLO' });
  });
  it('falls back to the default country for a missing or unknown one, and caps the query at 200 characters', () => {
    expect(initialSearchValues({}, options)).toEqual({ query: '', country: 'AUS' });
    expect(initialSearchValues({ country: 'XXX' }, options).country).toBe('AUS');
    expect(initialSearchValues({ country: 'Australia' }, options).country).toBe('AUS');
    expect(initialSearchValues({ q: 'x'.repeat(300) }, options).query).toHaveLength(200);
  });
});

describe('urlWithSearch', () => {
  it('sets q and country and keeps other parameters', () => {
    expect(urlWithSearch('http://localhost:3000/dashboard?searchIntent=engage&q=old', { query: 'Koala & Co', country: 'AUS' })).toBe(
      '/dashboard?searchIntent=engage&q=Koala+%26+Co&country=AUS',
    );
  });
});

describe('urlWithoutSearch', () => {
  it('removes q and country and keeps other parameters', () => {
    expect(urlWithoutSearch('http://localhost:3000/dashboard?searchIntent=engage&q=Koala&country=AUS#x')).toBe('/dashboard?searchIntent=engage#x');
    expect(urlWithoutSearch('http://localhost:3000/dashboard?q=Koala')).toBe('/dashboard');
  });
});

describe('searchValuesOf', () => {
  it('reads the values a history entry holds, for Back and Forward', () => {
    expect(searchValuesOf('?q=Koala+%26+Co&country=nzl')).toEqual({ query: 'Koala & Co', country: 'NZL' });
    expect(searchValuesOf('')).toEqual({ query: '', country: null });
    expect(searchValuesOf('?q=a&country=Australia')).toEqual({ query: 'a', country: null });
  });
});
