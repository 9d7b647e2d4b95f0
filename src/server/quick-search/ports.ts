/**
 * What quick search needs from storage. The PostgreSQL adapter is
 * src/adapters/db/queries/quick-search/quick-search-lookups.ts; every lookup is scoped to the account's visibility
 * (global, or owned by the account) and to the country filter in its WHERE clause.
 */

import type { RegistryStatus } from '../../core/registry-status';

/** One organisation found by a lookup, as stored. */
export interface QuickSearchRow {
  id: string;
  name: string;
  /** `searchName(name)`: what the name lookup matched and what Jaro-Winkler scores against. */
  searchName: string;
  /** The alias search value that matched, when an alias (or former name) matched better than the name. */
  matchedAlias: string | null;
  /** The matched alias's kind: an alias (also a trading or legal name) or a former name; absent when no alias matched. */
  matchedAliasKind?: 'alias' | 'former_name';
  /** The matched alias as stored for display ("Arrowhead Research Corporation"); absent when no alias matched. */
  matchedAliasValue?: string;
  /**
   * Set on the word-overlap stage's rows (decision 0021): whether the matched name shares a rare word with the query
   * (of at most RARE_WORD_FREQUENCY organisations), which keeps the row under the relevance floor. Absent for the
   * other stages' rows.
   */
  overlap?: { sharesRareWord: boolean };
  description: string | null;
  /** The organisation's country, or null for a countryless organisation. */
  countryIsoAlpha3: string | null;
  /** Stored composite key, null for a countryless organisation. */
  key: string | null;
  website: string | null;
  /** True when the caller's account owns the row; false for a global row. */
  ownedByAccount: boolean;
  /** What a register says of it (unknown when none has). */
  registryStatus: RegistryStatus;
  /**
   * The typo corrections that found this row (query word -> the known word of its name or alias it was read
   * as); absent or empty when it was found as typed. For the match object's `matchedOn.corrections`.
   */
  corrections?: { from: string; to: string }[];
}

/** A row the identifier lookup found, with the identifier it was found by (its stored type and value). */
export interface IdentifierRow extends QuickSearchRow {
  matchedIdentifier: { type: string; value: string };
}

export interface LookupScope {
  accountId: string;
  /** A real ISO alpha-3 country, or null for no country filter (GLO). */
  countryIsoAlpha3: string | null;
}

export interface QuickSearchLookups {
  /**
   * Fuzzy lookup over names and aliases of `searchName(query)`, in two steps: exact spelling (prefix or
   * every word; also the prefix of the punctuation-free form, and of `alternativeSearchName`, the query's
   * search form without the legal-form words it ends with) answered at once, and the typo step, run only when the caller calls `corrected()`.
   * With `eagerTypoStep`, the typo step starts beside the exact step (on its own connection) and `corrected()` answers
   * what it found: for a query the exact spelling will most likely miss, one round trip fewer after it. The same rows
   * either way (the typo step reads nothing the exact step answers); its work is lost when `corrected()` is not called.
   */
  byName(params: LookupScope & { searchName: string; alternativeSearchName?: string; poolSize: number; eagerTypoStep?: boolean }): Promise<NameLookup>;
  /**
   * The word-overlap stage (decision 0021): organisations whose names, aliases or former names share the query's
   * rarest words, best weighted overlap first; at most `poolSize`.
   */
  byWords(params: LookupScope & { words: readonly string[]; poolSize: number }): Promise<QuickSearchRow[]>;
  /** Exact lookup of normalised identifier values (`identifierLookupValues(query)`) against the stored normalised values. */
  byIdentifier(params: LookupScope & { valuesNormalised: readonly string[]; limit: number }): Promise<IdentifierRow[]>;
  /** Exact lookup of `normaliseWebsiteHost(query)` against normalised website hosts. */
  byWebsite(params: LookupScope & { websiteDomain: string; limit: number }): Promise<QuickSearchRow[]>;
}

/** The name lookup's answer. */
export interface NameLookup {
  /** Exact-spelling matches, at most `poolSize`, best first. */
  rows: QuickSearchRow[];
  /**
   * The typo step, for when `rows` is empty: the query's words corrected to the nearest known words of names
   * and aliases, then looked up like the exact step; at most `poolSize` rows. Rejects like the lookup.
   */
  corrected(): Promise<QuickSearchRow[]>;
}

/** The account's own list of organisations (`accountLinked`). */
export interface AccountMembership {
  /** One batched check: which of these organisations the account has in its list. */
  linkedOrganisationIds(params: { accountId: string; organisationIds: string[] }): Promise<Set<string>>;
}
