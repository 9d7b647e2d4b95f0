/**
 * The web-search agent (spec: Streamed external search; providers/agent.md 5). One AI SDK tool loop per
 * discovery: `web_search` reaches the web, `report_candidate` is the output channel, and each accepted
 * report is yielded the moment its tool result appears in the stream. Bounded by a step cap, per-step and
 * per-run token budgets, a per-run search budget and a total timeout, and by a step that only reported candidates
 * (the run ends there, not after a closing text turn); the caller's signal stops the model
 * call and the search call. Failures never escape: the generator ends, keeping what it already yielded,
 * and logs a warning.
 */
import { stepCountIs, streamText, type LanguageModel, type StopCondition, type ToolSet } from 'ai';
import type { Log } from '../../server/ports';
import type { AgentCandidate, DiscoveryQuery, SearchAgent, WebSearch } from '../../server/search/ports';
import { reportCandidateInputSchema, RunLedger, type ReportCandidateInput } from './candidate-guard';
import { buildInstructions, buildTask } from './prompts';
import { realRunTimer, startRunLimit, type RunTimer } from './run-timer';
import { createTimeSlicer } from './time-slice';
import { createReportCandidateTool, createWebSearchTool, describeError, discoveryWebSearchContext, reviewReport, type ToolContext } from './tools';

export interface SearchAgentOptions {
  /** A provider model (not a gateway model id string); see createLanguageModel. */
  model: Exclude<LanguageModel, string>;
  webSearch: WebSearch;
  log: Log;
  /** Model calls per run. Default 8. */
  maxSteps?: number;
  /** Per model call. Default 2000. */
  maxOutputTokens?: number;
  /** Input plus output tokens over the whole run; the loop stops after the step that crosses it. Default 60000. */
  maxTotalTokens?: number;
  /** `web_search` calls per run; further calls are refused without reaching the API. Default 4. */
  maxSearches?: number;
  /** Results shown to the model per search. Default 8. */
  resultsPerSearch?: number;
  /** The whole run. Default 45000 ms. */
  timeoutMs?: number;
  /** SDK retries per model call (on 408/409/429/5xx). Default 1. */
  maxRetries?: number;
  /** Starts the run's time limit; a real timer unless a test ends the run at a chosen moment. */
  runTimer?: RunTimer;
}

