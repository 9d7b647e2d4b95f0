import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { abnDetailsPayloadSchema, matchingNamesPayloadSchema, parseJsonpBody, unwrapJsonp, type AbnDetailsPayload } from './schemas';
import { allowlistsFor, nameKindOfNameType, organisationTypeFor, selectAbnsToHydrate, toCandidates, toHits, type AbrSearchRules } from './transform';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__');
const recorded = (file: string) => readFileSync(path.join(fixtures, file), 'utf8');

function names(file: string) {
  const payload = parseJsonpBody(recorded(file), matchingNamesPayloadSchema);
  if (!payload) throw new Error(`fixture ${file} does not parse`);
  return toHits(payload);
}

function details(...abns: string[]): Map<string, AbnDetailsPayload> {
  const map = new Map<string, AbnDetailsPayload>();
  for (const abn of abns) {
    const payload = parseJsonpBody(recorded(`abn-details-${abn}.jsonp`), abnDetailsPayloadSchema);
    if (!payload) throw new Error(`fixture for ${abn} does not parse`);
    map.set(abn, payload);
  }
  return map;
}

const KOOKABURRA_DETAILS = details('30635412074', '64482913570');
const ACME_DETAILS = details('76558378500', '66558861215', '28159343923');

function search(file: string, rules: AbrSearchRules, detailsByAbn: Map<string, AbnDetailsPayload>) {
  const hits = names(file);
  const abns = selectAbnsToHydrate(hits, rules, 20);
  return toCandidates(hits, abns, detailsByAbn, rules);
}

const rules = (preset: AbrSearchRules['preset'], includeSoleTraders = false): AbrSearchRules => ({ preset, includeSoleTraders });

describe('JSONP unwrapping and payload shapes (recorded bodies)', () => {
  it('unwraps cb(...), callback(...); and a bare object', () => {
    expect(unwrapJsonp('cb({"a":1})')).toEqual({ a: 1 });
    expect(unwrapJsonp('callback({"a":1});')).toEqual({ a: 1 });
    expect(unwrapJsonp(' {"a":1} ')).toEqual({ a: 1 });
  });

  it('answers undefined for an HTML page, a truncated body and an empty body', () => {
    expect(unwrapJsonp(recorded('html-maintenance-page.txt'))).toBeUndefined();
    expect(unwrapJsonp('cb({"Message":"","Names":[{"Abn":"3063')).toBeUndefined();
    expect(unwrapJsonp('')).toBeUndefined();
  });

  it('parses every recorded payload with its schema', () => {
    expect(parseJsonpBody(recorded('matching-names-kookaburra.jsonp'), matchingNamesPayloadSchema)?.Names).toHaveLength(4);
    expect(parseJsonpBody(recorded('matching-names-empty.jsonp'), matchingNamesPayloadSchema)).toEqual({ Message: '', Names: [] });
    expect(parseJsonpBody(recorded('matching-names-error-guid.jsonp'), matchingNamesPayloadSchema)?.Message).toMatch(/problem/);
    const guidError = parseJsonpBody(recorded('abn-details-error-guid.jsonp'), abnDetailsPayloadSchema);
    expect(guidError?.Message).toMatch(/not recognised/);
    expect(guidError?.AddressDate).toBeNull();
    expect(parseJsonpBody(recorded('abn-details-no-record.jsonp'), abnDetailsPayloadSchema)?.Message).toBe('No record found');
  });

  it('rejects a payload of another shape', () => {
    expect(parseJsonpBody('cb({"Message":"","Names":[{"Abn":"1"}]})', matchingNamesPayloadSchema)).toBeUndefined();
    expect(parseJsonpBody('cb({"Names":[]})', matchingNamesPayloadSchema)).toBeUndefined();
  });
});

describe('allowlists, name kinds and type mapping', () => {
  it('follows the spec table', () => {
    expect([...allowlistsFor(rules('entity-only')).nameKinds]).toEqual(['entity']);
    expect([...allowlistsFor(rules('business-name-aware')).nameKinds]).toEqual(['entity', 'business']);
    expect([...allowlistsFor(rules('with-business-names')).nameKinds]).toEqual(['entity', 'business']);
    expect([...allowlistsFor(rules('entity-only')).entityTypes]).toEqual(['PUB', 'PRV']);
    expect([...allowlistsFor(rules('entity-only', true)).nameKinds]).toEqual(['entity', 'legal']);
    expect([...allowlistsFor(rules('with-business-names', true)).entityTypes]).toEqual(['PUB', 'PRV', 'IND']);
  });

  it('maps NameType to a name kind, unknown ones to other', () => {
    expect(nameKindOfNameType('Entity Name')).toBe('entity');
    expect(nameKindOfNameType('Legal Name')).toBe('legal');
    expect(nameKindOfNameType('business name')).toBe('business');
    expect(nameKindOfNameType('Trading Name')).toBe('trading');
    expect(nameKindOfNameType('DGR Fund Name')).toBe('other');
  });

  it('maps PRV, PUB and IND only', () => {
    expect(organisationTypeFor('PRV')).toBe('ProprietaryLimited');
    expect(organisationTypeFor('PUB')).toBe('PublicLimited');
    expect(organisationTypeFor('IND')).toBe('SoleProprietor');
    expect(organisationTypeFor('TRT')).toBeNull();
  });
});

