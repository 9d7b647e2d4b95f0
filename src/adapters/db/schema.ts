/**
 * The relational rendering of the spec's graph (DESIGN.md section 4).
 * Migrations are generated from this file by drizzle-kit into `drizzle/` and committed.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  serial,
  date,
  doublePrecision,
  index,
  integer,
  bigint,
  bigserial,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- tenants and people

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Better Auth's user model (renamed). `activeAccountId` is the user's active account. */
export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  activeAccountId: uuid('active_account_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Better Auth's session model (renamed). */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Better Auth's "account" model (credentials per provider), renamed so it never clashes with our tenants. */
export const authCredentials = pgTable(
  'auth_credentials',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('auth_credentials_user_idx').on(t.userId)],
);

/** Better Auth's verification model (renamed). */
export const authVerifications = pgTable('auth_verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const accountMembers = pgTable(
  'account_members',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('account_members_user_idx').on(t.userId)],
);

/** API keys belong to one account; only a hash of the key is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    name: text('name'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

// ---------------------------------------------------------------- organisations

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Canonical, lower-cased name with legal suffixes and punctuation removed: what the trigram index searches. */
    searchName: text('search_name').notNull(),
    /** Composite key `<ISO_ALPHA3>|<lowercased canonical name>`; null for a countryless organisation. */
    key: text('key'),
    description: text('description'),
    type: text('type'),
    countryIsoAlpha3: varchar('country_iso_alpha3', { length: 3 }),
    website: text('website'),
    /** Normalised host of the website (lower case, no protocol, no leading www., no path). */
    websiteDomain: text('website_domain'),
    profileStatus: text('profile_status'),
    profileCheckedAt: timestamp('profile_checked_at', { withTimezone: true }),
    profileSource: text('profile_source'),
    /** Why the last enrichment FAILED (retries exhausted), in words an analyst can act on; null otherwise. */
    profileFailureReason: text('profile_failure_reason'),
    /** The business (trading) name the organisation was found and selected by ("Trading as: Koala Kids Childcare"); null when none. */
    businessName: text('business_name'),
    redirectedTo: uuid('redirected_to'),
    /** active, inactive (dissolved, deregistered, cancelled, struck off) or unknown (core/registry-status.ts). */
    registryStatus: text('registry_status').notNull().default('unknown'),
    /** The register's own word for the status ("Dissolved", "Cancelled"); null when none said. */
    registryStatusText: text('registry_status_text'),
    /** When the status took effect (dissolution date, ABN status effective from). */
    registryStatusDate: date('registry_status_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organisations_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('organisations_search_name_prefix_idx').using('btree', sql`${t.searchName} text_pattern_ops`),
    // The punctuation-free form ("kwik fit" -> "kwikfit"): a prefix of it finds "KwikFit" for "Kwik-Fit Ltd" and back.
    index('organisations_search_compact_prefix_idx').using('btree', sql`replace(${t.searchName}, ' ', '') text_pattern_ops`),
    // Its whole words (queries/quick-search/every-word-branches.ts, `nameWords`): every word of a query, whole.
    index('organisations_search_words_idx').using('gin', sql`array_to_tsvector(array_remove(string_to_array(${t.searchName}, ' '), ''))`),
    index('organisations_key_idx').on(t.key),
    index('organisations_website_domain_idx').on(t.websiteDomain),
    index('organisations_country_idx').on(t.countryIsoAlpha3),
  ],
);

export const organisationIdentifiers = pgTable(
  'organisation_identifiers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull(),
    /** Upper-cased value with spaces, dashes and dots removed. */
    valueNormalised: text('value_normalised').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisation_identifiers_value_idx').on(t.valueNormalised),
    uniqueIndex('organisation_identifiers_unique_idx').on(t.organisationId, t.type, t.valueNormalised),
  ],
);

