/**
 * SuggestEntities (W3C Reconciliation API 0.2, "Suggest Services", entities): prefix matching over the
 * organisations the account can see, through the quick lookup (names and aliases by prefix or every word,
 * identifiers, websites). An organisation id as the prefix suggests that organisation. `cursor` skips that many
 * suggestions; a blank prefix suggests nothing.
 */
import { GLOBAL_SEARCH_SCOPE } from '../../core/countries';
import { ORGANISATION_TYPE, SUGGEST_PAGE_SIZE, type SuggestEntitiesResponse } from '../../core/reconciliation';
import type { ReconciliationDependencies } from './ports';

export type SuggestEntities = (params: { accountId: string; prefix: string; cursor: number }) => Promise<SuggestEntitiesResponse>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSuggestEntities(deps: ReconciliationDependencies): SuggestEntities {
  return async ({ accountId, prefix, cursor }) => {
    const wanted = prefix.trim();
    if (wanted === '') return { result: [] };
    if (UUID.test(wanted)) {
      const entity = await deps.entities.findEntity(accountId, wanted.toLowerCase());
      const found =
        entity === null || cursor > 0
          ? []
          : [{ id: entity.id, name: entity.name, ...(entity.description ? { description: entity.description } : {}), notable: [ORGANISATION_TYPE] }];
      return { result: found };
    }
    const candidates = await deps.quickSearch.execute({ accountId, query: wanted, countryIsoAlpha3: GLOBAL_SEARCH_SCOPE });
    const unique = [...new Map(candidates.map((c) => [c.existingOrgId, c])).values()];
    return {
      result: unique.slice(cursor, cursor + SUGGEST_PAGE_SIZE).map((c) => ({
        id: c.existingOrgId,
        name: c.canonicalName,
        ...(c.description ? { description: c.description } : {}),
        notable: [ORGANISATION_TYPE],
      })),
    };
  };
}
