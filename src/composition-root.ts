/**
 * The composition root: builds every adapter from configuration, once per process, and wires the use cases.
 * `npm start` (src/main.ts) builds it and installs it; Next.js route handlers and server actions get it
 * with `getContainer()`. Tests build their own against a test database.
 */
import { createDatabase, type Database } from './adapters/db/client';
import { createLogger, type Logger } from './adapters/logging/logger';
import { createAccountResolver, type SessionAccountLookup } from './adapters/auth/account-resolver';
import { listenForApiKeyRevocations } from './adapters/auth/api-key-revocations';
import { createAuth, type Auth } from './adapters/auth/better-auth';
import { createSessionAccountLookup } from './adapters/auth/session-account';
import { createFeatureFlags } from './adapters/flags/database-flag-provider';
import { flagDefaultsFrom } from './core/flags';
import { createBrandfetchLogoService } from './adapters/logo/brandfetch-logo';
import { parseEnvOrThrow, type Env } from './config/env';
import type { AccountResolver, FeatureFlags, LogoService, JobQueue, Timers } from './server/ports';
import { realTimers } from './server/timers';
import { createPostgresLock } from './adapters/lock/postgres-lock';
import { createClassificationRepository } from './adapters/db/queries/classification';
import { searchNaicsCodes } from './adapters/db/queries/naics';
import { AddOrganisationNAICS } from './server/naics/add-organisation-naics';
import type { ClassificationRepository, NaicsCatalogue } from './server/naics/ports';
import { createAccountMembership, createQuickSearchLookups } from './adapters/db/queries/quick-search/quick-search-lookups';
import { createQuickSearch, type QuickSearch } from './server/quick-search/quick-search';
import { createPostgresSearchRateLimiter } from './adapters/rate-limit/postgres-rate-limiter';
import { createSignInFailureLimit } from './adapters/rate-limit/sign-in-failure-limit';
import { createReEnrichmentRateLimiter } from './adapters/rate-limit/re-enrichment-rate-limit';
import { createInternalMatches } from './adapters/db/queries/internal-matches';
import { createSearchOrganisations, type SearchOrganisations } from './server/search/search-organisations';
import { createSearchProviderPorts, type SearchPorts, type SearchProviderPorts } from './adapters/search/search-ports';
import { createRegistryWebsiteEnrichment } from './server/search/registry-website-enrichment';
import type { SafeFetcherOptions } from './adapters/website-validation/safe-fetch';
import type { SearchRateLimiter } from './server/search/ports';
import { createPgBossJobQueue, jobQueuePoliciesFromEnv } from './adapters/queue/pg-boss-queue';
import { createSelectionStore } from './adapters/db/queries/selection-store';
import { findOrganisationsByIds } from './adapters/db/queries/quick-search/exact-lookups';
import { findStoredIdentifiers } from './adapters/db/queries/stored-identifiers';
import { createDecisions, type Decisions } from './server/decisions/decisions';
import { findOrganisationRecordForAccount } from './adapters/db/queries/organisation-read';
import {
  createCountOrganisationFlags,
  createGetOrganisationFigures,
  createGetOrganisationProfile,
  createGetOrganisationRecord,
  type CountOrganisationFlags,
  type GetOrganisationFigures,
  type GetOrganisationProfile,
  type GetOrganisationRecord,
} from './server/organisations/organisation-reads';
import { createSelectOrganisation, type SelectOrganisation } from './server/selection/select-organisation';
import { createSelectCandidate, createSelectExisting } from './server/selection/select-candidate';
import { createCandidateReferences } from './adapters/db/queries/candidate-references';
import { createRejectSelection, type RejectSelection } from './server/selection/reject-selection';
import { createTriggerEnrichment, type TriggerEnrichment } from './server/enrichment/trigger-enrichment';
import { createEnrichOrganisation, type EnrichOrganisation, type EnrichOrganisationDependencies } from './server/enrichment/enrich-organisation';
import { createEnrichmentStore } from './adapters/db/queries/enrichment-store';
import { createProviderCache } from './adapters/cache/provider-cache';
import { createCompaniesApiCompanyData } from './adapters/company-data/adapter';
import { createConfiguredCompaniesApiClient } from './adapters/company-data/client';
import { createEnrichmentAgentFromEnv } from './adapters/agent/enrichment-agent-from-env';
import { createRegistryLookups } from './adapters/registries/registry-lookups';
import { createConfiguredAbrClient } from './adapters/registries/abr/client';
import { createOpenCorporatesRegistryFromEnv } from './adapters/registries/opencorporates/adapter';
import { createGleifRegistryFromEnv } from './adapters/registries/gleif/adapter';
import { createIdentifierDirectory } from './adapters/db/queries/identifier-suggestions';
import { createSuggestIdentifiers, type SuggestIdentifiers } from './server/identifiers/suggest-identifiers';
import { createAnswerQuickSearch, type AnswerQuickSearch } from './server/quick-search/answer-quick-search';
import { createWebsiteValidator } from './adapters/website-validation/website-validator';
import { createSafeFetcher } from './adapters/website-validation/safe-fetch';
import { syncAquila1 } from './server/naics/sync-aquila1';
import { createVerifyOrganisation } from './server/verification/verify-organisation';
import { createIdentifyOrganisationsReader } from './adapters/db/queries/identify-organisations';
import { createListIdentifyOrganisations, type ListIdentifyOrganisations } from './server/identify/list-identify-organisations';
import { createReconcileQueries, type ReconcileQueries } from './server/reconciliation/reconcile-queries';
import { createSuggestEntities, type SuggestEntities } from './server/reconciliation/suggest-entities';
import { createPreviewEntity, type PreviewEntity } from './server/reconciliation/preview-entity';
import { createExtendEntities, type ExtendEntities } from './server/reconciliation/extend-entities';
import type { ReconciliationDependencies } from './server/reconciliation/ports';
import { createChunkLookups } from './adapters/db/queries/chunk-lookups';
import { createMatchRows, type MatchRows } from './server/batch-matching/match-rows';
import { createCreateMatchBatch, type CreateMatchBatch } from './server/batch-matching/create-match-batch';
import { createRunMatchBatch, type RunMatchBatch } from './server/batch-matching/run-match-batch';
import { createReviewMatchRow, type ReviewMatchRow } from './server/batch-matching/review-match-row';
import { createApplyMatchBatch, type ApplyMatchBatch } from './server/batch-matching/apply-match-batch';
import { createResumeMatchBatch, type ResumeMatchBatch } from './server/batch-matching/resume-match-batch';
import { createRegistryPass } from './server/batch-matching/registry-pass';
import { createRegistryPacer } from './adapters/rate-limit/registry-pacer';
import { createReadMatchBatch, type ReadMatchBatch } from './server/batch-matching/read-match-batch';
import { BATCH_ASSESSOR, batchAssessMatch } from './server/batch-matching/assessor';
import { createMonitorStore } from './adapters/db/queries/monitoring';
import { listAccountChanges } from './adapters/db/queries/organisation-changes';
import { createAccountChangesStore, countUnreadChanges } from './adapters/db/queries/account-changes';
import { createListAccountChanges, type ListAccountChanges } from './server/monitoring/list-account-changes';
import { createMarkChangesRead, type MarkChangesRead } from './server/monitoring/mark-changes-read';
import { createGetOrganisationHistory, type GetOrganisationHistory } from './server/monitoring/get-organisation-history';
import { createRegistryReadsFromEnv } from './adapters/registries/registry-reads';
import { createRunMonitorPass, type RunMonitorPass } from './server/monitoring/run-monitor-pass';
import { createListChanges, type ListChanges } from './server/monitoring/list-changes';
import { createWebhookStore, webhookTx } from './adapters/db/queries/webhooks';
import { createWebhookSender } from './adapters/webhooks/webhook-sender';
import { createCreateWebhookEndpoint, type CreateWebhookEndpoint } from './server/webhooks/create-webhook-endpoint';
import { createDeleteWebhookEndpoint, type DeleteWebhookEndpoint } from './server/webhooks/delete-webhook-endpoint';
import { createDeliverWebhook, type DeliverWebhook } from './server/webhooks/deliver-webhook';
import { createEnqueueChangeDeliveries } from './server/webhooks/enqueue-change-deliveries';
import { createReplayWebhookDelivery, type ReplayWebhookDelivery } from './server/webhooks/replay-webhook-delivery';
import type { WebhookStore } from './server/webhooks/ports';
import type { DisabledWebhookEndpoint, WebhookEndpoint } from './core/webhooks';

