/** The ports manual NAICS classification needs. Adapters: src/adapters/lock, src/adapters/db/queries. */
import type { BasketType, NaicsCode, NaicsSearchResult } from '../../core/naics';
import type { BasketWeight, ConcordanceEdge } from '../../core/basket-weights';

/** The NAICS catalogue the typeahead searches (at the level it asks for: leaves, see search-naics.ts). */
export interface NaicsCatalogue {
  /** Leaf codes (level 5) whose title words or code prefix match every word of `term`, by name then code. */
  searchCodes(params: { term: string; level: number; limit: number }): Promise<NaicsSearchResult[]>;
}

export interface NaicsTag {
  code: string;
  name: string;
}

export interface OrganisationAquila1Edge {
  code: string;
  name: string;
  weight: number;
  for: string;
}

export interface OrganisationAquila2Edge {
  code: string;
  name: string;
  aquila1Code: string | null;
  weight: number;
  for: string;
}

/** Each function is its own statement (or its own short transaction): no transaction spans two steps. */
export interface ClassificationRepository {
  /** The organisation if the account can see it (global, or owned by the account); null otherwise. */
  findVisibleOrganisation(params: { accountId: string; organisationId: string }): Promise<{ id: string } | null>;
  /** A leaf (level 5) NAICS code, or null when it does not exist. */
  findLeafNaics(code: NaicsCode): Promise<NaicsTag | null>;
  listOrganisationNaicsCodes(organisationId: string): Promise<string[]>;
  /** Idempotent merge of HAS_NAICS. */
  connectNaics(params: { organisationId: string; naicsCode: NaicsCode }): Promise<void>;
  /** The concordance edges of a set of NAICS codes for one transaction type. */
  findConcordanceBasket(params: { naicsCodes: readonly string[]; for: BasketType }): Promise<ConcordanceEdge[]>;
  /**
   * Delete-then-rewrite of one basket: the organisation's Aquila1 edges for the type are replaced by
   * `aquila1Codes` at weight 0, and its Aquila2 edges for the type by `aquila2Codes` (always empty here,
   * so existing Aquila2 edges for the type are deleted).
   */
  rewriteAquila1Basket(params: { organisationId: string; for: BasketType; aquila1Codes: readonly string[]; aquila2Codes: readonly string[] }): Promise<void>;
  /** Sets the weights of one basket's edges (the recalculation after the rewrite). */
  setAquila1Weights(params: { organisationId: string; for: BasketType; weights: readonly BasketWeight[] }): Promise<void>;
  listOrganisationNaics(organisationId: string): Promise<NaicsTag[]>;
  listOrganisationAquila1(organisationId: string): Promise<OrganisationAquila1Edge[]>;
  listOrganisationAquila2(organisationId: string): Promise<OrganisationAquila2Edge[]>;
  /**
   * Gives the account's transactions of the type, linked to the organisation and with no Aquila1 edge for
   * the type, one edge per basket entry; answers how many transactions were newly classified.
   */
  backfillTransactions(params: {
    accountId: string;
    organisationId: string;
    for: BasketType;
    basket: readonly BasketWeight[];
  }): Promise<{ classifiedCount: number }>;
}
