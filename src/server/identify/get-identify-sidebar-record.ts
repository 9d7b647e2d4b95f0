/**
 * GetIdentifySidebarRecord: the identify sidebar's read (`GET /api/identify/sidebar/{id}/organisation`).
 * Visibility is in the query; an organisation the account cannot see is not found.
 */
import { NotFoundError } from '../../core/errors';
import type { OrganisationRecord } from '../../core/organisation-record';
import type { OrganisationRecordReader } from './ports';

export type GetIdentifySidebarRecord = (params: { accountId: string; organisationId: string }) => Promise<OrganisationRecord>;

export function createGetIdentifySidebarRecord(reader: OrganisationRecordReader): GetIdentifySidebarRecord {
  return async ({ accountId, organisationId }) => {
    const record = await reader.findRecord(accountId, organisationId);
    if (!record) throw new NotFoundError(`organisation ${organisationId} not visible to ${accountId}`, 'Organisation not found');
    return record;
  };
}