export function createSearchAgent(options: SearchAgentOptions): SearchAgent {
  const maxSteps = options.maxSteps ?? 8;
  const maxOutputTokens = options.maxOutputTokens ?? 2000;
  const maxTotalTokens = options.maxTotalTokens ?? 60_000;
  const maxSearches = options.maxSearches ?? 4;
  const resultsPerSearch = options.resultsPerSearch ?? 8;
  const timeoutMs = options.timeoutMs ?? 45_000;
  const maxRetries = options.maxRetries ?? 1;
  const runTimer = options.runTimer ?? realRunTimer;

  return {
    async *discover(query: DiscoveryQuery, signal: AbortSignal): AsyncGenerator<AgentCandidate> {
      if (signal.aborted || query.limit <= 0) return;
      const log = options.log.child({ component: 'search-agent', country: query.countryIsoAlpha3 });
      const ledger = new RunLedger(query);
      const context: ToolContext = {
        query,
        webSearch: options.webSearch,
        ledger,
        log,
        maxSearches,
        resultsPerSearch,
        reviews: new Map(),
      };
      const tools = { web_search: createWebSearchTool(discoveryWebSearchContext(context)), report_candidate: createReportCandidateTool(context) };

      const limit = startRunLimit({ runTimer, timeoutMs, label: 'agent', signal });
      const startedAt = Date.now();
      let yielded = 0;

      try {
        const run = streamText({
          model: options.model,
          system: buildInstructions(query, { maxSearches }),
          prompt: buildTask(query),
          tools,
          toolChoice: 'auto',
          stopWhen: [
            stepCountIs(maxSteps),
            reachedLimit<typeof tools>(ledger, query.limit),
            usedTokens<typeof tools>(maxTotalTokens),
            reportedWithoutSearching<typeof tools>(),
          ],
          maxOutputTokens,
          maxRetries,
          abortSignal: limit.signal,
          // Errors arrive as `error` parts below; this only keeps the SDK from printing them to the console.
          onError: () => undefined,
        });

        // report_candidate inputs being streamed, by tool call id; a candidate leaves as soon as its input
        // is complete, before the model's turn ends (providers emit the tool call itself only at step end).
        const streaming = new Map<string, string>();
        const yieldedCalls = new Set<string>();
        const verdictOn = (toolCallId: string): AgentCandidate | undefined => {
          if (yieldedCalls.has(toolCallId)) return undefined;
          const review = context.reviews.get(toolCallId);
          if (review?.accepted !== true) return undefined;
          yieldedCalls.add(toolCallId);
          return review.candidate;
        };

        const slicer = createTimeSlicer();
        for await (const part of run.fullStream) {
          await slicer.maybeYield();
          let candidate: AgentCandidate | undefined;
          if (part.type === 'tool-input-start' && part.toolName === 'report_candidate') {
            streaming.set(part.id, '');
          } else if (part.type === 'tool-input-delta' && streaming.has(part.id)) {
            const text = `${streaming.get(part.id) ?? ''}${part.delta}`;
            streaming.set(part.id, text);
            const input = completeReportInput(text);
            if (input !== undefined) {
              streaming.delete(part.id);
              reviewReport(context, part.id, input);
              candidate = verdictOn(part.id);
            }
          } else if (part.type === 'tool-result' && part.toolName === 'report_candidate') {
            candidate = verdictOn(part.toolCallId);
          }
          if (candidate !== undefined) {
            yielded += 1;
            yield candidate;
            if (yielded >= query.limit) break;
          } else if (part.type === 'error') {
            if (!signal.aborted && !limit.timedOut()) log.warn({ err: describeError(part.error), yielded }, 'agent: model call failed; run ended');
            break;
          } else if (part.type === 'abort') {
            break;
          } else if (part.type === 'tool-error') {
            log.debug({ tool: part.toolName, err: describeError(part.error) }, 'agent: tool call rejected');
          } else if (part.type === 'finish') {
            log.info({ usage: part.totalUsage, searches: ledger.searches, accepted: ledger.acceptedCount, ms: Date.now() - startedAt }, 'agent: run finished');
          }
        }
      } catch (error) {
        if (!signal.aborted && !limit.timedOut()) log.warn({ err: describeError(error), yielded }, 'agent: run failed; run ended');
      } finally {
        limit.end();
        if (limit.timedOut()) log.warn({ timeoutMs, yielded }, 'agent: run timed out; kept what was found');
        else if (signal.aborted) log.debug({ yielded }, 'agent: run aborted by the caller');
      }
    },
  };
}

function reachedLimit<TOOLS extends ToolSet>(ledger: RunLedger, limit: number): StopCondition<TOOLS> {
  return () => ledger.acceptedCount >= limit;
}

/**
 * The last step only reported candidates (no search): the model has no new search results to read and is told not to
 * report a rejected one again, so the run ends there instead of waiting for its closing text turn (a whole model call,
 * 1.3-2.7 s in the sandbox demo, during which the search said "streaming" with nothing more to come; issue 21,
 * section 1). Whatever the verdicts: a step whose reports were rejected (a wrong country, an injected site) used to go
 * on to that closing turn too, and "solar" said "streaming" 2.7 s after its last row. A step that also searched goes on.
 */
function reportedWithoutSearching<TOOLS extends ToolSet>(): StopCondition<TOOLS> {
  return ({ steps }) => {
    const calls = steps.at(-1)?.toolCalls ?? [];
    return calls.length > 0 && calls.every((call) => call.toolName === 'report_candidate');
  };
}

function usedTokens<TOOLS extends ToolSet>(maxTotalTokens: number): StopCondition<TOOLS> {
  return ({ steps }) => steps.reduce((sum, step) => sum + (step.usage.totalTokens ?? 0), 0) >= maxTotalTokens;
}

/** The report's input once its streamed JSON is complete and well-formed; undefined until then. */
function completeReportInput(text: string): ReportCandidateInput | undefined {
  const trimmed = text.trim();
  if (!trimmed.endsWith('}')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  const parsed = reportCandidateInputSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
