/**
 * The sandbox's identifiers pass their own checks (issue 20, section 2; issue 21, section 5): every ABN and ACN of
 * the ABN Lookup fake, every Companies House number and LEI of the OpenCorporates fake, every identifier of the
 * demo seed the fakes share names with, and every labelled number written in the fake web's pages and sites. A
 * number that fails its check digit would be refused by the product (never stored, answered as mistyped).
 */
import { describe, expect, it } from 'vitest';
import { demoOrganisations } from '../adapters/db/seed/demo-organisations';
import {
  isCompaniesHouseNumber,
  isStorableIdentifier,
  isValidAbn,
  isValidAcn,
  isValidLei,
  mistypedIdentifiers,
  recogniseIdentifiers,
} from '../core/identifiers';
import { FAKE_ABR_ENTITIES } from './abr/dataset';
import { FAKE_COMPANIES } from './opencorporates/dataset';
import { FAKE_LEI_ENTITIES } from './gleif/dataset';
import { ENRICHMENT_PAGES, WEB_PAGES } from './web-search/dataset';
import { FAKE_SITES } from './websites/sites';

describe('the sandbox data passes its identifiers’ own checks', () => {
  it('ABN Lookup fake: every ABN passes the modulus-89 check and every ACN its check digit', () => {
    const failing = FAKE_ABR_ENTITIES.flatMap((e) => [
      ...(isValidAbn(e.abn) ? [] : [`ABN ${e.abn} (${e.entityName})`]),
      ...(e.acn === '' || isValidAcn(e.acn) ? [] : [`ACN ${e.acn} (${e.entityName})`]),
    ]);
    expect(failing).toEqual([]);
  });

  it('OpenCorporates fake: every gb company number is a Companies House number and every LEI passes ISO 17442', () => {
    const lei = FAKE_COMPANIES.flatMap((c) => c.identifiers.filter((i) => i.identifier.identifier_system_code === 'lei').map((i) => i.identifier.uid));
    expect(lei.length).toBeGreaterThan(0);
    expect(lei.filter((uid) => !isValidLei(uid))).toEqual([]);
    const gb = FAKE_COMPANIES.filter((c) => c.jurisdiction_code === 'gb').map((c) => c.company_number);
    expect(gb.filter((number) => !isCompaniesHouseNumber(number))).toEqual([]);
  });

  it('GLEIF fake: every LEI and every parent LEI passes ISO 17442, and every parent is in the register', () => {
    const leis = new Set(FAKE_LEI_ENTITIES.map((e) => e.lei));
    const parents = FAKE_LEI_ENTITIES.flatMap((e) => [e.directParent, e.ultimateParent].filter((p): p is string => p !== null));
    expect([...leis, ...parents].filter((lei) => !isValidLei(lei))).toEqual([]);
    expect(parents.filter((lei) => !leis.has(lei))).toEqual([]);
  });

  it('demo seed: every identifier is one the product would store (check digits, formats)', () => {
    const failing = demoOrganisations().flatMap((o) =>
      (o.identifiers ?? []).filter((i) => !isStorableIdentifier(i)).map((i) => `${i.type} ${i.value} (${o.name})`),
    );
    expect(failing).toEqual([]);
  });

  it('fake web pages and sites: every labelled number they write is read as a valid identifier, none as mistyped', () => {
    const texts = [
      ...[...ENRICHMENT_PAGES, ...WEB_PAGES].flatMap((p) => [p.title, p.description]),
      ...FAKE_SITES.flatMap((site) => Object.values(site.paths).flatMap((answer) => (answer.kind === 'html' ? [answer.html] : []))),
    ];
    // One statement at a time: a sentence, a table cell, an element's text.
    const statements = texts.flatMap((text) => text.split(/<[^>]*>|\||\.\s|\n/)).filter((s) => /\p{Nd}/u.test(s));
    expect(statements.filter((s) => mistypedIdentifiers(s).length > 0)).toEqual([]);
    expect(statements.filter((s) => /\b(?:ABN|ACN|Company number)\b/.test(s) && recogniseIdentifiers(s).length === 0)).toEqual([]);
  });
});
