/** What the organisation page's reads and the enrichment trigger need from storage. */
import type { FlagCounts, OrganisationFigures } from '../../core/organisation-figures';
import type { OrganisationProfile } from '../../core/organisation-profile';
import type { OrganisationRecord } from '../../core/organisation-record';

export interface OrganisationProfileReader {
  /** The profile as the account sees it, following redirects; null when absent or not visible. */
  findProfile(accountId: string, organisationId: string): Promise<OrganisationProfile | null>;
}

export interface OrganisationRecordReader {
  /** The organisation record (classification included) as the account sees it; null when absent or not visible. */
  findRecord(accountId: string, organisationId: string): Promise<OrganisationRecord | null>;
}

export interface OrganisationFiguresReader {
  /** The account's transactions with the organisation; null when it is not visible to the account. */
  findFigures(accountId: string, organisationId: string): Promise<OrganisationFigures | null>;
  /** The account list's counts. */
  countFlags(accountId: string): Promise<FlagCounts>;
}
