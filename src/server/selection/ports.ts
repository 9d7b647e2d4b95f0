/**
 * What selecting a candidate needs from storage (DESIGN.md section 8). Every call of `SelectionTx` runs in
 * the one transaction `SelectionStore.transaction` opened, so the organisation, its account link and the
 * `organisation.enrich` job (sent with `tx.handle`) commit or roll back together.
 */
import type { OrganisationType } from '../../core/candidates';
import type { Identifier } from '../../core/identifiers';
import type { ProfileStatus } from '../../core/profile-status';
import type { RegistryStatus } from '../../core/registry-status';
import type { FieldSource } from '../enrichment/ports';

/** An organisation a selection lands on, as the account sees it. */
export interface SelectedOrganisation {
  id: string;
  countryIsoAlpha3: string | null;
  type: string | null;
  website: string | null;
  profileStatus: ProfileStatus | null;
  /** When the profile last settled (COMPLETED or FAILED); null when it never did. */
  profileCheckedAt: Date | null;
  /** Private to the caller's account (OWNED_BY the account). */
  ownedByAccount: boolean;
}

export interface NewSelectedOrganisation {
  name: string;
  countryIsoAlpha3: string;
  type: OrganisationType | null;
  website: string | null;
  description: string | null;
  identifiers: Identifier[];
  profileSource: 'direct' | 'agentic';
  /** Where the candidate's fields came from (the discovering channel). */
  source: FieldSource;
  /** What the register said of it in the search (unknown for an agent's find). */
  registryStatus: RegistryStatus;
  /** The business (trading) name the result was found by ("Trading as: ..."); null when none. */
  businessName: string | null;
  /** Names the register says it bore before, kept as its former names (issue 20, section 1). */
  formerNames: string[];
}

/** What identifies a candidate across channels: its composite key, registry identifiers and registrable domain. */
export interface SelectionMatchKeys {
  key: string;
  /** ABN, ACN, CH and the aggregator's company id, values normalised. */
  registryIdentifiers: Identifier[];
  websiteDomain: string | null;
}

export interface SelectionTx {
  /** The transaction, opaque, for `JobQueue.send(..., { tx })`. */
  readonly handle: unknown;
  /** Serialises selections that could create the same organisation (one lock per match key, sorted). */
  lockMatchKeys(keys: readonly string[]): Promise<void>;
  /** A visible organisation by id, following `redirectedTo`; null when absent or not visible. */
  findVisible(accountId: string, organisationId: string): Promise<SelectedOrganisation | null>;
  /** A visible, unredirected organisation sharing the key, a registry identifier or the domain (in that order). */
  findMatch(accountId: string, keys: SelectionMatchKeys): Promise<SelectedOrganisation | null>;
  /** Creates the organisation owned by and linked to the account, profile PENDING. Returns its id. */
  create(accountId: string, organisation: NewSelectedOrganisation): Promise<string>;
  /** Adds identifiers the organisation does not hold yet (same type and normalised value). */
  addIdentifiers(organisationId: string, identifiers: readonly Identifier[], source: FieldSource): Promise<void>;
  backfillType(organisationId: string, type: OrganisationType, source: FieldSource): Promise<void>;
  /** Keeps the business (trading) name a result was found by, when the organisation has none yet. */
  backfillBusinessName(organisationId: string, businessName: string, source: FieldSource): Promise<void>;
  /** Records what a register says of the organisation's status (a known status only; unknown changes nothing). */
  recordRegistryStatus(organisationId: string, status: RegistryStatus, source: FieldSource): Promise<void>;
  /** Keeps a register's former names of the organisation (those it does not hold yet) as its former names. */
  addFormerNames(organisationId: string, names: readonly string[]): Promise<void>;
  linkToAccount(accountId: string, organisationId: string): Promise<void>;
  /** Profile PENDING for an organisation about to be enriched. */
  markPending(organisationId: string, params: { profileSource: 'direct' | 'agentic' }): Promise<void>;
}

export interface SelectionStore {
  transaction<T>(work: (tx: SelectionTx) => Promise<T>): Promise<T>;
}
