import { describe, expect, it } from 'vitest';
import { verificationEvidenceSchema } from './organisation-profile';
import {
  assessRegistryRecord,
  inconsistentIdentifiers,
  noRegistryIdentifierEvidence,
  noSuchRecordEvidence,
  registerUnreachableEvidence,
  verificationIdentifier,
  type RegisteredEntity,
} from './registry-verification';

// A real-shaped ABR company: ACN 635 412 074, ABN 30 635 412 074.
const ACN = '635412074';
const ABN = '30635412074';

const koala: RegisteredEntity = {
  name: 'KOALA LOGISTICS PTY LTD',
  otherNames: ['Koala Freight'],
  identifiers: [
    { type: 'ABN', value: ABN },
    { type: 'ACN', value: ACN },
  ],
  active: true,
  register: 'abr',
  url: `https://abr.business.gov.au/ABN/View?abn=${ABN}`,
};

describe('verificationIdentifier: which identifier the register is asked about', () => {
  it('takes the ABN first, then the ACN, then the Companies House number, then the aggregator id', () => {
    const all = [
      { type: 'OPENCORPORATES', value: 'gb/SC612345' },
      { type: 'CH', value: 'SC612345' },
      { type: 'ACN', value: '635 412 074' },
      { type: 'ABN', value: '30 635 412 074' },
      { type: 'LEI', value: '5493001KJTIIGC8Y1R12' },
    ];
    expect(verificationIdentifier(all)).toEqual({ type: 'ABN', value: '30 635 412 074' });
    expect(verificationIdentifier(all.filter((i) => i.type !== 'ABN'))).toEqual({ type: 'ACN', value: '635 412 074' });
    expect(verificationIdentifier(all.filter((i) => i.type !== 'ABN' && i.type !== 'ACN'))).toEqual({ type: 'CH', value: 'SC612345' });
    expect(verificationIdentifier(all.filter((i) => i.type === 'OPENCORPORATES' || i.type === 'LEI'))).toEqual({
      type: 'OPENCORPORATES',
      value: 'gb/SC612345',
    });
  });

  it('is null without a registry identifier (a LEI or a website is not one)', () => {
    expect(verificationIdentifier([{ type: 'LEI', value: '5493001KJTIIGC8Y1R12' }])).toBeNull();
    expect(verificationIdentifier([])).toBeNull();
  });

  it('does not depend on the order the identifiers come in', () => {
    const a = { type: 'ABN', value: '51 824 753 556' };
    const b = { type: 'ABN', value: ABN };
    expect(verificationIdentifier([a, b])).toEqual(verificationIdentifier([b, a]));
  });
});

describe('inconsistentIdentifiers: what the register contradicts', () => {
  it('flags our value of a type the record lists when the record gives another value', () => {
    expect(inconsistentIdentifiers([{ type: 'ACN', value: '005 749 986' }], koala.identifiers)).toEqual([{ type: 'ACN', value: '005 749 986' }]);
  });

  it('agrees whatever the spacing, and pads Companies House numbers', () => {
    expect(
      inconsistentIdentifiers(
        [
          { type: 'ACN', value: '635-412-074' },
          { type: 'ABN', value: '30 635 412 074' },
        ],
        koala.identifiers,
      ),
    ).toEqual([]);
    expect(inconsistentIdentifiers([{ type: 'CH', value: '1234567' }], [{ type: 'CH', value: '01234567' }])).toEqual([]);
  });

  it('ignores types the record does not list', () => {
    expect(
      inconsistentIdentifiers(
        [
          { type: 'CH', value: 'SC612345' },
          { type: 'LEI', value: 'X' },
        ],
        koala.identifiers,
      ),
    ).toEqual([]);
  });
});

describe('assessRegistryRecord: verified = active record, name matches, identifiers consistent', () => {
  const organisation = {
    name: 'Koala Logistics',
    identifiers: [
      { type: 'ABN', value: ABN },
      { type: 'ACN', value: ACN },
    ],
  };
  const checked = { type: 'ABN', value: ABN } as const;

  it('verifies an active record whose name and identifiers agree, with the evidence', () => {
    const { verified, evidence } = assessRegistryRecord(organisation, checked, koala);
    expect(verified).toBe(true);
    expect(verificationEvidenceSchema.parse(evidence)).toEqual({
      register: 'abr',
      identifier: { type: 'ABN', value: ABN },
      registeredName: 'KOALA LOGISTICS PTY LTD',
      active: true,
      nameMatches: true,
      inconsistentIdentifiers: [],
      url: koala.url,
      summary:
        'Verified: the Australian Business Register record for ABN 30 635 412 074 is active, its name "KOALA LOGISTICS PTY LTD" matches and its identifiers agree',
    });
  });

  it('verifies by a registered business name', () => {
    expect(assessRegistryRecord({ ...organisation, name: 'Koala Freight' }, checked, koala).verified).toBe(true);
  });

  it('does not verify a cancelled record', () => {
    const { verified, evidence } = assessRegistryRecord(organisation, checked, { ...koala, active: false });
    expect(verified).toBe(false);
    expect(evidence.active).toBe(false);
    expect(evidence.summary).toBe('Not verified: the record is not active (the Australian Business Register record for ABN 30 635 412 074)');
  });

  it('does not verify a record of another name', () => {
    const { verified, evidence } = assessRegistryRecord({ ...organisation, name: 'Koala Logistic Solutions' }, checked, koala);
    expect(verified).toBe(false);
    expect(evidence.nameMatches).toBe(false);
    expect(evidence.summary).toContain('the registered name "KOALA LOGISTICS PTY LTD" does not match "Koala Logistic Solutions"');
  });

  it('does not verify when the register gives another ACN, and names every reason', () => {
    const { verified, evidence } = assessRegistryRecord(
      {
        name: 'Wombat Freight',
        identifiers: [
          { type: 'ABN', value: ABN },
          { type: 'ACN', value: '005749986' },
        ],
      },
      checked,
      { ...koala, active: false },
    );
    expect(verified).toBe(false);
    expect(evidence.inconsistentIdentifiers).toEqual([{ type: 'ACN', value: '005749986' }]);
    expect(evidence.summary).toBe(
      'Not verified: the record is not active; the registered name "KOALA LOGISTICS PTY LTD" does not match "Wombat Freight"; the register does not give ACN 005 749 986 (the Australian Business Register record for ABN 30 635 412 074)',
    );
  });
});

describe('evidence without a record', () => {
  it('words each case and passes the evidence schema', () => {
    expect(verificationEvidenceSchema.parse(noRegistryIdentifierEvidence())).toMatchObject({
      register: null,
      identifier: null,
      summary: 'No registry identifier to check',
    });
    expect(verificationEvidenceSchema.parse(noSuchRecordEvidence({ type: 'CH', value: 'SC612345' }))).toMatchObject({
      register: 'opencorporates',
      identifier: { type: 'CH', value: 'SC612345' },
      summary: 'No such record: OpenCorporates has no record for company number SC612345',
    });
    expect(verificationEvidenceSchema.parse(registerUnreachableEvidence({ type: 'ACN', value: ACN }, 'timed out')).summary).toBe(
      'The Australian Business Register could not be reached to check ACN 635 412 074 (timed out); the organisation stays private until it is verified',
    );
  });
});
