/**
 * The enrichment agent (spec: selectOrganisationAction, phases 1 and 2; providers/agent.md 5.2). Each phase is
 * one AI SDK tool loop: `web_search` reaches the web (the tool the discovery agent uses, with its own per-phase
 * ledger and budget), and `submit_profile`, a tool without `execute` whose input schema is the phase's
 * output, ends the run. Stop condition: the last step holds a valid submit_profile call (the SDK's
 * `hasToolCall` would also stop on an invalid one and lose the retry); the last allowed step may only
 * submit. The submission then goes through the code-side guards (enrichment-guard.ts).
 *
 * Failures are values (ports.ts): a model or API failure, the phase's timeout, the caller's abort, a run
 * that ends without a valid submit_profile, or a run whose every web search failed (its submission was not
 * researched) give `{ ok: false, failure }`; nothing is thrown for them.
 */
import {
  APICallError,
  JSONParseError,
  RetryError,
  stepCountIs,
  streamText,
  tool,
  TypeValidationError,
  zodSchema,
  type Schema,
  type LanguageModel,
  type StopCondition,
  type ToolSet,
} from 'ai';
import type { z } from 'zod';
import { toAlpha2 } from '../../core/countries';
import type { Log } from '../../server/ports';
import type { AgentProfilePhase1, EnrichmentAgent, EnrichmentSubject, ProviderFailure, ProviderResult } from '../../server/enrichment/ports';
import type { WebSearch } from '../../server/search/ports';
import { EvidenceLedger, phase1SubmissionSchema, phase2SubmissionSchema, reviewPhase1, reviewPhase2, type Reviewed } from './enrichment-guard';
import { buildEnrichmentInstructions, buildEnrichmentTask, knownCountry, type EnrichmentPhase } from './enrichment-prompts';
import { realRunTimer, startRunLimit, type RunTimer } from './run-timer';
import { createWebSearchTool, describeError } from './tools';

export interface EnrichmentAgentOptions {
  /** A provider model (not a gateway model id string); see createLanguageModel. */
  model: Exclude<LanguageModel, string>;
  webSearch: WebSearch;
  log: Log;
  /** Model calls per phase; the last one may only submit. Default 6. */
  maxSteps?: number;
  /** `web_search` calls per phase; further calls are refused without reaching the API. Default 3. */
  searchesPerPhase?: number;
  /** Results shown to the model per search. Default 8. */
  resultsPerSearch?: number;
  /** Each phase's whole run. Default 60000 ms. */
  timeoutMs?: number;
  /** Per model call. Default 2000. */
  maxOutputTokens?: number;
  /** SDK retries per model call (on 408/409/429/5xx). Default 1. */
  maxRetries?: number;
  /** Starts each phase's time limit; a real timer unless a test ends the run at a chosen moment. */
  runTimer?: RunTimer;
}

// Wrapped once per process, as tools.ts does: the SDK would otherwise convert the zod schema to JSON Schema
// again on every model call.
const phase1Input = zodSchema(phase1SubmissionSchema);
const phase2Input = zodSchema(phase2SubmissionSchema);

const SUBMIT_DESCRIPTION =
  'Submit the profile of the organisation when you are done searching. Use null (or []) for every field the ' +
  'search results do not establish. The run ends when the submission is accepted.';

interface PhaseSpec<I, T> {
  phase: EnrichmentPhase;
  /** The strict parse of the submission (the SDK has already checked it against the same schema). */
  schema: z.ZodType<I>;
  /** The same schema, wrapped for the model. */
  inputSchema: Schema<I>;
  review(input: I, ledger: EvidenceLedger): Reviewed<T>;
  phase1?: AgentProfilePhase1;
}

