import { Suspense, type ReactNode } from 'react';
import { ConfirmSelectionHeader, ORGANISATION_TITLE_ID } from '../../../../components/organisation/confirm-selection-header';
import { LiveProfileStatus } from '../../../../components/organisation/live-profile-status';
import { OrganisationTabs } from '../../../../components/organisation/organisation-tabs';
import { RegistryStatusBadge } from '../../../../components/registry-status/registry-status-badge';
import '../../../../components/organisation/organisation-surfaces.css';
import '../../../../components/organisation/organisation-profile.css';
import { loadOrganisationProfile } from './load-organisation-profile';

/**
 * An organisation's pages (profile, analyst, spotlight, engage): the confirm header of a new selection,
 * its name, country, website, live profile status and registry status badge when inactive, and the tabs.
 */
export default async function OrganisationLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const profile = await loadOrganisationProfile(id);
  return (
    <div className="page organisation-page">
      <Suspense fallback={null}>
        <ConfirmSelectionHeader organisationId={profile.id} organisationName={profile.name} />
      </Suspense>
      <header className="organisation-header">
        <h1 id={ORGANISATION_TITLE_ID} tabIndex={-1}>
          {profile.name}
        </h1>
        <p className="organisation-meta">
          {[profile.countryIsoAlpha3 ?? 'Global', profile.websiteDomain].filter(Boolean).join(' · ')}
          {' · '}
          <LiveProfileStatus organisationId={id} initial={profile} /> <RegistryStatusBadge status={profile.registryStatus} />
        </p>
        <OrganisationTabs organisationId={profile.id} />
      </header>
      {children}
    </div>
  );
}
