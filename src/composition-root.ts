/**
 * The composition root: builds every adapter from configuration, once per process, and wires the use cases that
 * take more than the database. A use case that needs only `db` is called as `(db, params)` by its page, route or
 * action (`container.database.db`), so it is not wired here. `npm start` (src/main.ts) builds the container and
 * installs it; Next.js route handlers and server actions get it with `getContainer()`. Tests build their own
 * against a test database.
 */
import { createDatabase } from './adapters/db/client';
import { createLogger, type Logger } from './adapters/logging/logger';
import { createAccountResolver, type SessionAccountLookup } from './adapters/auth/account-resolver';
import { listenForApiKeyRevocations } from './adapters/auth/api-key-revocations';
import { createAuth } from './adapters/auth/better-auth';
import { createSessionAccountLookup } from './adapters/auth/session-account';
import { createFeatureFlags } from './adapters/flags/database-flag-provider';
import { flagDefaultsFrom } from './core/flags';
import { createBrandfetchLogoService } from './adapters/logo/brandfetch-logo';
import { parseEnvOrThrow, type Env } from './config/env';
import type { Timers } from './server/ports';
import { realTimers } from './server/timers';
import { createPostgresLock } from './adapters/lock/postgres-lock';
import { createClassificationRepository } from './adapters/db/queries/classification';
import { searchNaicsCodes } from './adapters/db/queries/naics';
import { AddOrganisationNAICS } from './server/naics/add-organisation-naics';
import { createAccountMembership, createQuickSearchLookups } from './adapters/db/queries/quick-search/quick-search-lookups';
import { createQuickSearch } from './server/quick-search/quick-search';
import { createPostgresSearchRateLimiter } from './adapters/rate-limit/postgres-rate-limiter';
import { createSignInFailureLimit } from './adapters/rate-limit/sign-in-failure-limit';
import { createReEnrichmentRateLimiter } from './adapters/rate-limit/re-enrichment-rate-limit';
import { createInternalMatches } from './adapters/db/queries/internal-matches';
import { createSearchOrganisations } from './server/search/search-organisations';
import type { SearchRateLimiter } from './server/search/ports';
import { createSearchProviderPorts, type SearchPorts, type SearchProviderPorts } from './adapters/search/search-ports';
import { createRegistryWebsiteEnrichment } from './server/search/registry-website-enrichment';
import { createSafeFetcher, type SafeFetcherOptions } from './adapters/website-validation/safe-fetch';
import { createWebsiteValidator } from './adapters/website-validation/website-validator';
import { createPgBossJobQueue, jobQueuePoliciesFromEnv } from './adapters/queue/pg-boss-queue';
import { createSelectionStore } from './adapters/db/queries/selection-store';
import { findOrganisationsByIds } from './adapters/db/queries/quick-search/exact-lookups';
import { findStoredIdentifiers } from './adapters/db/queries/stored-identifiers';
import { findOrganisationRecordForAccount } from './adapters/db/queries/organisation-read';
import { createDecisions } from './server/decisions/decisions';
import { createSelectOrganisation } from './server/selection/select-organisation';
import { createSelectCandidate, createSelectExisting } from './server/selection/select-candidate';
import { createRejectSelection } from './server/selection/reject-selection';
import { createCandidateReferences } from './adapters/db/queries/candidate-references';
import { createTriggerEnrichment } from './server/enrichment/trigger-enrichment';
import { createEnrichOrganisation } from './server/enrichment/enrich-organisation';
import { createEnrichmentStore } from './adapters/db/queries/enrichment-store';
import { createProviderCache } from './adapters/cache/provider-cache';
import { createCompanyDataFromEnv } from './adapters/company-data/adapter';
import { createEnrichmentAgentFromEnv } from './adapters/agent/enrichment-agent-from-env';
import { createIdentifierDirectory } from './adapters/db/queries/identifier-suggestions';
import { createSuggestIdentifiers } from './server/identifiers/suggest-identifiers';
import { createAnswerQuickSearch } from './server/quick-search/answer-quick-search';
import { syncAquila1 } from './server/naics/sync-aquila1';
import { createVerifyOrganisation } from './server/verification/verify-organisation';
import { createReconcileQueries } from './server/reconciliation/reconcile-queries';
import { createSuggestEntities } from './server/reconciliation/suggest-entities';
import { createPreviewEntity } from './server/reconciliation/preview-entity';
import { createExtendEntities } from './server/reconciliation/extend-entities';
import type { ReconciliationDependencies } from './server/reconciliation/ports';
import { createMatchRows } from './server/batch-matching/match-rows';
import { createCreateMatchBatch } from './server/batch-matching/create-match-batch';
import { createRunMatchBatch } from './server/batch-matching/run-match-batch';
import { createReviewMatchRow } from './server/batch-matching/review-match-row';
import { createApplyMatchBatch } from './server/batch-matching/apply-match-batch';
import { createResumeMatchBatch } from './server/batch-matching/resume-match-batch';
import { createRegistryPass } from './server/batch-matching/registry-pass';
import { createRegistryPacer } from './adapters/rate-limit/registry-pacer';
import { createReadMatchBatch } from './server/batch-matching/read-match-batch';
import { BATCH_ASSESSOR, batchAssessMatch } from './server/batch-matching/assessor';
import { createRegistryReadsFromEnv } from './adapters/registries/registry-reads';
import { createRunMonitorPass } from './server/monitoring/run-monitor-pass';
import { createWebhookSender } from './adapters/webhooks/webhook-sender';
import { createCreateWebhookEndpoint } from './server/webhooks/webhook-endpoints';
import { createDeliverWebhook } from './server/webhooks/deliver-webhook';
import { createEnqueueChangeDeliveries } from './server/webhooks/enqueue-change-deliveries';
import { createReplayWebhookDelivery } from './server/webhooks/replay-webhook-delivery';

