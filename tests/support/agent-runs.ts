/**
 * What the agent tests over real sockets share: a captured log, a fault placed on the n-th request, and run
 * timers that end a run at a chosen moment rather than after a wall-clock time a slow machine may overrun.
 */
import type { LanguageModel } from 'ai';
import pino from 'pino';
import { createLanguageModel } from '../../src/adapters/agent/language-model';
import type { RunTimer } from '../../src/adapters/agent/run-timer';
import type { Logger } from '../../src/adapters/logging/logger';
import { createBraveWebSearch } from '../../src/adapters/web-search/adapter';
import { createBraveClient } from '../../src/adapters/web-search/client';
import type { Timers } from '../../src/server/ports';
import type { WebSearch } from '../../src/server/search/ports';
import type { Fault, FaultPlan } from '../../src/sandbox/faults';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export function captureLog() {
  const lines: LogLine[] = [];
  const log = pino({ level: 'debug', base: undefined }, { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) });
  const warnings = () => lines.filter((l) => l.level === 40);
  return { log, lines, warnings, warningMessages: () => warnings().map((l) => l.msg) };
}

/** Lets the first `n - 1` requests through untouched, then applies the fault to the next `times`. */
export function at(plan: FaultPlan, n: number, fault: Fault, times: number): void {
  if (n > 1) plan.inject({ kind: 'delay', ms: 0 }, n - 1);
  plan.inject(fault, times);
}

/** A run that never times out on its own: the test's outcome cannot depend on the machine's speed. */
export const noRunTimeout: RunTimer = () => ({ cancel: () => undefined });

/**
 * A run that times out the moment the `n`-th request has reached the fake (taken its fault, see `at`): the
 * timeout strikes while that request is in flight, however long the requests before it took.
 */
export function timeoutAtRequest(plan: FaultPlan, n: number): RunTimer {
  return (_timeoutMs, onTimeout) => {
    let cancelled = false;
    void plan.whenTaken(n).then(() => {
      if (!cancelled) onTimeout();
    });
    return { cancel: () => void (cancelled = true) };
  };
}

/** The provider model against the Chat Completions fake at `llmUrl`, as the sandbox configures it. */
export function sandboxModel(llmUrl: string): Exclude<LanguageModel, string> {
  const model = createLanguageModel({
    AGENT_PROVIDER: 'openai-compatible',
    AGENT_MODEL: 'sandbox-agent',
    AGENT_BASE_URL: `${llmUrl}/v1`,
    AGENT_API_KEY: 'sandbox',
  });
  if (!model.ok) throw new Error('model configuration rejected');
  return model.model;
}

/** The real Brave adapter against the fake at `braveUrl`: `timeoutMs` per attempt, a 10 ms retry delay. */
/** The Brave adapter against the fake; its attempt timeouts and retry pause on `timers` (a test's manual clock) when given. */
export function sandboxWebSearch(braveUrl: string, log: Logger, timeoutMs: number, timers?: Timers): WebSearch {
  return createBraveWebSearch({
    client: createBraveClient({ apiKey: 'sandbox', baseUrl: braveUrl, log, timeoutMs, retryDelayMs: 10, ...(timers ? { timers } : {}) }),
    log,
  });
}
