/**
 * Aquila1 basket weights, derived from an organisation's full NAICS set through the concordance.
 *
 * The weighting rule (one basket = one transaction type, SPENT or INVESTED, weighted independently):
 * every NAICS code of the organisation that maps to at least one Aquila1 sector for the type counts
 * equally; a code mapping to k sectors gives each of them 1/k; a sector's raw weight is the sum of its
 * shares; the basket is normalised so its weights sum to 1. Codes without a mapping for the type do
 * not dilute the others. Example: codes A -> {X}, B -> {X, Y}: X = 1 + 1/2, Y = 1/2, normalised X = 0.75, Y = 0.25.
 */
export interface ConcordanceEdge {
  naicsCode: string;
  aquila1Code: string;
}

export interface BasketWeight {
  aquila1Code: string;
  weight: number;
}

/** The distinct sectors of a basket, sorted by code (what the rewrite writes, at weight 0 first). */
export function basketSectors(edges: readonly ConcordanceEdge[]): string[] {
  return [...new Set(edges.map((e) => e.aquila1Code))].sort();
}

/** Weights per sector for one basket, summing to 1; an empty basket gives an empty list. */
export function basketWeights(edges: readonly ConcordanceEdge[]): BasketWeight[] {
  const sectorsByCode = new Map<string, Set<string>>();
  for (const edge of edges) {
    const sectors = sectorsByCode.get(edge.naicsCode) ?? new Set<string>();
    sectors.add(edge.aquila1Code);
    sectorsByCode.set(edge.naicsCode, sectors);
  }
  if (sectorsByCode.size === 0) return [];
  const raw = new Map<string, number>();
  for (const sectors of sectorsByCode.values()) {
    for (const sector of sectors) raw.set(sector, (raw.get(sector) ?? 0) + 1 / sectors.size);
  }
  const total = sectorsByCode.size;
  return [...raw.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([aquila1Code, weight]) => ({ aquila1Code, weight: weight / total }));
}