export const organisationAliases = pgTable(
  'organisation_aliases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    searchValue: text('search_value').notNull(),
    /** What kind of other name: `alias` (also trading and legal names) or `former_name` (a name the organisation no longer bears). */
    kind: text('kind').notNull().default('alias'),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisation_aliases_search_value_trgm_idx').using('gin', sql`${t.searchValue} gin_trgm_ops`),
    index('organisation_aliases_search_value_prefix_idx').using('btree', sql`${t.searchValue} text_pattern_ops`),
    index('organisation_aliases_search_compact_prefix_idx').using('btree', sql`replace(${t.searchValue}, ' ', '') text_pattern_ops`),
    index('organisation_aliases_search_words_idx').using('gin', sql`array_to_tsvector(array_remove(string_to_array(${t.searchValue}, ' '), ''))`),
    index('organisation_aliases_organisation_idx').on(t.organisationId),
  ],
);

/**
 * The words of each organisation's names (search name, aliases, former names), one row per (word, organisation):
 * the postings of the quick lookup's word-overlap stage (decision 0021). A word's rows, counted up to a cap
 * through the primary key, give its document frequency (how rare it is); the rare words' rows give the
 * organisations that share them with a query; both only over the words the caller may see (global ones and its own).
 * Written with the names (organisations-write.ts, enrichment-store.ts; made global with the organisation).
 */
export const organisationNameWords = pgTable(
  'organisation_name_words',
  {
    word: text('word').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The owning account of a private organisation's words (null: global), so that a word's frequency counts only what the caller may see. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.organisationId] }),
    index('organisation_name_words_word_account_idx').on(t.word, t.accountId),
    index('organisation_name_words_organisation_idx').on(t.organisationId),
  ],
);

/**
 * The distinct words of every organisation's search name and alias search values (quick search's typo
 * correction vocabulary), scoped like the organisations they come from: `account_id` null for a word of a
 * global organisation, else the owning account's id, so an account's vocabulary is the global words plus
 * its own and no other account can learn a word of a private name. Filled when organisations and aliases
 * are written (and made global when verification drops the owners); never pruned (a word whose
 * organisations are gone only costs a correction that finds nothing). Trigram-indexed for the
 * nearest-word lookup; b-tree on (first letter, length) for the two-edit neighbours (migration 0008); b-tree in byte
 * order for the words a query word begins (migration 0023).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('search_words_word_account_unique').on(t.word, t.accountId).nullsNotDistinct(),
    index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_words_first_letter_length_idx').using('btree', sql`left(${t.word}, 1)`, sql`length(${t.word})`),
    // The words a query word begins, in byte order whatever the database's collation (every-word-branches.ts, decision 0032).
    index('search_words_word_prefix_idx').using('btree', sql`${t.word} text_pattern_ops`),
  ],
);

/**
 * Field provenance: where each written field came from and when it was retrieved (the organisation page shows
 * it). `field` is a profile field (`description`, `website`, `type`, `country`, `naics`, `legalName`, `formerNames`,
 * `parent`, `subsidiaries`) or `identifier:<TYPE>`. A rewrite replaces the row.
 */
export const organisationFieldSources = pgTable(
  'organisation_field_sources',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    /** company_data | registry | website | agent | selection */
    source: text('source').notNull(),
    retrievedAt: timestamp('retrieved_at', { withTimezone: true }).notNull(),
    /** A page the value can be checked on (a registry record, a search result), when there is one. */
    evidenceUrl: text('evidence_url'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.field] })],
);

/**
 * Each verification verdict with its evidence (spec: "verification agent verdict"): verified (OWNED_BY dropped),
 * redirected (a verified global organisation with the same registry identifier already existed), or
 * not_verified (stays private).
 */
export const organisationVerifications = pgTable(
  'organisation_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The account that owned the organisation when it was verified. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    verdict: text('verdict').notNull(),
    /** The global organisation a redirected one now points to. */
    redirectedTo: uuid('redirected_to'),
    evidence: jsonb('evidence').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('organisation_verifications_organisation_idx').on(t.organisationId, t.createdAt)],
);

export const organisationProducts = pgTable(
  'organisation_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('organisation_products_organisation_idx').on(t.organisationId)],
);

/** OWNED_BY: no row means the organisation is global. */
export const organisationOwners = pgTable(
  'organisation_owners',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.accountId] }), index('organisation_owners_account_idx').on(t.accountId)],
);

