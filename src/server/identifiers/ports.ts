/**
 * What identifier suggestions need: the identifiers organisations visible to the account carry (PostgreSQL,
 * src/adapters/db/queries/identifier-suggestions.ts), and the registry look-ups by number (the enrichment port
 * RegistryLookups, src/adapters/registries/registry-lookups.ts).
 */
import type { CheckedIdentifierType } from '../../core/identifiers';

export interface CarriedIdentifier {
  type: CheckedIdentifierType;
  /** Normalised (normaliseIdentifierValue). */
  value: string;
  /** The name of an organisation that carries it (one owned by the account preferred, then by name). */
  organisationName: string;
}

export interface IdentifierDirectory {
  /**
   * Which of these identifiers (type and normalised value) an organisation visible to the account carries,
   * in the country scope of quick search (the country, or a countryless organisation; null: no filter).
   * Rejects with UnavailableError when the database fails.
   */
  carried(params: {
    accountId: string;
    countryIsoAlpha3: string | null;
    identifiers: readonly { type: CheckedIdentifierType; value: string }[];
  }): Promise<CarriedIdentifier[]>;
}
