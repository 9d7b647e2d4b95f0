import { describe, it, expect } from 'vitest';
import { GLOBAL_SEARCH_SCOPE, countryFromAnything, countryName, countryPickerOptions, isCountryAlpha3, toAlpha2, toAlpha3 } from './countries';

describe('GLOBAL_SEARCH_SCOPE (spec: Constants)', () => {
  it('is the GLO sentinel, shown as Global', () => {
    expect(GLOBAL_SEARCH_SCOPE).toBe('GLO');
    expect(countryName(GLOBAL_SEARCH_SCOPE)).toBe('Global');
  });
});

describe('toAlpha3: an alpha-2 or alpha-3 code in any case', () => {
  it.each([
    ['AU', 'AUS'],
    ['au', 'AUS'],
    [' aus ', 'AUS'],
    ['AUS', 'AUS'],
    ['gb', 'GBR'],
    ['GBR', 'GBR'],
    ['nz', 'NZL'],
    ['us', 'USA'],
  ])('maps %j to %s', (input, expected) => {
    expect(toAlpha3(input)).toBe(expected);
  });

  it('accepts UK as GBR although ISO assigns GB', () => {
    expect(toAlpha3('UK')).toBe('GBR');
    expect(toAlpha3('uk')).toBe('GBR');
  });

  it.each(['GLO', 'glo', 'XXX', 'XK', 'XKK', 'ZZ', '', '   ', 'A', 'AUST', 'QQQ', 'A1', 'Australia'])(
    'gives undefined for %j, which is not a country code',
    (input) => {
      expect(toAlpha3(input)).toBeUndefined();
    },
  );
});

describe('toAlpha2: the aggregator jurisdiction code', () => {
  it('maps alpha-3 in any case to upper-case alpha-2', () => {
    expect(toAlpha2('AUS')).toBe('AU');
    expect(toAlpha2('gbr')).toBe('GB');
    expect(toAlpha2('USA')).toBe('US');
  });

  it('also takes alpha-2 and UK', () => {
    expect(toAlpha2('de')).toBe('DE');
    expect(toAlpha2('UK')).toBe('GB');
  });

  it('gives undefined for GLO and unmappable codes (an empty result, not a failure)', () => {
    expect(toAlpha2('GLO')).toBeUndefined();
    expect(toAlpha2('XXX')).toBeUndefined();
    expect(toAlpha2('ABC')).toBeUndefined();
  });
});

describe('isCountryAlpha3: only normalised upper-case codes', () => {
  it('accepts assigned upper-case alpha-3 codes', () => {
    for (const code of ['AUS', 'NZL', 'CAN', 'CHN', 'GBR', 'USA', 'DEU', 'ALA']) {
      expect(isCountryAlpha3(code), code).toBe(true);
    }
  });

  it('rejects lower case, padding, alpha-2, sentinels and unknown codes', () => {
    for (const code of ['aus', 'Aus', ' AUS', 'AUS ', 'AU', 'GLO', 'XXX', 'XKK', 'UKK', '', 'AUSS']) {
      expect(isCountryAlpha3(code), code).toBe(false);
    }
  });
});

describe('countryName', () => {
  it('gives the everyday English name', () => {
    expect(countryName('AUS')).toBe('Australia');
    expect(countryName('gbr')).toBe('United Kingdom');
    expect(countryName('CHN')).toBe('China');
    expect(countryName('USA')).toBe('United States');
  });

  it('gives undefined for unknown codes and alpha-2 codes', () => {
    expect(countryName('XXX')).toBeUndefined();
    expect(countryName('AU')).toBeUndefined();
    expect(countryName('')).toBeUndefined();
  });
});

describe("countryFromAnything: the agent's headquarters country under GLO (GLO rule 3)", () => {
  it.each([
    ['AU', 'AUS'],
    ['AUS', 'AUS'],
    ['gbr', 'GBR'],
    ['UK', 'GBR'],
    ['U.K.', 'GBR'],
    ['United Kingdom', 'GBR'],
    ['united kingdom', 'GBR'],
    ['Great Britain', 'GBR'],
    ['England', 'GBR'],
    ['Australia', 'AUS'],
    ['  Australia  ', 'AUS'],
    ['New Zealand', 'NZL'],
    ['USA', 'USA'],
    ['U.S.', 'USA'],
    ['U.S.A.', 'USA'],
    ['United States', 'USA'],
    ['United States of America', 'USA'],
    ['the Netherlands', 'NLD'],
    ['Türkiye', 'TUR'],
    ['Turkey', 'TUR'],
    ['Cote d’Ivoire', 'CIV'],
    ['South Korea', 'KOR'],
    ['Russia', 'RUS'],
    ["People's Republic of China", 'CHN'],
    ['China', 'CHN'],
    ['Viet Nam', 'VNM'],
  ])('maps %j to %s', (input, expected) => {
    expect(countryFromAnything(input)).toBe(expected);
  });

  it.each(['', '   ', 'Global', 'GLO', 'XXX', 'Atlantis', 'Congo', 'Europe', 'Korea', 'N/A'])(
    'gives undefined for %j (unmappable or ambiguous: dropped with a warning)',
    (input) => {
      expect(countryFromAnything(input)).toBeUndefined();
    },
  );
});

describe('countryPickerOptions (spec: Country picker order)', () => {
  const { pinned, rest } = countryPickerOptions();

  it('pins GLO (as Global), AUS, NZL, CAN, CHN, GBR, USA in that order', () => {
    expect(pinned.map((o) => o.code)).toEqual(['GLO', 'AUS', 'NZL', 'CAN', 'CHN', 'GBR', 'USA']);
    expect(pinned[0]).toEqual({ code: 'GLO', name: 'Global' });
    expect(pinned[1]).toEqual({ code: 'AUS', name: 'Australia' });
  });

  it('lists every other country once, never a pinned one or a sentinel', () => {
    const codes = rest.map((o) => o.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(230);
    for (const code of ['GLO', 'AUS', 'NZL', 'CAN', 'CHN', 'GBR', 'USA', 'XXX', 'XKK']) {
      expect(codes).not.toContain(code);
    }
    for (const code of codes) expect(isCountryAlpha3(code), code).toBe(true);
  });

  it('sorts the rest alphabetically by English name', () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    for (let i = 1; i < rest.length; i += 1) {
      const previous = rest[i - 1];
      const current = rest[i];
      if (previous === undefined || current === undefined) throw new Error('unreachable');
      expect(collator.compare(previous.name, current.name), `${previous.name} before ${current.name}`).toBeLessThanOrEqual(0);
    }
    expect(rest[0]?.name).toBe('Afghanistan');
    expect(rest.at(-1)?.name).toBe('Zimbabwe');
  });

  it('returns fresh arrays, so one caller cannot reorder another caller’s picker', () => {
    const first = countryPickerOptions();
    first.pinned.reverse();
    first.rest.length = 0;
    const second = countryPickerOptions();
    expect(second.pinned[0]?.code).toBe('GLO');
    expect(second.rest.length).toBe(rest.length);
  });
});
