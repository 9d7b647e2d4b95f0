/**
 * GetOrganisationRecord: the organisation record the identify sidebar and the analyst and spotlight surfaces
 * read (classification included). Visibility is in the query; not visible answers NotFoundError.
 */
import { NotFoundError } from '../../core/errors';
import type { OrganisationRecord } from '../../core/organisation-record';
import type { OrganisationRecordReader } from './ports';

export type GetOrganisationRecord = (params: { accountId: string; organisationId: string }) => Promise<OrganisationRecord>;

export function createGetOrganisationRecord(reader: OrganisationRecordReader): GetOrganisationRecord {
  return async ({ accountId, organisationId }) => {
    const record = await reader.findRecord(accountId, organisationId);
    if (!record) throw new NotFoundError(`organisation ${organisationId} is not visible to account ${accountId}`, 'Organisation not found');
    return record;
  };
}
