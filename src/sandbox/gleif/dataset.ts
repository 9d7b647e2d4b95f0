/**
 * The GLEIF fake's register: a few fictional LEIs, several of them companies the OpenCorporates fake also holds
 * (Fernhollow Analytics' LEI is the one the aggregator's record carries), with the cases monitoring and search
 * must read: other and transliterated names, an inactive (dissolved) entity, a lapsed LEI, direct and ultimate
 * parents. LEIs pass ISO 17442's check digits; names, numbers and addresses are invented.
 */

export interface FakeLeiName {
  name: string;
  language: string;
  type: string;
}

/** One LEI as the fake stores it; the server writes it out as a JSON:API `lei-records` resource. */
export interface FakeLeiEntity {
  lei: string;
  legalName: string;
  legalNameLanguage: string;
  otherNames: FakeLeiName[];
  transliteratedOtherNames: FakeLeiName[];
  /** ISO alpha-2 of the legal address. */
  country: string;
  city: string;
  jurisdiction: string;
  /** The business register's id (RA000585: Companies House) and the entity's number there. */
  registeredAt: string | null;
  registeredAs: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  expiration: { date: string | null; reason: string | null };
  registrationStatus: string;
  lastUpdateDate: string;
  directParent: string | null;
  ultimateParent: string | null;
}

function entity(fields: Partial<FakeLeiEntity> & Pick<FakeLeiEntity, 'lei' | 'legalName' | 'country' | 'city'>): FakeLeiEntity {
  return {
    legalNameLanguage: 'en',
    otherNames: [],
    transliteratedOtherNames: [],
    jurisdiction: fields.country,
    registeredAt: null,
    registeredAs: null,
    status: 'ACTIVE',
    expiration: { date: null, reason: null },
    registrationStatus: 'ISSUED',
    lastUpdateDate: '2026-06-01T09:00:00Z',
    directParent: null,
    ultimateParent: null,
    ...fields,
  };
}

export const FAKE_LEI_ENTITIES: readonly FakeLeiEntity[] = [
  entity({
    lei: '9845001FERNHOLLOW064',
    legalName: 'FERNHOLLOW ANALYTICS LIMITED',
    otherNames: [
      { name: 'FERNHOLLOW DATA LIMITED', language: 'en', type: 'PREVIOUS_LEGAL_NAME' },
      { name: 'Fernhollow', language: 'en', type: 'TRADING_OR_OPERATING_NAME' },
    ],
    country: 'GB',
    city: 'London',
    registeredAt: 'RA000585',
    registeredAs: '09876543',
    directParent: '984500FERNHOLDGRP028',
    ultimateParent: '984500FERNHOLDGRP028',
  }),
  entity({ lei: '984500FERNHOLDGRP028', legalName: 'FERNHOLLOW GROUP PLC', country: 'GB', city: 'London' }),
  entity({ lei: '984500HARBOURLINE019', legalName: 'HARBOURLINE LOGISTICS, INC.', country: 'US', city: 'Wilmington', jurisdiction: 'US-DE' }),
  entity({
    lei: '984500MERIDIANRID048',
    legalName: 'MERIDIAN RIDGE PARTNERS LLP',
    country: 'GB',
    city: 'London',
    registeredAt: 'RA000585',
    registeredAs: 'OC412345',
    registrationStatus: 'LAPSED',
  }),
  entity({
    lei: '984500QUILLSTONE0015',
    legalName: 'QUILLSTONE SOFTWARE LIMITED',
    country: 'GB',
    city: 'Manchester',
    registeredAt: 'RA000585',
    registeredAs: '12456789',
    directParent: '984500HARBOURLINE019',
    ultimateParent: '984500HARBOURLINE019',
  }),
  entity({
    lei: '984500BLUEFERNROB007',
    legalName: 'BLUEFERN ROBOTICS LTD',
    country: 'GB',
    city: 'Bristol',
    registeredAt: 'RA000585',
    registeredAs: '13579246',
    directParent: '984500BLUEFERNINC072',
    ultimateParent: '984500BLUEFERNINC072',
  }),
  entity({ lei: '984500BLUEFERNINC072', legalName: 'BLUEFERN ROBOTICS INC.', country: 'US', city: 'Wilmington', jurisdiction: 'US-DE' }),
  entity({
    lei: '984500LAPSEDTRADE018',
    legalName: 'COPPERLEAF MEDIA LLC',
    country: 'US',
    city: 'Wilmington',
    jurisdiction: 'US-DE',
    status: 'INACTIVE',
    expiration: { date: '2015-06-01T00:00:00Z', reason: 'DISSOLVED' },
    registrationStatus: 'RETIRED',
  }),
  entity({
    lei: '984500KIRINOHASHJ045',
    legalName: '桐の葉商事株式会社',
    legalNameLanguage: 'ja',
    otherNames: [{ name: 'Kirinoha Trading Co., Ltd.', language: 'en', type: 'ALTERNATIVE_LANGUAGE_LEGAL_NAME' }],
    transliteratedOtherNames: [{ name: 'KIRINOHA SHOJI KABUSHIKI KAISHA', language: 'ja-Latn', type: 'AUTO_ASCII_TRANSLITERATED_LEGAL_NAME' }],
    country: 'JP',
    city: 'Tokyo',
  }),
];

/** A copy of the register a test (or the sandbox's clock) may change without touching the module's constant. */
export function copyOfFakeLeiEntities(): FakeLeiEntity[] {
  return structuredClone([...FAKE_LEI_ENTITIES]);
}
