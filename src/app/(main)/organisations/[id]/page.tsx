import type { Metadata } from 'next';
import { countryPickerOptions } from '../../../../core/countries';
import { OrganisationProfileView, type CountryNames } from '../../../../components/organisation/organisation-profile-view';
import { loadOrganisationProfile } from './load-organisation-profile';

export const metadata: Metadata = { title: 'Organisation' };
export const dynamic = 'force-dynamic';

/** English country names by alpha-3 code (the country table itself stays on the server). */
const COUNTRY_NAMES: CountryNames = (() => {
  const { pinned, rest } = countryPickerOptions();
  return Object.fromEntries([...pinned, ...rest].map((option) => [option.code, option.name]));
})();

/** The organisation page: its profile with the status live, field sources and the verification verdict. */
export default async function OrganisationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const profile = await loadOrganisationProfile(id);
  return <OrganisationProfileView organisationId={id} initial={profile} countryNames={COUNTRY_NAMES} />;
}