export const organisationRelations = pgTable(
  'organisation_relations',
  {
    parentId: uuid('parent_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subsidiaryId: uuid('subsidiary_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.subsidiaryId] }), index('organisation_relations_subsidiary_idx').on(t.subsidiaryId)],
);

/** The account's own list of organisations: membership makes a candidate `accountLinked`. */
export const accountOrganisations = pgTable(
  'account_organisations',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.organisationId] }), index('account_organisations_organisation_idx').on(t.organisationId)],
);

// ---------------------------------------------------------------- classification

/** PostgreSQL's full-text document type (drizzle has none built in). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const naics = pgTable(
  'naics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: varchar('code', { length: 6 }).notNull().unique(),
    name: text('name').notNull(),
    level: integer('level').notNull(),
    /** The Census Bureau's description of the code, without its cross-references. */
    description: text('description').notNull().default(''),
    /** Title (weight A), index entries (B) and description (C), English-stemmed: the typeahead's words (seedNaics). */
    searchDocument: tsvector('search_document'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('naics_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('naics_level_name_idx').on(t.level, t.name, t.code),
    index('naics_search_document_idx').using('gin', t.searchDocument),
  ],
);

/** The official NAICS index entries (2017 NAICS Index File): the phrases people use for what a code covers. */
export const naicsIndexEntries = pgTable(
  'naics_index_entries',
  {
    id: serial('id').primaryKey(),
    naicsCode: varchar('naics_code', { length: 6 })
      .notNull()
      .references(() => naics.code, { onDelete: 'cascade' }),
    phrase: text('phrase').notNull(),
  },
  (t) => [
    unique('naics_index_entries_code_phrase_unique').on(t.naicsCode, t.phrase),
    index('naics_index_entries_phrase_idx').using('gin', sql`to_tsvector('english', ${t.phrase})`),
  ],
);

export const organisationNaics = pgTable(
  'organisation_naics',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    naicsCode: varchar('naics_code', { length: 6 })
      .notNull()
      .references(() => naics.code),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.naicsCode] })],
);

export const aquila1 = pgTable('aquila1', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const aquila2 = pgTable('aquila2', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  aquila1Code: text('aquila1_code').references(() => aquila1.code),
});

/** The concordance NAICS to Aquila1: HAS_AQUILA1 {for}. */
export const naicsAquila1 = pgTable(
  'naics_aquila1',
  {
    naicsCode: varchar('naics_code', { length: 6 })
      .notNull()
      .references(() => naics.code),
    aquila1Code: text('aquila1_code')
      .notNull()
      .references(() => aquila1.code),
    for: text('for').notNull(),
  },
  (t) => [primaryKey({ columns: [t.naicsCode, t.aquila1Code, t.for] })],
);

export const organisationAquila1 = pgTable(
  'organisation_aquila1',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    aquila1Code: text('aquila1_code')
      .notNull()
      .references(() => aquila1.code),
    for: text('for').notNull(),
    weight: doublePrecision('weight').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.aquila1Code, t.for] })],
);

export const organisationAquila2 = pgTable(
  'organisation_aquila2',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    aquila2Code: text('aquila2_code')
      .notNull()
      .references(() => aquila2.code),
    for: text('for').notNull(),
    weight: doublePrecision('weight').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.aquila2Code, t.for] })],
);

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    date: date('date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('transactions_account_organisation_type_idx').on(t.accountId, t.organisationId, t.type)],
);

export const transactionAquila1 = pgTable(
  'transaction_aquila1',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    aquila1Code: text('aquila1_code')
      .notNull()
      .references(() => aquila1.code),
    for: text('for').notNull(),
    weight: doublePrecision('weight').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.for, t.aquila1Code] })],
);

// ---------------------------------------------------------------- shared state