export interface Container {
  readonly env: Env;
  readonly log: Logger;
  readonly database: Database;
  /** Better Auth: sessions, sign-in, the /api/auth handler. */
  readonly auth: Auth;
  readonly accountResolver: AccountResolver;
  readonly flags: FeatureFlags;
  readonly logo: LogoService;
  /** Manual NAICS classification: the typeahead's catalogue and the AddOrganisationNAICS use case. */
  readonly naics: {
    readonly catalogue: NaicsCatalogue;
    readonly addOrganisationNaics: AddOrganisationNAICS;
    /** The organisation if the account can see it (the NAICS add checks this before taking the lock). */
    readonly findVisibleOrganisation: ClassificationRepository['findVisibleOrganisation'];
  };
  /** The internal-only lookup's candidates (benchmarks call it directly). */
  readonly quickSearch: QuickSearch;
  /** POST /api/organisations/quick-search: the candidates and, for a mistyped identifier, identifier suggestions. */
  readonly answerQuickSearch: AnswerQuickSearch;
  /** Valid one-edit neighbours of a mistyped ABN/ACN/LEI/NZBN, from the database or the registry. */
  readonly suggestIdentifiers: SuggestIdentifiers;
  /** POST /api/organisations/search: 30 per minute per account, shared by all instances. */
  readonly searchRateLimiter: SearchRateLimiter;
  /** The quick lookup's limit per account (QUICK_SEARCH_RATE_LIMIT_PER_MINUTE), the same shared mechanism. */
  readonly quickSearchRateLimiter: SearchRateLimiter;
  /** POST /api/organisations/search: the stream orchestrator over the registry, aggregator and agent ports. */
  /** Replaceable so route tests can put in-memory ports behind the real route. */
  searchOrganisations: SearchOrganisations;
  /**
   * What the routes' time limits wait on (the search's SEARCH_MAX_DURATION_SECONDS): real timers; replaceable so a
   * test advances a manual clock instead of waiting the limit out.
   */
  timers: Timers;
  /** pg-boss on the same database; started lazily on the first send or work (DESIGN.md section 2). */
  readonly jobs: JobQueue;
  /** selectOrganisationAction / POST /api/organisations/select, and the confirm header's "No". */
  readonly selection: { readonly selectOrganisation: SelectOrganisation; readonly rejectSelection: RejectSelection };
  /** Decisions remembered (issue 20, section 6): record, list and undo an account's judgements, and look them up. */
  readonly decisions: Decisions;
  /** The `organisation.enrich` worker's use case (the worker runs in `npm start` or `npm run worker`). */
  readonly enrichment: { readonly enrichOrganisation: EnrichOrganisation };
  /** The organisation pages' reads (profile, record, figures, the list's counts) and "Enrich now". */
  readonly organisations: {
    readonly getProfile: GetOrganisationProfile;
    readonly getRecord: GetOrganisationRecord;
    readonly getFigures: GetOrganisationFigures;
    readonly countFlags: CountOrganisationFlags;
    readonly triggerEnrichment: TriggerEnrichment;
  };
  /** The identify page: the account's list, sorted, filtered and paged. */
  readonly identify: { readonly listOrganisations: ListIdentifyOrganisations };
  /** The W3C Reconciliation Service API 0.2 under /api/reconcile (OpenRefine and other clients). */
  readonly reconciliation: {
    readonly reconcileQueries: ReconcileQueries;
    readonly suggestEntities: SuggestEntities;
    readonly previewEntity: PreviewEntity;
    readonly extendEntities: ExtendEntities;
  };
  /** Batch matching of supplier files (issue 13): upload, the `match-batch.run` worker, review, apply, download. */
  readonly matchBatches: {
    readonly matchRows: MatchRows;
    readonly create: CreateMatchBatch;
    readonly run: RunMatchBatch;
    readonly review: ReviewMatchRow;
    readonly apply: ApplyMatchBatch;
    readonly resume: ResumeMatchBatch;
    readonly read: ReadMatchBatch;
  };
  /** Registry monitoring (issue 23): one pass over the due watched organisations (`monitor.run`, the CLI), and GET /api/changes. */
  readonly monitoring: { readonly runPass: RunMonitorPass; readonly listChanges: ListChanges };
  /** The account's changes as analysts read them (issue 23, section 2): the `/changes` page, marking read, History, the header's count. */
  readonly changes: {
    readonly list: ListAccountChanges;
    readonly markRead: MarkChangesRead;
    readonly history: GetOrganisationHistory;
    readonly unreadCount: (accountId: string) => Promise<number>;
  };
  /** Webhooks of registry changes (issue 23, section 3): /api/webhooks and the `webhook.deliver` worker's use case. */
  readonly webhooks: {
    readonly createEndpoint: CreateWebhookEndpoint;
    readonly listEndpoints: (accountId: string) => Promise<WebhookEndpoint[]>;
    /** The account's disabled endpoints: the `/changes` page tells the account of them. */
    readonly disabledEndpoints: (accountId: string) => Promise<DisabledWebhookEndpoint[]>;
    readonly deleteEndpoint: DeleteWebhookEndpoint;
    readonly replayDelivery: ReplayWebhookDelivery;
    readonly deliver: DeliverWebhook;
    readonly store: WebhookStore;
  };
  close(): Promise<void>;
}