export function createEnrichmentAgent(options: EnrichmentAgentOptions): EnrichmentAgent {
  const maxSteps = Math.max(1, options.maxSteps ?? 6);
  const maxSearches = options.searchesPerPhase ?? 3;
  const resultsPerSearch = options.resultsPerSearch ?? 8;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxOutputTokens = options.maxOutputTokens ?? 2000;
  const maxRetries = options.maxRetries ?? 1;
  const runTimer = options.runTimer ?? realRunTimer;

  async function runPhase<I, T>(spec: PhaseSpec<I, T>, subject: EnrichmentSubject, signal?: AbortSignal): Promise<ProviderResult<T>> {
    const log = options.log.child({ component: 'enrichment-agent', phase: spec.phase, country: subject.countryIsoAlpha3 });
    if (signal?.aborted) return failed('aborted', 'cancelled before the run started');
    const country = knownCountry(subject);
    const ledger = new EvidenceLedger();
    const tools = {
      web_search: createWebSearchTool({
        webSearch: options.webSearch,
        ledger,
        log,
        maxSearches,
        resultsPerSearch,
        countryAlpha2: country === null ? undefined : toAlpha2(country),
        messages: {
          exhausted: 'Search budget exhausted: submit the profile with what you have found.',
          unavailable: 'Web search is unavailable: submit the profile with what you have found (null for the rest).',
        },
      }),
      submit_profile: tool({ description: SUBMIT_DESCRIPTION, inputSchema: spec.inputSchema }),
    };

    const limit = startRunLimit({ runTimer, timeoutMs, label: 'enrichment agent', signal });
    const startedAt = Date.now();
    let submission: I | undefined;
    let error: unknown;

    try {
      const run = streamText({
        model: options.model,
        system: buildEnrichmentInstructions(spec.phase, subject, { maxSearches }),
        prompt: buildEnrichmentTask(spec.phase, subject, spec.phase1),
        tools,
        // Every step must call a tool, so a run ends by submitting (or at the step cap), not with prose.
        toolChoice: 'required',
        stopWhen: [stepCountIs(maxSteps), submittedProfile<typeof tools>()],
        prepareStep: ({ stepNumber }) =>
          stepNumber >= maxSteps - 1 ? { activeTools: ['submit_profile'], toolChoice: { type: 'tool', toolName: 'submit_profile' } } : undefined,
        maxOutputTokens,
        maxRetries,
        abortSignal: limit.signal,
        // Errors arrive as `error` parts below; this only keeps the SDK from printing them to the console.
        onError: () => undefined,
      });

      for await (const part of run.fullStream) {
        if (part.type === 'tool-call' && !part.dynamic && part.toolName === 'submit_profile') {
          // An invalid call arrives as a dynamic tool call (and a tool-error the model is shown), so this one
          // passed the schema; the parse gives it its type.
          const parsed = spec.schema.safeParse(part.input);
          if (parsed.success) submission = parsed.data;
        } else if (part.type === 'tool-error') {
          log.debug({ tool: part.toolName, err: describeError(part.error) }, 'enrichment agent: tool call rejected');
        } else if (part.type === 'error') {
          error = part.error;
          break;
        } else if (part.type === 'abort') {
          break;
        } else if (part.type === 'finish') {
          log.info(
            { usage: part.totalUsage, searches: ledger.searches, submitted: submission !== undefined, ms: Date.now() - startedAt },
            'enrichment agent: run finished',
          );
        }
      }
    } catch (caught) {
      error = caught;
    } finally {
      limit.end();
    }

    if (signal?.aborted) {
      log.debug({ searches: ledger.searches }, 'enrichment agent: run aborted by the caller');
      return failed('aborted', 'cancelled by the caller');
    }
    if (submission === undefined) {
      const failure: ProviderFailure = limit.timedOut()
        ? { kind: 'timeout', message: `the run exceeded ${timeoutMs} ms` }
        : error !== undefined
          ? classifyModelError(error)
          : { kind: 'malformed', message: 'the run ended without a valid submit_profile call' };
      log.warn({ failure, err: error === undefined ? undefined : describeError(error), searches: ledger.searches }, 'enrichment agent: phase failed');
      return { ok: false, failure };
    }

    if (ledger.searchUnavailable && ledger.searchFailure !== undefined) {
      // The model submits what it has when search is down, but an unresearched profile is not "nothing
      // found": the caller gets the search's failure and may try again later.
      log.warn({ failure: ledger.searchFailure, searches: ledger.searches }, 'enrichment agent: no web search answered; phase failed');
      return { ok: false, failure: ledger.searchFailure };
    }
    const { profile, dropped } = spec.review(submission, ledger);
    // A dropped website or identifier is how invented or injected values show up.
    if (dropped.length > 0) log.warn({ dropped }, 'enrichment agent: claims dropped');
    return { ok: true, value: profile };
  }

  return {
    profilePhase1(subject, signal) {
      return runPhase(
        { phase: 1, schema: phase1SubmissionSchema, inputSchema: phase1Input, review: (input, ledger) => reviewPhase1(input, ledger) },
        subject,
        signal,
      );
    },
    profilePhase2(subject, phase1, signal) {
      return runPhase(
        {
          phase: 2,
          schema: phase2SubmissionSchema,
          inputSchema: phase2Input,
          review: (input, ledger) => reviewPhase2(input, ledger, subject),
          phase1,
        },
        subject,
        signal,
      );
    },
  };
}

/** The last step holds a submit_profile call that passed its schema (an invalid one is dynamic). */
function submittedProfile<TOOLS extends ToolSet>(): StopCondition<TOOLS> {
  return ({ steps }) => steps.at(-1)?.toolCalls.some((call) => call.toolName === 'submit_profile' && !call.dynamic) ?? false;
}

function failed(kind: ProviderFailure['kind'], message: string): ProviderResult<never> {
  return { ok: false, failure: { kind, message } };
}

/**
 * A model call's error as a failure value, by error class and status code (never by message text): an HTTP
 * status is `http` (a 2xx with an unreadable body is `malformed`), no status is `network`, an unparseable
 * or invalid answer is `malformed`. Retries exhausted report their last error.
 */
export function classifyModelError(error: unknown): ProviderFailure {
  const message = describeError(error).message;
  if (RetryError.isInstance(error)) return classifyModelError(error.lastError);
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) return { kind: 'network', message };
    if (status >= 200 && status < 300) return { kind: 'malformed', message };
    return { kind: 'http', status, message };
  }
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) return { kind: 'malformed', message };
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'aborted', message };
  // A stream cut off mid-answer surfaces as a plain TypeError ("terminated") from fetch.
  if (error instanceof TypeError) return { kind: 'network', message };
  return { kind: 'malformed', message };
}