/** Per-key lock with an expiry (set-if-absent). */
export const locks = pgTable('locks', {
  key: text('key').primaryKey(),
  owner: text('owner').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Provider response cache shared by all instances. */
export const providerCache = pgTable(
  'provider_cache',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('provider_cache_expires_idx').on(t.expiresAt)],
);

/**
 * Candidate references (issue 19 section 1, decision 0017): each candidate the search stream handed out, as the
 * server obtained it, under an opaque random id, bound to the account that searched, until `expires_at`. A
 * selection reads its facts from here, never from the request.
 */
export const candidateReferences = pgTable(
  'candidate_references',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    candidate: jsonb('candidate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('candidate_references_expires_idx').on(t.expiresAt)],
);

/** Feature flag values: scope '*' is the default for every account, otherwise an account id. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    flagKey: text('flag_key').notNull(),
    scope: text('scope').notNull(),
    value: boolean('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.flagKey, t.scope] })],
);

/** The table rate-limiter-flexible's RateLimiterPostgres uses (created here, not by the library). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

// ---------------------------------------------------------------- batch matching (issue 13)

/**
 * A supplier file being matched for an account. `processed_rows` is the resume cursor: rows with a lower
 * `row_index` have their result; it advances in the same transaction as a chunk's results.
 */
export const matchBatches = pgTable(
  'match_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** queued, running, completed, failed (the job gave up: `failure_reason` says why; a resume re-queues it) */
    status: text('status').notNull().default('queued'),
    /** A short reason when the status is `failed` (never a stack trace). */
    failureReason: text('failure_reason'),
    /** The column mapping the rows were read with. */
    columns: jsonb('columns').notNull(),
    /** Which match object scored the rows: `calibrated` (assessMatch) or `uncalibrated`. */
    assessor: text('assessor').notNull(),
    totalRows: integer('total_rows').notNull(),
    processedRows: integer('processed_rows').notNull().default(0),
    matchedRows: integer('matched_rows').notNull().default(0),
    reviewRows: integer('review_rows').notNull().default(0),
    noMatchRows: integer('no_match_rows').notNull().default(0),
    /** The optional registry pass (issue 13): looked up for rows without an internal match, after the internal pass. */
    registryPass: boolean('registry_pass').notNull().default(false),
    /** The country of rows whose file gives none (alpha-3), for the registry pass. */
    defaultCountry: text('default_country'),
    /** At most this many rows of the batch go to a registry (MATCH_REGISTRY_MAX_ROWS when the batch was created). */
    registryCap: integer('registry_cap').notNull().default(0),
    /** The registry pass's resume cursor: rows before it have been through the pass. */
    registryCursor: integer('registry_cursor').notNull().default(0),
    /** Rows looked up on a registry, rows with a registry candidate, rows whose lookup failed, rows skipped. */
    registryRows: integer('registry_rows').notNull().default(0),
    registryFoundRows: integer('registry_found_rows').notNull().default(0),
    registryFailedRows: integer('registry_failed_rows').notNull().default(0),
    registrySkippedRows: integer('registry_skipped_rows').notNull().default(0),
    /** When the batch was last applied ("Add accepted organisations"), and what that apply did; null before. */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedAccepted: integer('applied_accepted'),
    appliedLinked: integer('applied_linked'),
    appliedCreated: integer('applied_created'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('match_batches_account_idx').on(t.accountId, t.createdAt)],
);

/** One row of a batch: what the file said, and once processed, its decision and candidates. */
export const matchBatchRows = pgTable(
  'match_batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => matchBatches.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    input: jsonb('input').notNull(),
    decision: text('decision'),
    result: jsonb('result'),
    /** The organisation the row settled on when the batch was applied (so applying again does nothing twice). */
    appliedOrganisationId: uuid('applied_organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowIndex] }), index('match_batch_rows_decision_idx').on(t.batchId, t.decision, t.rowIndex)],
);

/** A reviewer's decision on a row (accept, pick another, not in the list), and when it was acted on. */
export const matchBatchDecisions = pgTable(
  'match_batch_decisions',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => matchBatches.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** A picked registry candidate's key (the registry pass's candidates have no organisation yet). */
    registryKey: text('registry_key'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowIndex] })],
);

/**
 * Decisions remembered (issue 20, section 6): an account's judgement that a query names an organisation (`same`) or
 * does not (`different`), keyed by the query's search form and country ('' without one). One per (account, query key,
 * country, organisation): a later decision replaces the earlier one. Applied by core/match-decision.ts.
 */
