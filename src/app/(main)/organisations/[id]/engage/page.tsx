import type { Metadata } from 'next';
import Link from 'next/link';
import { profileStateOf } from '../../../../../core/profile-status';
import { profileStateFacts } from '../../../../../components/organisation/profile-state-badge';
import { loadOrganisationProfile } from '../load-organisation-profile';
import { FindOrganisationLauncher } from '../../../../../components/shell/find-organisation-launcher';

export const metadata: Metadata = { title: 'Engage' };
export const dynamic = 'force-dynamic';

/** The engage destination of a selection: the organisation, its status, and where to go next. */
export default async function OrganisationEngagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const profile = await loadOrganisationProfile(id);
  const base = `/organisations/${encodeURIComponent(profile.id)}`;
  return (
    <div className="organisation-surface engage-surface" data-surface="engage">
      <FindOrganisationLauncher intent="engage" />
      <section className="surface-section" aria-labelledby="engage-heading">
        <h2 id="engage-heading">Engage with {profile.name}</h2>
        <dl className="profile-fields">
          <div className="profile-field">
            <dt>Profile</dt>
            <dd>{profileStateOf(profileStateFacts(profile)).label}</dd>
          </div>
          {profile.websiteDomain ? (
            <div className="profile-field">
              <dt>Website</dt>
              <dd>{profile.websiteDomain}</dd>
            </div>
          ) : null}
        </dl>
        <ul className="engage-links">
          <li>
            <Link href={base}>Organisation profile</Link>
          </li>
          <li>
            <Link href={`${base}/analyst`}>Analyst page</Link>
          </li>
          <li>
            <Link href={`${base}/spotlight`}>Spotlight scorecard</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
