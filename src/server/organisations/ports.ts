/** What the organisation page's reads and the enrichment trigger need from storage. */
import type { OrganisationProfile } from '../../core/organisation-profile';

export interface OrganisationProfileReader {
  /** The profile as the account sees it, following redirects; null when absent or not visible. */
  findProfile(accountId: string, organisationId: string): Promise<OrganisationProfile | null>;
}
