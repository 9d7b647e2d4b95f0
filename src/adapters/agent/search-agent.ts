/**
 * The web-search agent (spec: Streamed external search; providers/agent.md 5). One AI SDK tool loop per
 * discovery: `web_search` reaches the web, `report_candidate` is the output channel, and each accepted
 * report is yielded the moment its tool result appears in the stream. Bounded by a step cap, per-step and
 * per-run token budgets, a per-run search budget and a total timeout; the caller's signal stops the model
 * call and the search call. Failures never escape: the generator ends, keeping what it already yielded,
 * and logs a warning.
 */
import { stepCountIs, streamText, type LanguageModel, type StopCondition, type ToolSet } from 'ai';
import type { Logger } from '../logging/logger';
import type { AgentCandidate, DiscoveryQuery, SearchAgent, WebSearch } from '../../server/search/ports';
import { RunLedger } from './candidate-guard';
import { buildInstructions, buildTask } from './prompts';
import { createReportCandidateTool, createWebSearchTool, describeError, type ToolContext } from './tools';

export interface SearchAgentOptions {
  /** A provider model (not a gateway model id string); see createLanguageModel. */
  model: Exclude<LanguageModel, string>;
  webSearch: WebSearch;
  log: Logger;
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
}

export function createSearchAgent(options: SearchAgentOptions): SearchAgent {
  const maxSteps = options.maxSteps ?? 8;
  const maxOutputTokens = options.maxOutputTokens ?? 2000;
  const maxTotalTokens = options.maxTotalTokens ?? 60_000;
  const maxSearches = options.maxSearches ?? 4;
  const resultsPerSearch = options.resultsPerSearch ?? 8;
  const timeoutMs = options.timeoutMs ?? 45_000;
  const maxRetries = options.maxRetries ?? 1;

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
        accepted: new Map(),
      };
      const tools = { web_search: createWebSearchTool(context), report_candidate: createReportCandidateTool(context) };

      const stop = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        stop.abort(new Error(`agent run exceeded ${timeoutMs} ms`));
      }, timeoutMs);
      const startedAt = Date.now();
      let yielded = 0;

      try {
        const run = streamText({
          model: options.model,
          system: buildInstructions(query, { maxSearches }),
          prompt: buildTask(query),
          tools,
          toolChoice: 'auto',
          stopWhen: [stepCountIs(maxSteps), reachedLimit<typeof tools>(ledger, query.limit), usedTokens<typeof tools>(maxTotalTokens)],
          maxOutputTokens,
          maxRetries,
          abortSignal: AbortSignal.any([signal, stop.signal]),
          // Errors arrive as `error` parts below; this only keeps the SDK from printing them to the console.
          onError: () => undefined,
        });

        for await (const part of run.fullStream) {
          if (part.type === 'tool-result' && part.toolName === 'report_candidate') {
            const candidate = context.accepted.get(part.toolCallId);
            if (candidate === undefined) continue;
            context.accepted.delete(part.toolCallId);
            yielded += 1;
            yield candidate;
            if (yielded >= query.limit) break;
          } else if (part.type === 'error') {
            if (!signal.aborted && !timedOut) log.warn({ err: describeError(part.error), yielded }, 'agent: model call failed; run ended');
            break;
          } else if (part.type === 'abort') {
            break;
          } else if (part.type === 'tool-error') {
            log.debug({ tool: part.toolName, err: describeError(part.error) }, 'agent: tool call rejected');
          } else if (part.type === 'finish') {
            log.info(
              { usage: part.totalUsage, searches: ledger.searches, accepted: ledger.acceptedCount, ms: Date.now() - startedAt },
              'agent: run finished',
            );
          }
        }
      } catch (error) {
        if (!signal.aborted && !timedOut) log.warn({ err: describeError(error), yielded }, 'agent: run failed; run ended');
      } finally {
        clearTimeout(timer);
        stop.abort(new Error('agent run ended'));
        if (timedOut) log.warn({ timeoutMs, yielded }, 'agent: run timed out; kept what was found');
        else if (signal.aborted) log.debug({ yielded }, 'agent: run aborted by the caller');
      }
    },
  };
}

function reachedLimit<TOOLS extends ToolSet>(ledger: RunLedger, limit: number): StopCondition<TOOLS> {
  return () => ledger.acceptedCount >= limit;
}

function usedTokens<TOOLS extends ToolSet>(maxTotalTokens: number): StopCondition<TOOLS> {
  return ({ steps }) => steps.reduce((sum, step) => sum + (step.usage.totalTokens ?? 0), 0) >= maxTotalTokens;
}