describe('selecting ABNs to hydrate', () => {
  it('drops former names before any call, one ABN once', () => {
    expect(selectAbnsToHydrate(names('matching-names-kookaburra.jsonp'), rules('business-name-aware'), 20)).toEqual(['30635412074', '64482913570']);
  });

  it('skips business-name-only ABNs under entity-only', () => {
    expect(selectAbnsToHydrate(names('matching-names-kookaburra.jsonp'), rules('entity-only'), 20)).toEqual(['30635412074']);
  });

  it('skips trading names, former names and other name types', () => {
    expect(selectAbnsToHydrate(names('matching-names-acme.jsonp'), rules('with-business-names'), 20)).toEqual(['76558378500', '66558861215', '28159343923']);
  });

  it('hydrates a cancelled ABN whose name is current, after every active one whatever the scores', () => {
    const hit = (abn: string, cancelled: boolean, score: number) => ({
      abn,
      name: `NAME ${abn}`,
      kind: 'entity' as const,
      cancelled,
      isCurrent: true,
      state: 'NSW',
      postcode: '2000',
      score,
    });
    const hits = [hit('37619872347', true, 100), hit('30635412074', false, 80), hit('76558378500', false, 70)];
    expect(selectAbnsToHydrate(hits, rules('entity-only'), 20)).toEqual(['30635412074', '76558378500', '37619872347']);
    expect(selectAbnsToHydrate(hits, rules('entity-only'), 2)).toEqual(['30635412074', '76558378500']);
  });

  it('keeps at most `limit` ABNs, best score first', () => {
    expect(selectAbnsToHydrate(names('matching-names-acme.jsonp'), rules('business-name-aware'), 1)).toEqual(['76558378500']);
  });
});