/** What pages, routes, actions, workers and tests reach: the type of what `buildContainer` builds, not a second copy of it. */
export type Container = Awaited<ReturnType<typeof buildContainer>>;

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
  /** Monitoring's clock (sandbox mode: moved by the sandbox clock); default the real time. */
  monitorClock?: () => Date;
  /** The clock of monitoring and webhook deliveries (tests move it by days); default: the system's. */
  now?: () => Date;
  /** What the search's registry lead and the routes' time limits wait on; default: real timers. */
  timers?: Timers;
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

export async function buildContainer(options: BuildOptions) {
  const { env, databaseUrl: connectionString } = options;
  const log = options.log ?? createLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT, colour: !env.NO_COLOR });
  const database = createDatabase(connectionString, { max: env.DB_POOL_MAX });
  const { db } = database;
  // The quick lookup's own pool: every statement bounded by the server (QUICK_SEARCH_STATEMENT_TIMEOUT_MS). Its
  // generic companion plans the exact and typo steps' every-word statements once per connection when their words
  // suit a generic plan (decision 0031).
  const quickSearchDatabase = createDatabase(connectionString, {
    max: Math.min(env.DB_POOL_MAX, 10),
    applicationName: 'organisation-search-quick-lookup',
    statementTimeoutMs: env.QUICK_SEARCH_STATEMENT_TIMEOUT_MS,
    genericCompanion: true,
  });
  // Batch matching's own small pool: its statements may take longer than an interactive lookup's under load (a
  // chunk that times out is retried whole, so a 1 s bound could keep a busy machine from ever finishing a batch).
  // No JIT: the chunk's set-based statements are estimated dear enough to be compiled, which costs more than they do.
  // Generic plans: the per-row lookups are named and planned once per connection, not for every row (decision 0028).
  const matchBatchDatabase = createDatabase(connectionString, {
    max: 4,
    applicationName: 'organisation-search-match-batches',
    statementTimeoutMs: 30_000,
    jit: false,
    genericPlans: true,
  });
  const signInFailures = createSignInFailureLimit({ connectionString });
  const auth = createAuth(db, env, { log, signInFailures });
  const flags = await createFeatureFlags(db, flagDefaultsFrom(env), { cacheTtlMs: env.FLAG_CACHE_TTL_MS });
  const jobs = createPgBossJobQueue({ connectionString, log: log.child({ component: 'jobs' }), ...jobQueuePoliciesFromEnv(env) });
  const searchRateLimiter = createPostgresSearchRateLimiter({ connectionString, pointsPerMinute: env.SEARCH_RATE_LIMIT_PER_MINUTE });
  const quickSearchRateLimiter = createPostgresSearchRateLimiter({
    connectionString,
    pointsPerMinute: env.QUICK_SEARCH_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'quick-search',
    poolMax: 2,
  });
  const reEnrichmentRateLimiter = createReEnrichmentRateLimiter({ connectionString, perHour: env.REENRICH_RATE_LIMIT_PER_HOUR });
  const registryPacer = createRegistryPacer({ connectionString, callsPerMinute: env.MATCH_REGISTRY_CALLS_PER_MINUTE });
  const logo = createBrandfetchLogoService(env.LOGO_CLIENT_ID);
  const accountResolver = createAccountResolver(db, options.sessionAccount ?? createSessionAccountLookup(auth, db));
  const revocations = listenForApiKeyRevocations({
    connectionString,
    onRevoked: (keyHash) => accountResolver.forgetApiKey(keyHash),
    onGap: () => accountResolver.forgetApiKey(),
    log: log.child({ component: 'apiKeyRevocations' }),
  });
  await revocations.ready;

  // The provider adapters, from configuration (pointed at the contract fakes in sandbox mode); the search stream's ports
  // may be replaced (tests, benchmarks), the registry look-ups stay the real ones that enrichment and suggestions use.
  const providers = createSearchProviderPorts(env, db, log, { websiteFetcher: options.websiteFetcher });
  const searchPorts = options.searchPorts ?? searchPortsOf(providers, log);
  const registry = providers.registryLookups;
  const decisions = createDecisions(db);
  const judged = (pool: typeof db) => ({
    judgements: decisions.judgements,
    byIds: (params: Parameters<typeof findOrganisationsByIds>[1]) => findOrganisationsByIds(pool, params),
  });
  const quickSearch = createQuickSearch({
    lookups: createQuickSearchLookups(quickSearchDatabase.db, { log: log.child({ useCase: 'quickSearch' }) }),
    membership: createAccountMembership(db),
    logo,
    log: log.child({ useCase: 'quickSearch' }),
    limit: env.QUICK_SEARCH_LIMIT,
    judged: judged(quickSearchDatabase.db),
  });
  const suggestIdentifiers = createSuggestIdentifiers({
    directory: createIdentifierDirectory(quickSearchDatabase.db),
    registry,
    log: log.child({ useCase: 'suggestIdentifiers' }),
  });

  // Selection by reference (decision 0017): the stream records what it hands out; a selection reads it back.
  const candidateReferences = createCandidateReferences(db, { ttlSeconds: env.CANDIDATE_REFERENCE_TTL_SECONDS });
  const selectionStore = createSelectionStore(db);
  const selectCandidate = createSelectCandidate({ store: selectionStore, jobs });
  const classification = createClassificationRepository(db);
  const enrichOrganisation = createEnrichOrganisation({
    companyData: createCompanyDataFromEnv(env, { cache: createProviderCache(db), log: log.child({ port: 'companyData' }) }),
    agent: createEnrichmentAgentFromEnv(env, log.child({ port: 'enrichmentAgent' })),
    registry,
    websiteValidator: createWebsiteValidator({ fetcher: createSafeFetcher(options.websiteFetcher), log: log.child({ port: 'websiteValidator' }) }),
    store: createEnrichmentStore(db),
    aquila1: { syncAquila1: async (id) => syncAquila1(classification, id, await classification.listOrganisationNaicsCodes(id)) },
    verify: createVerifyOrganisation({ db, lock: createPostgresLock(db), registry, log: log.child({ useCase: 'verifyOrganisation' }) }),
    log: log.child({ useCase: 'enrichOrganisation' }),
  });

  const matchRows = createMatchRows({
    lookups: createQuickSearchLookups(matchBatchDatabase.db),
    chunkDb: matchBatchDatabase.db,
    assess: batchAssessMatch,
    judged: judged(matchBatchDatabase.db),
  });
  const timers = options.timers ?? realTimers;
  // A batch with no committed chunk for ten minutes (or two job leases, if longer) is stalled (its job will not come
  // back): resumable. Not two leases alone: a queued batch waits its turns behind other accounts' batches.
  const batchReads = { db, stalledAfterSeconds: Math.max(600, env.JOB_EXPIRE_SECONDS * 2) };

  const monitorLog = log.child({ useCase: 'monitoring' });
  const enqueueChangeDeliveries = createEnqueueChangeDeliveries({ jobs });
  // In the sandbox the demo's receiver runs on loopback over http; in production only https to public addresses.
  const webhookSender = createWebhookSender({ sandbox: env.APP_ENV === 'sandbox', timeoutMs: env.WEBHOOK_TIMEOUT_MS });
  const reconciliation: ReconciliationDependencies = {
    quickSearch,
    entities: { findEntity: (accountId, id) => findOrganisationRecordForAccount(db, { accountId, organisationId: id }) },
    judgements: decisions.judgements,
  };
  // What close() ends, in this order: listeners and the queue first, the pools last.
  const closeInOrder: { close(): Promise<void> }[] = [revocations, jobs, webhookSender, searchRateLimiter, signInFailures, quickSearchRateLimiter];
  closeInOrder.push(reEnrichmentRateLimiter, registryPacer, quickSearchDatabase, matchBatchDatabase, database);

  return {
    env,
    log,
    database,
    /** Better Auth: sessions, sign-in, the /api/auth handler. */
    auth,
    accountResolver,
    flags,
    logo,
    /** pg-boss on the same database; started lazily on the first send or work (DESIGN.md section 2). */
    jobs,
    /** POST /api/organisations/search: 30 per minute per account, shared by all instances. */
    searchRateLimiter: searchRateLimiter as SearchRateLimiter,
    /** The quick lookup's limit per account (QUICK_SEARCH_RATE_LIMIT_PER_MINUTE), the same shared mechanism. */
    quickSearchRateLimiter: quickSearchRateLimiter as SearchRateLimiter,
    /** The internal-only lookup's candidates (benchmarks and reconciliation call it directly). */
    quickSearch,
    /** POST /api/organisations/quick-search: the candidates and, for a mistyped identifier, identifier suggestions. */
    answerQuickSearch: createAnswerQuickSearch({ quickSearch, suggestIdentifiers, log: log.child({ useCase: 'quickSearch' }) }),
    suggestIdentifiers,
    /** POST /api/organisations/search; replaceable so route tests can put in-memory ports behind the real route. */
    searchOrganisations: createSearchOrganisations({
      ...searchPorts,
      internalMatches: createInternalMatches(db),
      judgements: decisions.judgements,
      judgedOrganisations: { byIds: judged(quickSearchDatabase.db).byIds, identifiersOf: (ids) => findStoredIdentifiers(quickSearchDatabase.db, ids) },
      flags,
      logo,
      log: log.child({ useCase: 'searchOrganisations' }),
      defaultWebsiteTopK: env.SEARCH_WEBSITE_TOP_K,
      candidateReferences,
      timers,
    }),
    /** What the routes' time limits wait on (the search's SEARCH_MAX_DURATION_SECONDS); replaceable so a test advances a manual clock. */
    timers,
    /** Manual NAICS classification: the typeahead's catalogue, the visibility check before the lock, AddOrganisationNAICS. */
    naics: {
      catalogue: { searchCodes: (params: Parameters<typeof searchNaicsCodes>[1]) => searchNaicsCodes(db, params) },
      findVisibleOrganisation: classification.findVisibleOrganisation.bind(classification),
      addOrganisationNaics: new AddOrganisationNAICS({
        lock: createPostgresLock(db),
        flags,
        repository: classification,
        log: log.child({ useCase: 'AddOrganisationNAICS' }),
      }),
    },
    /** selectOrganisationAction / POST /api/organisations/select, and the confirm header's "No". */
    selection: {
      selectOrganisation: createSelectOrganisation({
        references: candidateReferences,
        selectCandidate,
        selectExisting: createSelectExisting({ store: selectionStore, jobs }),
      }),
      rejectSelection: createRejectSelection(db, decisions.record),
    },
    /** Decisions remembered (issue 20, section 6): record, list and undo an account's judgements, and look them up. */
    decisions,
    /** The `organisation.enrich` worker's use case (the worker runs in `npm start` or `npm run worker`). */
    enrichment: { enrichOrganisation },
    /** "Enrich now" on the organisation page (its reads are `(db, params)` functions of server/organisations). */
    organisations: {
      triggerEnrichment: createTriggerEnrichment({
        store: selectionStore,
        jobs,
        limiter: reEnrichmentRateLimiter,
        globalMinAgeHours: env.REENRICH_GLOBAL_MIN_AGE_HOURS,
      }),
    },
    /** The W3C Reconciliation Service API 0.2 under /api/reconcile (OpenRefine and other clients). */
    reconciliation: {
      reconcileQueries: createReconcileQueries(reconciliation),
      suggestEntities: createSuggestEntities(reconciliation),
      previewEntity: createPreviewEntity(reconciliation),
      extendEntities: createExtendEntities(reconciliation),
    },
    /** Batch matching of supplier files (issue 13): upload, the `match-batch.run` worker, review, apply, download. */
    matchBatches: {
      matchRows,
      create: createCreateMatchBatch({ db, jobs, assessor: BATCH_ASSESSOR, registryCap: env.MATCH_REGISTRY_MAX_ROWS }),
      // A job hands over to its continuation after a turn (RunMatchBatch's default, 10 s): the queue shares turns by account.
      run: createRunMatchBatch({
        db,
        matchRows,
        jobs,
        chunkSize: env.MATCH_BATCH_CHUNK_SIZE,
        registryPass: createRegistryPass({
          nationalRegistry: searchPorts.nationalRegistry,
          globalRegistry: searchPorts.globalRegistry,
          websiteValidator: searchPorts.websiteValidator,
          pace: registryPacer.pace,
          log: log.child({ useCase: 'matchBatchRegistryPass' }),
          internalMatches: createInternalMatches(db),
        }),
        registryReviewBelow: env.MATCH_REGISTRY_REVIEW_BELOW,
      }),
      review: createReviewMatchRow({ db, decisions: decisions.record }),
      apply: createApplyMatchBatch({ ...batchReads, selectCandidate }),
      resume: createResumeMatchBatch({ ...batchReads, jobs }),
      read: createReadMatchBatch(batchReads),
    },
    /** Registry monitoring (issue 23): one pass over the due watched organisations (`monitor.run`, the CLI). */
    monitoring: {
      runPass: createRunMonitorPass({
        db,
        afterChanges: async (changes, tx) => void (await enqueueChangeDeliveries(changes, tx)),
        // Fresh reads of the same registers, with the same clients and shared cache entries as the search's.
        registries: createRegistryReadsFromEnv(env, { cache: createProviderCache(db), log: monitorLog }),
        pace: registryPacer.pace,
        log: monitorLog,
        intervalHours: env.MONITOR_INTERVAL_HOURS,
        fullReadDays: env.MONITOR_FULL_READ_DAYS,
        now: options.now ?? options.monitorClock,
      }),
    },
    /** Webhooks of registry changes (issue 23, section 3): creating and replaying (GET and DELETE are `(db, params)`), the `webhook.deliver` worker's use case. */
    webhooks: {
      createEndpoint: createCreateWebhookEndpoint({ db, sender: webhookSender }),
      replayDelivery: createReplayWebhookDelivery({ db, jobs }),
      deliver: createDeliverWebhook({
        db,
        sender: webhookSender,
        disableAfterHours: env.WEBHOOK_DISABLE_AFTER_HOURS,
        log: log.child({ useCase: 'deliverWebhook' }),
        now: options.now,
      }),
    },
    async close() {
      for (const part of closeInOrder) await part.close();
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
