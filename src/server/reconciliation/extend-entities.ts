/**
 * ExtendEntities (W3C Reconciliation API 0.2, "Data Extension Service"): the values of the requested
 * properties for each requested id. An id the account cannot see (another account's private organisation,
 * or no organisation at all) gets a row of empty values, exactly like an id that exists nowhere; an unknown
 * property is listed in `meta` under its own id and has no values.
 */
import { extensionPropertyName, type DataExtensionQuery, type DataExtensionResponse } from '../../core/reconciliation';
import { extensionValues } from '../../core/reconciliation-entity';
import type { ReconciliationDependencies } from './ports';

export type ExtendEntities = (params: { accountId: string; extend: DataExtensionQuery }) => Promise<DataExtensionResponse>;

export function createExtendEntities(deps: ReconciliationDependencies): ExtendEntities {
  return async ({ accountId, extend }) => {
    const propertyIds = [...new Set(extend.properties.map((p) => p.id))];
    const ids = [...new Set(extend.ids)];
    const entities = await Promise.all(ids.map((id) => deps.entities.findEntity(accountId, id)));
    const rows: DataExtensionResponse['rows'] = {};
    ids.forEach((id, index) => {
      const entity = entities[index] ?? null;
      rows[id] = Object.fromEntries(propertyIds.map((pid) => [pid, entity === null ? [] : extensionValues(entity, pid).map((str) => ({ str }))]));
    });
    return { meta: propertyIds.map((id) => ({ id, name: extensionPropertyName(id) })), rows };
  };
}