export const matchDecisions = pgTable(
  'match_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The query as the analyst typed it (shown on the decisions page). */
    query: text('query').notNull(),
    /** `decisionQueryKey(query)`: what a later query is compared by. */
    queryKey: text('query_key').notNull(),
    countryIsoAlpha3: text('country_iso_alpha3').notNull().default(''),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** same, different */
    verdict: text('verdict').notNull(),
    /** confirm_header, batch_review, api */
    source: text('source').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('match_decisions_judgement_idx').on(t.accountId, t.queryKey, t.countryIsoAlpha3, t.organisationId),
    index('match_decisions_account_idx').on(t.accountId, t.decidedAt),
    check('match_decisions_verdict_check', sql`${t.verdict} in ('same', 'different')`),
    check('match_decisions_source_check', sql`${t.source} in ('confirm_header', 'batch_review', 'api')`),
  ],
);

// ---------------------------------------------------------------- registry monitoring

/**
 * Registry monitoring (issue 23): what each register said of a watched organisation when it was last read, one row
 * per (organisation, registry identifier). `observation` (core/registry-observation.ts) is what the next read is
 * compared with; `due_at` is when it is read again (MONITOR_INTERVAL_HOURS after a read, sooner after a failure).
 */
export const monitoredReads = pgTable(
  'monitored_reads',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** ABN, ACN, CH, OPENCORPORATES or LEI. */
    identifierType: text('identifier_type').notNull(),
    identifierValue: text('identifier_value').notNull(),
    /** abr, opencorporates, gleif */
    source: text('source').notNull(),
    /** The last observation; null until the first successful read. */
    observation: jsonb('observation'),
    /** The last full read (a "changed since" answer of no change only moves due_at): what GLEIF's query counts from. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the last read failed (for operators), null after a successful one. */
    lastFailure: text('last_failure'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.identifierType, t.identifierValue] }), index('monitored_reads_due_idx').on(t.dueAt)],
);

/**
 * Change records (issue 23, section 2): a register's answer that differed from what was last seen. Nothing monitoring
 * writes to an organisation is written without one. Read per account through the organisations on its list.
 */
export const organisationChanges = pgTable(
  'organisation_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** status, legal_name, business_names, lei_registration_status, parent */
    kind: text('kind').notNull(),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The register that answered: abr, opencorporates, gleif. */
    source: text('source').notNull(),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('organisation_changes_observed_idx').on(t.observedAt, t.id),
    index('organisation_changes_organisation_idx').on(t.organisationId, t.observedAt),
    check('organisation_changes_kind_check', sql`${t.kind} in ('status', 'legal_name', 'business_names', 'lei_registration_status', 'parent')`),
  ],
);

/**
 * Which change records an account has read (issue 23, section 2: the `/changes` page's unread first, the header's
 * count). No row: unread. Per account, since two accounts with one organisation on their lists read its changes apart.
 */
export const changeReads = pgTable(
  'change_reads',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    changeId: uuid('change_id')
      .notNull()
      .references(() => organisationChanges.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.changeId] }), index('change_reads_change_idx').on(t.changeId)],
);

// ---------------------------------------------------------------- webhooks

/**
 * Webhook endpoints (issue 23, section 3): an account's receiver of its change records, signed with `secret` (Standard
 * Webhooks; shown once at creation, kept here because signing needs it). `kinds` null: every kind of change. An
 * endpoint that has failed every attempt since `failing_since` for WEBHOOK_DISABLE_AFTER_HOURS is disabled.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kinds: text('kinds').array(),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first failed attempt since the last success; null while the endpoint answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * One change record for one endpoint: the body is fixed when the change is recorded (the bytes signed on every attempt,
 * under the same `webhook-id`), and one delivery per (endpoint, change) however often the fan-out runs.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    changeId: uuid('change_id')
      .notNull()
      .references(() => organisationChanges.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    /** pending (queued or retrying), succeeded, failed (retries exhausted, or the endpoint disabled) */
    state: text('state').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_change_idx').on(t.endpointId, t.changeId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** The delivery log: every attempt's time, the receiver's status code or the transport error, and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The log's order: attempts as they were recorded (attempt times come from a clock that tests move). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** Sent by a replay (POST .../replay), not by the queue's retries. */
    replay: boolean('replay').notNull().default(false),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.seq)],
);