export interface BuildOptions {
  env: Env;
  /** The database to use (DATABASE_URL, the embedded server's, or a test database's). */
  databaseUrl: string;
  log?: Logger;
  /** How a browser session maps to an account; the auth library provides it. */
  sessionAccount?: SessionAccountLookup;
  /** The provider ports of the search stream; default: the real adapters configured by `env`. */
  searchPorts?: SearchPorts;
  /** How the website validator fetches home pages (sandbox mode points it at the fake home pages). */
  websiteFetcher?: SafeFetcherOptions;
  /** The enrichment's provider ports; default: the real adapters configured by `env`. */
  enrichmentPorts?: Partial<EnrichmentPorts>;
  /** Monitoring's clock (sandbox mode: moved by the sandbox clock); default the real time. */
  monitorClock?: () => Date;
  /** The clock of monitoring and webhook deliveries (tests move it by days); default: the system's. */
  now?: () => Date;
  /** What the search's registry lead and the routes' time limits wait on; default: real timers. */
  timers?: Timers;
}

export type EnrichmentPorts = Pick<EnrichOrganisationDependencies, 'companyData' | 'agent' | 'registry' | 'websiteValidator'>;

/** The enrichment's providers, built from configuration: real adapters, pointed at the fakes in sandbox mode. */
function createEnrichmentPorts(env: Env, database: Database, log: Logger, websiteFetcher: SafeFetcherOptions | undefined): EnrichmentPorts {
  const cache = createProviderCache(database.db);
  const openCorporates = createOpenCorporatesRegistryFromEnv(env, { cache, log: log.child({ port: 'registryLookups' }) });
  const companyDataLog = log.child({ port: 'companyData' });
  return {
    companyData: createCompaniesApiCompanyData({
      client: createConfiguredCompaniesApiClient({ apiToken: env.COMPANY_DATA_API_KEY, baseUrl: env.COMPANY_DATA_BASE_URL, log: companyDataLog }),
      cache,
      log: companyDataLog,
    }),
    agent: createEnrichmentAgentFromEnv(env, log.child({ port: 'enrichmentAgent' })),
    registry: createRegistryLookups({
      abr: { client: createConfiguredAbrClient({ guid: env.ABR_GUID, baseUrl: env.ABR_BASE_URL }), cache, log: log.child({ port: 'registryLookups' }) },
      openCorporates,
      gleif: createGleifRegistryFromEnv(env, { cache, log: log.child({ port: 'registryLookups' }) }),
      log: log.child({ port: 'registryLookups' }),
    }),
    websiteValidator: createWebsiteValidator({ fetcher: createSafeFetcher(websiteFetcher), log: log.child({ port: 'websiteValidator' }) }),
  };
}

