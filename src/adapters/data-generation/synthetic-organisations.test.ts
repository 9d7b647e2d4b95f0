import { describe, expect, it } from 'vitest';
import { keyName } from '../../core/canonical-name';
import { isCompaniesHouseNumber, isValidAbn, isValidAcn, normaliseIdentifierValue } from '../../core/identifiers';
import { normaliseWebsiteHost } from '../../core/website';
import { parseOrganisationImportLine } from '../db/queries/imports/organisation-import-line';
import { syntheticOrganisation, syntheticOrganisations, SYNTHETIC_DISTINCT_BASE_NAMES } from './synthetic-organisations';

describe('syntheticOrganisations', () => {
  const sample = [...syntheticOrganisations({ count: 20_000, seed: 7 })];

  it('gives identifiers with valid check digits, and ABNs that contain their ACN', () => {
    let abns = 0;
    let chs = 0;
    for (const o of sample) {
      const abn = o.identifiers.find((i) => i.type === 'ABN');
      const acn = o.identifiers.find((i) => i.type === 'ACN');
      if (o.countryIsoAlpha3 === 'AUS') {
        expect(abn && isValidAbn(abn.value)).toBe(true);
        expect(acn && isValidAcn(acn.value)).toBe(true);
        expect(normaliseIdentifierValue(abn?.value ?? '').slice(2)).toBe(normaliseIdentifierValue(acn?.value ?? ''));
        abns += 1;
      }
      for (const ch of o.identifiers.filter((i) => i.type === 'CH')) {
        expect(isCompaniesHouseNumber(ch.value)).toBe(true);
        chs += 1;
      }
    }
    expect(abns).toBeGreaterThan(5_000);
    expect(chs).toBeGreaterThan(3_000);
  });

  it('gives distinct names and distinct identifiers', () => {
    expect(new Set(sample.map((o) => keyName(o.name).replace(/ (pty ltd|ltd|plc|llp|inc|llc|corp|co|group|international)$/, ''))).size).toBe(sample.length);
    const identifiers = sample.flatMap((o) => o.identifiers.map((i) => `${i.type}:${normaliseIdentifierValue(i.value)}`));
    expect(new Set(identifiers).size).toBe(identifiers.length);
    const websites = sample.flatMap((o) => (o.website ? [normaliseWebsiteHost(o.website)] : []));
    expect(new Set(websites).size).toBe(websites.length);
  });

  it('covers several countries with their legal suffixes and TLDs, and countryless organisations', () => {
    const countries = new Set(sample.map((o) => o.countryIsoAlpha3 ?? 'Global'));
    expect([...countries].sort()).toEqual(['AUS', 'CAN', 'GBR', 'Global', 'IRL', 'NZL', 'USA']);
    for (const o of sample.slice(0, 500)) {
      if (o.countryIsoAlpha3 === 'AUS') expect(o.name).toMatch(/ (Pty Ltd|Limited|Pty\. Ltd\.)$/);
      if (o.countryIsoAlpha3 === 'AUS' && o.website) expect(o.website).toMatch(/\.com\.au$/);
      if (o.countryIsoAlpha3 === 'GBR' && o.website) expect(o.website).toMatch(/\.co\.uk$/);
      expect(o.description.length).toBeGreaterThan(40);
    }
    expect(sample.filter((o) => o.aliases.length > 0).length).toBeGreaterThan(sample.length / 10);
  });

  it('writes lines the import accepts', () => {
    for (const o of sample.slice(0, 2_000)) {
      const parsed = parseOrganisationImportLine(JSON.stringify(o));
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    }
  });

  it('is deterministic for a seed, different across seeds, and streams from any start', () => {
    expect(syntheticOrganisation(123, 7)).toEqual(sample[123]);
    expect([...syntheticOrganisations({ count: 3, seed: 7, start: 10 })]).toEqual(sample.slice(10, 13));
    expect(syntheticOrganisation(123, 8).name).not.toBe(sample[123]?.name);
  });

  it('keeps names distinct past the base-name space by adding a qualifier', () => {
    const a = syntheticOrganisation(5, 1);
    const b = syntheticOrganisation(5 + SYNTHETIC_DISTINCT_BASE_NAMES, 1);
    expect(b.name).toMatch(/ Holdings/);
    expect(keyName(b.name)).not.toBe(keyName(a.name));
  });
});
