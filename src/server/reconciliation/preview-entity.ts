/**
 * PreviewEntity (W3C Reconciliation API 0.2, "Preview Service"): the HTML card of an organisation the account
 * can see. Not visible and not existing answer the same NotFoundError.
 */
import { NotFoundError } from '../../core/errors';
import { previewHtml } from '../../core/reconciliation-entity';
import type { ReconciliationDependencies } from './ports';

export type PreviewEntity = (params: { accountId: string; id: string }) => Promise<string>;

export function createPreviewEntity(deps: ReconciliationDependencies): PreviewEntity {
  return async ({ accountId, id }) => {
    const entity = await deps.entities.findEntity(accountId, id);
    if (entity === null) throw new NotFoundError(`organisation ${id} is not visible to account ${accountId}`, 'Organisation not found');
    return previewHtml(entity);
  };
}
