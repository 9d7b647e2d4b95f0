/**
 * What an organisation type is called where the organisation is registered (spec: "Organisation type mapping
 * from registry entity codes": ProprietaryLimited, PublicLimited, SoleProprietor). The three types come from
 * the Australian register's codes, but a UK company of the same kind is a "Private limited company", never a
 * "Proprietary limited company", which is an Australian legal form.
 */
import type { OrganisationType } from './candidates';

const LABELS: Record<'AUS' | 'GBR' | 'NZL' | 'other', Record<OrganisationType, string>> = {
  AUS: { ProprietaryLimited: 'Proprietary limited company', PublicLimited: 'Public company', SoleProprietor: 'Sole trader' },
  GBR: { ProprietaryLimited: 'Private limited company', PublicLimited: 'Public limited company', SoleProprietor: 'Sole trader' },
  NZL: { ProprietaryLimited: 'Limited company', PublicLimited: 'Public company', SoleProprietor: 'Sole trader' },
  other: { ProprietaryLimited: 'Private company', PublicLimited: 'Public company', SoleProprietor: 'Sole proprietor' },
};

/** The type in the words of the organisation's country; an unknown type is shown as stored. */
export function organisationTypeLabel(type: string, countryIsoAlpha3: string | null): string {
  const labels = countryIsoAlpha3 === 'AUS' || countryIsoAlpha3 === 'GBR' || countryIsoAlpha3 === 'NZL' ? LABELS[countryIsoAlpha3] : LABELS.other;
  return type in labels ? labels[type as OrganisationType] : type;
}
