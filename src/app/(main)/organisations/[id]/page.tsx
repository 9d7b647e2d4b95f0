import type { Metadata } from 'next';
import { countryPickerOptions } from '../../../../core/countries';
import { OrganisationProfileView, type CountryNames } from '../../../../components/organisation/organisation-profile-view';
import { OrganisationHistory } from '../../../../components/changes/organisation-history';
import '../../../../components/changes/changes.css';
import { getContainer } from '../../../../composition-root';
import { requireSession } from '../../require-session';
import { getOrganisationHistory } from '../../../../server/monitoring/account-changes';
import { loadOrganisationProfile } from './load-organisation-profile';

export const metadata: Metadata = { title: 'Organisation' };
export const dynamic = 'force-dynamic';

/** English country names by alpha-3 code (the country table itself stays on the server). */
const COUNTRY_NAMES: CountryNames = (() => {
  const { pinned, rest } = countryPickerOptions();
  return Object.fromEntries([...pinned, ...rest].map((option) => [option.code, option.name]));
})();

/** The organisation page: its profile with the status live, field sources and the verification verdict, then its History. */
export default async function OrganisationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const profile = await loadOrganisationProfile(id);
  const session = await requireSession();
  const history = await getOrganisationHistory((await getContainer()).database.db, {
    accountId: session.accountId,
    organisationId: profile.id,
    identifiers: profile.identifiers,
  });
  return (
    <>
      <OrganisationProfileView organisationId={id} initial={profile} countryNames={COUNTRY_NAMES} />
      <OrganisationHistory organisationId={profile.id} changes={history.changes} watch={history.watch} />
    </>
  );
}