export type { SearchPorts };

/**
 * The search stream's ports over its provider adapters: registry website enrichment (a use case over web search
 * and the website validator) is built here; without a web search API there is nothing to find official websites
 * with, and registry rows stay as they are.
 */
export function searchPortsOf(providers: SearchProviderPorts, log: Logger): SearchPorts {
  const { webSearch, ...ports } = providers;
  return {
    ...ports,
    enrichRegistryWebsites: webSearch
      ? createRegistryWebsiteEnrichment({ webSearch, validator: providers.websiteValidator, log: log.child({ step: 'registryWebsiteEnrichment' }) })
      : undefined,
  };
}

export async function buildContainer(options: BuildOptions): Promise<Container> {
  const { env } = options;
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT, colour: !env.NO_COLOR });
  const database = createDatabase(options.databaseUrl, { max: env.DB_POOL_MAX });
  const signInFailures = createSignInFailureLimit({ connectionString: options.databaseUrl });
  // The quick lookup's own pool: every statement bounded by the server (QUICK_SEARCH_STATEMENT_TIMEOUT_MS).
  const quickSearchDatabase = createDatabase(options.databaseUrl, {
    max: Math.min(env.DB_POOL_MAX, 10),
    applicationName: 'organisation-search-quick-lookup',
    statementTimeoutMs: env.QUICK_SEARCH_STATEMENT_TIMEOUT_MS,
  });
  const auth = createAuth(database.db, env, { log, signInFailures });
  const sessionAccount: SessionAccountLookup = options.sessionAccount ?? createSessionAccountLookup(auth, database.db);
  const flags = await createFeatureFlags(database.db, flagDefaultsFrom(env), { cacheTtlMs: env.FLAG_CACHE_TTL_MS });
  const jobs = createPgBossJobQueue({ connectionString: options.databaseUrl, log: log.child({ component: 'jobs' }), ...jobQueuePoliciesFromEnv(env) });
  const searchRateLimiter = createPostgresSearchRateLimiter({ connectionString: options.databaseUrl, pointsPerMinute: env.SEARCH_RATE_LIMIT_PER_MINUTE });
  const quickSearchRateLimiter = createPostgresSearchRateLimiter({
    connectionString: options.databaseUrl,
    pointsPerMinute: env.QUICK_SEARCH_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'quick-search',
    poolMax: 2,
  });
  const reEnrichmentRateLimiter = createReEnrichmentRateLimiter({ connectionString: options.databaseUrl, perHour: env.REENRICH_RATE_LIMIT_PER_HOUR });
  const logo = createBrandfetchLogoService(env.LOGO_CLIENT_ID);
  const accountResolver = createAccountResolver(database.db, sessionAccount);
  const revocations = listenForApiKeyRevocations({
    connectionString: options.databaseUrl,
    onRevoked: (keyHash) => accountResolver.forgetApiKey(keyHash),
    onGap: () => accountResolver.forgetApiKey(),
    log: log.child({ component: 'apiKeyRevocations' }),
  });
  await revocations.ready;
  const selectionStore = createSelectionStore(database.db);
  // A batch with no committed chunk for ten minutes (or two job leases, if longer) is stalled (its job will not come
  // back): resumable. Not two leases alone: a queued batch waits its turns behind other accounts' batches.
  const batchReads = { db: database.db, stalledAfterSeconds: Math.max(600, env.JOB_EXPIRE_SECONDS * 2) };
  // Batch matching's own small pool: its statements may take longer than an interactive lookup's under load (a
  // chunk that times out is retried whole, so a 1 s bound could keep a busy machine from ever finishing a batch).
  const matchBatchDatabase = createDatabase(options.databaseUrl, { max: 4, applicationName: 'organisation-search-match-batches', statementTimeoutMs: 30_000 });
  const decisions = createDecisions(database.db);
  const matchRows = createMatchRows({
    lookups: createQuickSearchLookups(matchBatchDatabase.db),
    chunk: createChunkLookups(matchBatchDatabase.db),
    assess: batchAssessMatch,
    judged: { judgements: decisions.judgements, byIds: (params) => findOrganisationsByIds(matchBatchDatabase.db, params) },
  });
  // The search's provider ports, shared by the search stream and the batches' registry pass (one set of adapters).
  const searchPorts = options.searchPorts ?? searchPortsOf(createSearchProviderPorts(env, database.db, log, { websiteFetcher: options.websiteFetcher }), log);
  const registryPacer = createRegistryPacer({ connectionString: options.databaseUrl, callsPerMinute: env.MATCH_REGISTRY_CALLS_PER_MINUTE });
  // Selection by reference (decision 0017): the stream records what it hands out; a selection reads it back.
  const candidateReferences = createCandidateReferences(database.db, { ttlSeconds: env.CANDIDATE_REFERENCE_TTL_SECONDS });
  const selectCandidate = createSelectCandidate({ store: selectionStore, jobs });
  const selectOrganisation = createSelectOrganisation({
    references: candidateReferences,
    selectCandidate,
    selectExisting: createSelectExisting({ store: selectionStore, jobs }),
  });
  const classification = createClassificationRepository(database.db);
  const enrichmentPorts = { ...createEnrichmentPorts(env, database, log, options.websiteFetcher), ...options.enrichmentPorts };
  const enrichOrganisation = createEnrichOrganisation({
    ...enrichmentPorts,
    store: createEnrichmentStore(database.db),
    aquila1: { syncAquila1: async (id) => syncAquila1(classification, id, await classification.listOrganisationNaicsCodes(id)) },
    verify: createVerifyOrganisation({
      db: database.db,
      lock: createPostgresLock(database.db),
      registry: enrichmentPorts.registry,
      log: log.child({ useCase: 'verifyOrganisation' }),
    }),
    log: log.child({ useCase: 'enrichOrganisation' }),
  });
  const quickSearch = createQuickSearch({
    lookups: createQuickSearchLookups(quickSearchDatabase.db, { log: log.child({ useCase: 'quickSearch' }) }),
    membership: createAccountMembership(database.db),
    logo,
    log: log.child({ useCase: 'quickSearch' }),
    limit: env.QUICK_SEARCH_LIMIT,
    judged: { judgements: decisions.judgements, byIds: (params) => findOrganisationsByIds(quickSearchDatabase.db, params) },
  });
  const suggestIdentifiers = createSuggestIdentifiers({
    directory: createIdentifierDirectory(quickSearchDatabase.db),
    registry: enrichmentPorts.registry,
    log: log.child({ useCase: 'suggestIdentifiers' }),
  });
  const timers = options.timers ?? realTimers;
  const monitorLog = log.child({ useCase: 'monitoring' });
  const accountChangesStore = createAccountChangesStore(database.db);
  const enqueueChangeDeliveries = createEnqueueChangeDeliveries({ jobs });
  const webhookStore = createWebhookStore(database.db);
  // In the sandbox the demo's receiver runs on loopback over http; in production only https to public addresses.
  const webhookSender = createWebhookSender({ sandbox: env.APP_ENV === 'sandbox', timeoutMs: env.WEBHOOK_TIMEOUT_MS });
  const runMonitorPass = createRunMonitorPass({
    store: createMonitorStore(database.db, { afterChanges: async (changes, tx) => void (await enqueueChangeDeliveries(changes, webhookTx(tx))) }),
    // Fresh reads of the same registers, with the same clients and shared cache entries as the search's.
    registries: createRegistryReadsFromEnv(env, { cache: createProviderCache(database.db), log: monitorLog }),
    pace: registryPacer.pace,
    log: monitorLog,
    intervalHours: env.MONITOR_INTERVAL_HOURS,
    fullReadDays: env.MONITOR_FULL_READ_DAYS,
    now: options.now ?? options.monitorClock,
  });
  const reconciliation: ReconciliationDependencies = {
    quickSearch,
    entities: { findEntity: (accountId, id) => findOrganisationRecordForAccount(database.db, { accountId, organisationId: id }) },
    judgements: decisions.judgements,
  };
  return {
    env,
    log,
    database,
    auth,
    accountResolver,
    flags,
    logo,
    quickSearch,
    answerQuickSearch: createAnswerQuickSearch({ quickSearch, suggestIdentifiers, log: log.child({ useCase: 'quickSearch' }) }),
    suggestIdentifiers,
    searchRateLimiter,
    quickSearchRateLimiter,
    searchOrganisations: createSearchOrganisations({
      ...searchPorts,
      internalMatches: createInternalMatches(database.db),
      judgements: decisions.judgements,
      judgedOrganisations: {
        byIds: (params) => findOrganisationsByIds(quickSearchDatabase.db, params),
        identifiersOf: (organisationIds) => findStoredIdentifiers(quickSearchDatabase.db, organisationIds),
      },
      flags,
      logo,
      log: log.child({ useCase: 'searchOrganisations' }),
      defaultWebsiteTopK: env.SEARCH_WEBSITE_TOP_K,
      candidateReferences,
      timers,
    }),
    timers,
    naics: {
      catalogue: { searchCodes: (params) => searchNaicsCodes(database.db, params) },
      findVisibleOrganisation: (params) => classification.findVisibleOrganisation(params),
      addOrganisationNaics: new AddOrganisationNAICS({
        lock: createPostgresLock(database.db),
        flags,
        repository: classification,
        log: log.child({ useCase: 'AddOrganisationNAICS' }),
      }),
    },
    jobs,
    selection: {
      selectOrganisation,
      rejectSelection: createRejectSelection(database.db, decisions.record),
    },
    decisions,
    enrichment: { enrichOrganisation },
    organisations: {
      getProfile: createGetOrganisationProfile(database.db),
      getRecord: createGetOrganisationRecord(database.db),
      getFigures: createGetOrganisationFigures(database.db),
      countFlags: createCountOrganisationFlags(database.db),
      triggerEnrichment: createTriggerEnrichment({
        store: selectionStore,
        jobs,
        limiter: reEnrichmentRateLimiter,
        globalMinAgeHours: env.REENRICH_GLOBAL_MIN_AGE_HOURS,
      }),
    },
    identify: {
      listOrganisations: createListIdentifyOrganisations(createIdentifyOrganisationsReader(database.db)),
    },
    reconciliation: {
      reconcileQueries: createReconcileQueries(reconciliation),
      suggestEntities: createSuggestEntities(reconciliation),
      previewEntity: createPreviewEntity(reconciliation),
      extendEntities: createExtendEntities(reconciliation),
    },
    matchBatches: {
      matchRows,
      create: createCreateMatchBatch({ db: database.db, jobs, assessor: BATCH_ASSESSOR, registryCap: env.MATCH_REGISTRY_MAX_ROWS }),
      // A job hands over to its continuation after a turn (RunMatchBatch's default, 10 s): the queue shares turns by account.
      run: createRunMatchBatch({
        db: database.db,
        matchRows,
        jobs,
        chunkSize: env.MATCH_BATCH_CHUNK_SIZE,
        registryPass: createRegistryPass({
          nationalRegistry: searchPorts.nationalRegistry,
          globalRegistry: searchPorts.globalRegistry,
          websiteValidator: searchPorts.websiteValidator,
          pace: registryPacer.pace,
          log: log.child({ useCase: 'matchBatchRegistryPass' }),
          internalMatches: createInternalMatches(database.db),
        }),
        registryReviewBelow: env.MATCH_REGISTRY_REVIEW_BELOW,
      }),
      review: createReviewMatchRow({ db: database.db, decisions: decisions.record }),
      apply: createApplyMatchBatch({ ...batchReads, selectCandidate }),
      resume: createResumeMatchBatch({ ...batchReads, jobs }),
      read: createReadMatchBatch(batchReads),
    },
    monitoring: {
      runPass: runMonitorPass,
      listChanges: createListChanges((params) => listAccountChanges(database.db, params)),
    },
    changes: {
      list: createListAccountChanges(accountChangesStore),
      markRead: createMarkChangesRead(accountChangesStore),
      history: createGetOrganisationHistory(accountChangesStore),
      unreadCount: (accountId) => countUnreadChanges(database.db, { accountId }),
    },
    webhooks: {
      createEndpoint: createCreateWebhookEndpoint({ store: webhookStore, sender: webhookSender }),
      listEndpoints: (accountId) => webhookStore.listEndpoints(accountId),
      disabledEndpoints: (accountId) => webhookStore.disabledEndpoints(accountId),
      deleteEndpoint: createDeleteWebhookEndpoint(webhookStore),
      replayDelivery: createReplayWebhookDelivery({ store: webhookStore, jobs }),
      deliver: createDeliverWebhook({
        store: webhookStore,
        sender: webhookSender,
        disableAfterHours: env.WEBHOOK_DISABLE_AFTER_HOURS,
        log: log.child({ useCase: 'deliverWebhook' }),
        now: options.now,
      }),
      store: webhookStore,
    },
    async close() {
      await revocations.close();
      await jobs.close();
      await webhookSender.close();
      await searchRateLimiter.close();
      await signInFailures.close();
      await quickSearchRateLimiter.close();
      await reEnrichmentRateLimiter.close();
      await registryPacer.close();
      await quickSearchDatabase.close();
      await matchBatchDatabase.close();
      await database.close();
    },
  };
}

const GLOBAL_KEY = Symbol.for('organisation-search.container');
type GlobalWithContainer = typeof globalThis & { [GLOBAL_KEY]?: Promise<Container> };

/** Makes a container the process's own (used by src/main.ts and by tests). */
export function installContainer(container: Container | Promise<Container>): void {
  (globalThis as GlobalWithContainer)[GLOBAL_KEY] = Promise.resolve(container);
}

/**
 * The process's container. Under `npm start` it was installed before the first request; otherwise
 * (for example `next dev` against DATABASE_URL) it is built from the environment on first use.
 */
export function getContainer(): Promise<Container> {
  const g = globalThis as GlobalWithContainer;
  if (!g[GLOBAL_KEY]) {
    const env = parseEnvOrThrow();
    if (!env.DATABASE_URL) throw new Error('No container installed and DATABASE_URL is unset: start the product with `npm start`');
    g[GLOBAL_KEY] = buildContainer({ env, databaseUrl: env.DATABASE_URL });
  }
  return g[GLOBAL_KEY];
}