describe('candidates per preset', () => {
  it('entity-only: the entity row, with type, ABN and ACN, score and description', () => {
    expect(search('matching-names-kookaburra.jsonp', rules('entity-only'), KOOKABURRA_DETAILS)).toEqual([
      {
        name: 'KOOKABURRA KITCHENS PTY LTD',
        countryIsoAlpha3: 'AUS',
        identifiers: [
          { type: 'ABN', value: '30635412074' },
          { type: 'ACN', value: '635412074' },
        ],
        description: 'Australian Private Company, QLD 4000',
        website: null,
        websiteValidated: false,
        nameKind: 'entity',
        matchedBusinessName: null,
        parentEntityName: null,
        type: 'ProprietaryLimited',
        score: 100,
        registryStatus: { status: 'active', wording: 'Active', date: '2019-08-14' },
      },
    ]);
  });

  it('business-name-aware: one row per ABN; a sole trader only with includeSoleTraders', () => {
    const without = search('matching-names-kookaburra.jsonp', rules('business-name-aware'), KOOKABURRA_DETAILS);
    expect(without.map((c) => c.name)).toEqual(['KOOKABURRA KITCHENS PTY LTD']);
    // the entity name matched as well as the business name: no matched business name
    expect(without[0]?.matchedBusinessName).toBeNull();

    const withSoleTraders = search('matching-names-kookaburra.jsonp', rules('business-name-aware', true), KOOKABURRA_DETAILS);
    expect(withSoleTraders.map((c) => c.name)).toEqual(['KOOKABURRA KITCHENS PTY LTD', 'BROWN, MICHAEL JAMES']);
    expect(withSoleTraders[1]).toMatchObject({
      matchedBusinessName: 'KOOKABURRA KITCHEN RENOVATIONS',
      nameKind: 'business',
      type: 'SoleProprietor',
      identifiers: [{ type: 'ABN', value: '64482913570' }],
      description: 'Individual/Sole Trader, QLD 4217',
      score: 88,
    });
  });

  it('business-name-aware: the entity name, with the better-matching business name in matchedBusinessName', () => {
    const rows = search('matching-names-acme.jsonp', rules('business-name-aware'), ACME_DETAILS);
    expect(rows.map((c) => [c.name, c.matchedBusinessName, c.type, c.score])).toEqual([
      ['ACME HOLDINGS PTY LTD', 'Acme Hardware', 'ProprietaryLimited', 100],
      ['ACME INDUSTRIES LIMITED', null, 'PublicLimited', 67],
    ]);
    // details location wins over an empty hit location
    expect(rows[1]?.description).toBe('Australian Public Company, VIC 3150');
  });

  it('with-business-names: business names are their own rows, with parentEntityName', () => {
    const rows = search('matching-names-kookaburra.jsonp', rules('with-business-names', true), KOOKABURRA_DETAILS);
    expect(rows.map((c) => [c.name, c.nameKind, c.parentEntityName, c.matchedBusinessName, c.type])).toEqual([
      ['KOOKABURRA KITCHENS PTY LTD', 'entity', null, null, 'ProprietaryLimited'],
      ['Kookaburra Kitchens', 'business', 'KOOKABURRA KITCHENS PTY LTD', null, 'ProprietaryLimited'],
      ['KOOKABURRA KITCHEN RENOVATIONS', 'business', 'BROWN, MICHAEL JAMES', null, 'SoleProprietor'],
    ]);
    expect(rows[1]?.identifiers).toEqual([
      { type: 'ABN', value: '30635412074' },
      { type: 'ACN', value: '635412074' },
    ]);
    expect(rows[1]?.description).toBe('Business name of KOOKABURRA KITCHENS PTY LTD, Australian Private Company, QLD 4000');
  });

  it('drops entity types outside the allowlist (a trust) after hydration', () => {
    const rows = search('matching-names-acme.jsonp', rules('with-business-names', true), ACME_DETAILS);
    expect(rows.map((c) => c.name)).not.toContain('THE TRUSTEE FOR THE ACME FAMILY TRUST');
    expect(rows.map((c) => c.name)).toEqual(['Acme Hardware', 'ACME HOLDINGS PTY LTD', 'ACME INDUSTRIES LIMITED']);
  });

  it("an individual's entity name is a legal name, kept only with includeSoleTraders", () => {
    const hits = [
      {
        abn: '64482913570',
        name: 'BROWN, MICHAEL JAMES',
        kind: 'entity' as const,
        cancelled: false,
        isCurrent: true,
        state: 'QLD',
        postcode: '4217',
        score: 90,
      },
    ];
    expect(toCandidates(hits, ['64482913570'], KOOKABURRA_DETAILS, rules('entity-only'))).toEqual([]);
    const rows = toCandidates(hits, ['64482913570'], KOOKABURRA_DETAILS, rules('entity-only', true));
    expect(rows.map((c) => [c.name, c.nameKind, c.type])).toEqual([['BROWN, MICHAEL JAMES', 'legal', 'SoleProprietor']]);
  });

  it("keeps an ABN whose details say Cancelled, marked inactive in the register's words with the date it took effect", () => {
    const base = KOOKABURRA_DETAILS.get('30635412074');
    if (!base) throw new Error('fixture missing');
    const cancelled = new Map([['30635412074', { ...base, AbnStatus: 'Cancelled', AbnStatusEffectiveFrom: '2021-05-31' }]]);
    const rows = search('matching-names-kookaburra.jsonp', rules('entity-only'), cancelled);
    expect(rows.map((c) => [c.name, c.registryStatus])).toEqual([
      ['KOOKABURRA KITCHENS PTY LTD', { status: 'inactive', wording: 'Cancelled', date: '2021-05-31' }],
    ]);
  });

  it('ranks a cancelled ABN after an active namesake, whatever the scores', () => {
    const hit = (abn: string, score: number) => ({
      abn,
      name: 'RIVERBEND CELLARS PTY LTD',
      kind: 'entity' as const,
      cancelled: false,
      isCurrent: true,
      state: 'SA',
      postcode: '5000',
      score,
    });
    const base = KOOKABURRA_DETAILS.get('30635412074');
    if (!base) throw new Error('fixture missing');
    const entity = (abn: string, status: string) => ({ ...base, Abn: abn, AbnStatus: status, EntityName: 'RIVERBEND CELLARS PTY LTD' });
    const detailsByAbn = new Map([
      ['37619872347', entity('37619872347', 'Cancelled')],
      ['30635412074', entity('30635412074', 'Active')],
    ]);
    const rows = toCandidates([hit('37619872347', 100), hit('30635412074', 90)], ['37619872347', '30635412074'], detailsByAbn, rules('entity-only'));
    expect(rows.map((c) => [c.identifiers[0]?.value, c.registryStatus?.status])).toEqual([
      ['30635412074', 'active'],
      ['37619872347', 'inactive'],
    ]);
  });

  it('drops an ABN without details: its entity type cannot be established, so it is never shown as a company', () => {
    expect(search('matching-names-acme.jsonp', rules('entity-only'), new Map())).toEqual([]);
    expect(search('matching-names-kookaburra.jsonp', rules('business-name-aware', true), new Map())).toEqual([]);
  });

  it('a clean zero result gives no candidates', () => {
    expect(search('matching-names-empty.jsonp', rules('business-name-aware'), new Map())).toEqual([]);
  });
});
