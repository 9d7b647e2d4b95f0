/**
 * The Aquila1 baskets of an organisation derived from its full NAICS set through the concordance (spec:
 * manual-naics-classification.md, AddOrganisationNAICS step 4). Shared by AddOrganisationNAICS and by the
 * verification's redirect, which moves NAICS tags onto a global organisation and must leave its baskets as a
 * manual add would.
 */
import { basketSectors, basketWeights, type BasketWeight } from '../../core/basket-weights';
import { BASKET_TYPES, type BasketType } from '../../core/naics';
import type { ClassificationRepository, OrganisationAquila1Edge } from './ports';

export type Aquila1SyncRepository = Pick<ClassificationRepository, 'findConcordanceBasket' | 'rewriteAquila1Basket' | 'setAquila1Weights'>;

/**
 * Each basket is written in full (delete-then-rewrite, edges at weight 0, Aquila2 side passed empty), then
 * each non-empty basket's weights are recalculated. An empty NAICS set writes nothing (the baskets are left as
 * they are). A failing recalculation propagates.
 */
export async function syncAquila1(repository: Aquila1SyncRepository, organisationId: string, naicsCodes: readonly string[]): Promise<void> {
  if (naicsCodes.length === 0) return;
  const written: { type: BasketType; weights: BasketWeight[] }[] = [];
  for (const type of BASKET_TYPES) {
    const edges = await repository.findConcordanceBasket({ naicsCodes, for: type });
    await repository.rewriteAquila1Basket({ organisationId, for: type, aquila1Codes: basketSectors(edges), aquila2Codes: [] });
    written.push({ type, weights: basketWeights(edges) });
  }
  for (const { type, weights } of written) {
    if (weights.length > 0) await repository.setAquila1Weights({ organisationId, for: type, weights });
  }
}

/** An organisation's Aquila1 edges as one weighted basket per transaction type (what the backfill applies). */
export function basketsOf(edges: readonly OrganisationAquila1Edge[]): Record<BasketType, BasketWeight[]> {
  const baskets: Record<BasketType, BasketWeight[]> = { SPENT: [], INVESTED: [] };
  for (const edge of edges) {
    if (edge.for === 'SPENT' || edge.for === 'INVESTED') baskets[edge.for].push({ aquila1Code: edge.code, weight: edge.weight });
  }
  return baskets;
}
