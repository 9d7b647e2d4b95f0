import type { ReactNode } from 'react';
import { OrganisationTabs } from '../../../../components/organisation/organisation-tabs';
import '../../../../components/organisation/organisation-surfaces.css';
import { loadOrganisationSurface } from './load-organisation-surface';

/** An organisation's pages (analyst, spotlight): its name, country and status, and the tabs. */
export default async function OrganisationLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { record } = await loadOrganisationSurface(id);
  return (
    <div className="page organisation-page">
      <header className="organisation-header">
        <h1>{record.name}</h1>
        <p className="organisation-meta">
          {[record.countryIsoAlpha3 ?? 'Global', record.websiteDomain, record.profileStatus ? `Profile ${record.profileStatus.toLowerCase()}` : 'Profile not enriched']
            .filter(Boolean)
            .join(' · ')}
        </p>
        <OrganisationTabs organisationId={record.id} />
      </header>
      {children}
    </div>
  );
}
