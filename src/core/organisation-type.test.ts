import { describe, expect, it } from 'vitest';
import { organisationTypeLabel } from './organisation-type';

describe('organisationTypeLabel', () => {
  it('names the type in the words of the country it is registered in', () => {
    expect(organisationTypeLabel('ProprietaryLimited', 'AUS')).toBe('Proprietary limited company');
    expect(organisationTypeLabel('ProprietaryLimited', 'GBR')).toBe('Private limited company');
    expect(organisationTypeLabel('PublicLimited', 'GBR')).toBe('Public limited company');
    expect(organisationTypeLabel('ProprietaryLimited', 'USA')).toBe('Private company');
    expect(organisationTypeLabel('SoleProprietor', null)).toBe('Sole proprietor');
  });

  it('a UK company is never called a proprietary limited company', () => {
    for (const type of ['ProprietaryLimited', 'PublicLimited', 'SoleProprietor']) expect(organisationTypeLabel(type, 'GBR')).not.toMatch(/proprietary/i);
  });

  it('shows a type it does not know as stored', () => {
    expect(organisationTypeLabel('Charity', 'AUS')).toBe('Charity');
  });
});
