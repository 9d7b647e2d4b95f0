/**
 * The one place that reads `process.env`. Parsed once, in the composition root, into a typed object.
 * Empty strings count as missing.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { MATCH_BATCH_DEFAULTS } from '../core/batch-matching';
import { FLAGS } from '../core/flags';
import { JOB_QUEUE_DEFAULTS, WEBHOOK_RETRY_DEFAULTS } from '../core/jobs';
import { WEBHOOK_DISABLE_AFTER_HOURS_DEFAULT } from '../core/webhooks';
import { WEBSITE_TOP_K } from '../core/national-registry';
import { REENRICH_GLOBAL_MIN_AGE_HOURS_DEFAULT } from '../core/re-enrichment';
import { sandboxFaultSettingSchema } from '../core/sandbox-faults';

const optionalString = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional());
const booleanFromString = (fallback: boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1')),
  );
const intFromString = (fallback: number, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined), z.number().int().min(min).max(max).default(fallback));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).catch('development'),
    /** sandbox: contract fakes stand in for every provider without a credential. production: never. */
    APP_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'production']).default('sandbox')),
    PORT: intFromString(3000, 0, 65535),
    HOST: optionalString.transform((v) => v ?? '0.0.0.0'),
    BASE_URL: optionalString,
    /**
     * Comma-separated addresses or CIDR ranges of the reverse proxies in front of the application. Only a request
     * whose socket peer is one of them has its X-Forwarded-For read; otherwise the socket address is the client.
     */
    TRUSTED_PROXIES: optionalString.pipe(
      z
        .string()
        .optional()
        .transform((v) =>
          (v ?? '')
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry !== ''),
        )
        .refine((entries) => entries.every((entry) => (entry.includes('/') ? ipaddr.isValidCIDR(entry) : ipaddr.isValid(entry))), {
          message: 'must be a comma-separated list of IP addresses or CIDR ranges',
        }),
    ),
    DATABASE_URL: optionalString,
    /** Benchmarks only: an admin URL of a PostgreSQL server where `bench/` creates its own database (else the embedded server). */
    BENCH_DATABASE_URL: optionalString,
    DATA_DIR: optionalString.transform((v) => v ?? '.data'),
    LOG_LEVEL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    /** `auto`: readable lines on a terminal, JSON lines otherwise; `json` or `pretty` force one. */
    LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['auto', 'json', 'pretty']).default('auto')),
    /** Set (to anything): readable log lines without colours (https://no-color.org). */
    NO_COLOR: optionalString,
    AUTH_SECRET: optionalString,
    DB_POOL_MAX: intFromString(20, 1, 500),
    /** Run the enrichment worker inside the web process (`npm start`); `npm run worker` runs it on its own. */
    RUN_WORKER_IN_PROCESS: booleanFromString(true),
    /** Enrichment jobs one worker process runs at once. */
    WORKER_CONCURRENCY: intFromString(2, 1, 32),
    /** Rows per committed chunk of a match batch (its results and the resume cursor in one transaction). */
    MATCH_BATCH_CHUNK_SIZE: intFromString(MATCH_BATCH_DEFAULTS.chunkSize, 1, 5000),
    /** The registry pass of a batch: at most this many rows of one batch are looked up on a registry (the rest say so). */
    MATCH_REGISTRY_MAX_ROWS: intFromString(200, 0, 100_000),
    /** The registry pass's pace: calls per minute to each registry, shared by every worker. */
    MATCH_REGISTRY_CALLS_PER_MINUTE: intFromString(30, 1, 10_000),
    /** `review` rows whose best candidate scores below this also go to the registry pass (0: only `no_match` rows). */
    MATCH_REGISTRY_REVIEW_BELOW: intFromString(MATCH_BATCH_DEFAULTS.registryReviewBelow, 0, 101),
    /** Attempts after the first for a failed enrichment, with exponential back-off from the delay. */
    ENRICH_RETRY_LIMIT: intFromString(JOB_QUEUE_DEFAULTS.retryLimit, 0, 20),
    ENRICH_RETRY_DELAY_SECONDS: intFromString(JOB_QUEUE_DEFAULTS.retryDelaySeconds, 1, 3600),
    /**
     * A job's lease: its worker renews it every third of this while the job runs; a job whose worker died (no
     * renewal for this long) is failed by the queue and retried. Worker processes sweep for such jobs every third of it.
     */
    JOB_EXPIRE_SECONDS: intFromString(JOB_QUEUE_DEFAULTS.expireInSeconds, 5, 86_400),
    /** How often pg-boss's maintenance runs (archiving, and expiry for the processes that run no worker). */
    JOB_MAINTENANCE_INTERVAL_SECONDS: intFromString(JOB_QUEUE_DEFAULTS.maintenanceIntervalSeconds, 1, 3600),

    QUICK_SEARCH_LIMIT: intFromString(10, 1, 100),
    /** The server cancels any quick-lookup statement running longer (ms). */
    QUICK_SEARCH_STATEMENT_TIMEOUT_MS: intFromString(1000, 10, 60_000),
    /** Quick lookups per account per minute, shared by all instances. */
    QUICK_SEARCH_RATE_LIMIT_PER_MINUTE: intFromString(600, 1, 1_000_000),
    NAICS_TYPEAHEAD_LIMIT: intFromString(25, 1, 100),
    SEARCH_WEBSITE_TOP_K: intFromString(WEBSITE_TOP_K.default, WEBSITE_TOP_K.min, WEBSITE_TOP_K.max),
    SEARCH_RATE_LIMIT_PER_MINUTE: intFromString(30, 1, 100000),
    /** "Enrich now" requests (action or POST /api/organisations/{id}/enrich) per account per hour, shared by all instances. */
    REENRICH_RATE_LIMIT_PER_HOUR: intFromString(30, 1, 100_000),
    /** A global organisation's COMPLETED profile may be re-enriched by any account once it is this old (hours); FAILED at once. */
    REENRICH_GLOBAL_MIN_AGE_HOURS: intFromString(REENRICH_GLOBAL_MIN_AGE_HOURS_DEFAULT, 0, 24 * 366),
    /** Sign-in attempts per client address per minute (each instance counts its own). */
    SIGN_IN_ATTEMPTS_PER_MINUTE: intFromString(10, 1, 100000),
    /** The streamed search's maximum duration: the stream ends cleanly at it (spec: Limits, 60 s). */
    SEARCH_MAX_DURATION_SECONDS: intFromString(60, 1, 3600),
    /** How long a streamed candidate can be selected by its reference (decision 0017): an hour. */
    CANDIDATE_REFERENCE_TTL_SECONDS: intFromString(3600, 1, 86400),

    // national registry (ABN Lookup)
    ABR_GUID: optionalString,
    ABR_BASE_URL: optionalString.transform((v) => v ?? 'https://abr.business.gov.au'),
    // global aggregator (OpenCorporates v0.4)
    OPENCORPORATES_API_TOKEN: optionalString,
    OPENCORPORATES_BASE_URL: optionalString.transform((v) => v ?? 'https://api.opencorporates.com'),
    /** After an aggregator 403, no instance calls it for this long (a shared circuit breaker). */
    OPENCORPORATES_BREAKER_SECONDS: intFromString(60, 1, 86_400),
    /** Registry monitoring: a watched organisation is re-read from its register at most once per this many hours. */
    MONITOR_INTERVAL_HOURS: intFromString(24, 1, 24 * 366),
    /** An LEI is read in full (record and parents) at least every this many days, even when GLEIF's "changed since" says it did not change. */
    MONITOR_FULL_READ_DAYS: intFromString(7, 1, 366),
    /** When the monitoring pass runs (pg-boss cron, five fields, UTC); each pass reads only what is due. */
    MONITOR_SCHEDULE_CRON: optionalString.transform((v) => v ?? '*/15 * * * *'),
    /** Webhooks: an endpoint that failed every delivery attempt for this many hours is disabled (a fraction: tests, demos). */
    WEBHOOK_DISABLE_AFTER_HOURS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined),
      z
        .number()
        .min(0.0005)
        .max(24 * 30)
        .default(WEBHOOK_DISABLE_AFTER_HOURS_DEFAULT),
    ),
    /** Webhooks: retries of one delivery after its first attempt, with exponential back-off from WEBHOOK_RETRY_DELAY_SECONDS. */
    WEBHOOK_RETRY_LIMIT: intFromString(WEBHOOK_RETRY_DEFAULTS.retryLimit, 0, 16),
    WEBHOOK_RETRY_DELAY_SECONDS: intFromString(WEBHOOK_RETRY_DEFAULTS.retryDelaySeconds, 1, 3600),
    /** Webhooks: one delivery attempt's whole time (connection, request, the receiver's answer). */
    WEBHOOK_TIMEOUT_MS: intFromString(10_000, 100, 60_000),
    /** Webhooks: deliveries posted at once by each worker process. */
    WEBHOOK_WORKER_CONCURRENCY: intFromString(2, 1, 32),
    /** The LEI register (GLEIF API v1, no credential); unset: the public API in production, the contract fake in sandbox mode. */
    GLEIF_BASE_URL: optionalString,
    // web-search agent
    AGENT_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['openai', 'anthropic', 'openai-compatible']).optional()),
    AGENT_MODEL: optionalString,
    AGENT_BASE_URL: optionalString,
    AGENT_API_KEY: optionalString,
    // web search API (Brave)
    WEB_SEARCH_API_KEY: optionalString,
    WEB_SEARCH_BASE_URL: optionalString.transform((v) => v ?? 'https://api.search.brave.com'),
    // company data by domain (The Companies API)
    COMPANY_DATA_API_KEY: optionalString,
    COMPANY_DATA_BASE_URL: optionalString.transform((v) => v ?? 'https://api.thecompaniesapi.com'),
    // logo CDN (Brandfetch): unset means no logos
    LOGO_CLIENT_ID: optionalString,
    /** Sandbox fakes: `zero` answers at once, `realistic` uses the latencies of the real providers. */
    SANDBOX_LATENCY: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['zero', 'realistic']).default('realistic')),
    /** Sandbox only: `provider:kind` pairs, comma-separated, that make a fake slow, failing, malformed or hanging. */
    SANDBOX_FAULTS: z.preprocess(
      (v) =>
        typeof v === 'string' && v.trim() !== ''
          ? v.split(',').map((pair) => {
              const [provider, kind] = pair.trim().split(':');
              return { provider, kind };
            })
          : [],
      z.array(sandboxFaultSettingSchema),
    ),

    /** How long each process keeps an account's flag values (0 = read the database on every evaluation). */
    FLAG_CACHE_TTL_MS: intFromString(5000, 0, 600_000),
    // feature flag defaults for every account (per-account overrides live in the database); their own
    // defaults are core/flags.ts's, the one home of each flag's default
    [FLAGS.hybridSearch.envVariable]: booleanFromString(FLAGS.hybridSearch.defaultValue),
    [FLAGS.commandKSearch.envVariable]: booleanFromString(FLAGS.commandKSearch.defaultValue),
    [FLAGS.devMode.envVariable]: booleanFromString(FLAGS.devMode.defaultValue),
    [FLAGS.manualNaicsClassification.envVariable]: booleanFromString(FLAGS.manualNaicsClassification.defaultValue),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required when APP_ENV=production' });
    }
    if (env.APP_ENV === 'production' && env.SANDBOX_FAULTS.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_FAULTS'], message: 'SANDBOX_FAULTS is a sandbox-only switch; unset it when APP_ENV=production' });
    }
    if (env.AUTH_SECRET && env.AUTH_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET must be at least 32 characters' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
  override readonly name = 'InvalidEnvironmentError';
}

/** Parses an environment (by default the process's) or throws one readable error listing every problem. */
export function parseEnvOrThrow(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new InvalidEnvironmentError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
