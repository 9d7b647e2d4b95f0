/**
 * Contract fake of an OpenAI-compatible Chat Completions endpoint (`POST /v1/chat/completions`), streaming
 * (SSE chunks with `delta.tool_calls`, `finish_reason`, a final usage chunk, `[DONE]`) and non-streaming,
 * driven by deterministic policies (providers/agent.md 3.2, 3.5): a conversation whose request offers a
 * `submit_profile` tool is the enrichment agent's (./enrichment-policy.ts), any other is discovery
 * (./policy.ts). Faults come from the shared FaultPlan, applied per request; the SSE body is written chunk
 * by chunk so tool calls arrive over time. Loopback only.
 *
 * Sandbox control (./turn-holds.ts): `POST /__sandbox/holds {"word"}` holds the discovery turns of queries containing
 * the word, `POST /__sandbox/holds/release {"word"}` answers the turns held now, `GET /__sandbox/holds?word=` counts
 * them, `DELETE /__sandbox/holds?word=` answers all and stops holding; a browser test decides when the agent answers.
 * With `"agent": "enrichment"` in the body (`&agent=enrichment` in the query) the same verbs hold the enrichment
 * agent's turns for the organisations whose name contains the word instead: a test decides when a PENDING profile
 * may settle. The two never hold each other's requests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { listenOnLoopback } from '../listen-on-loopback';
import { ConnectionLog, FaultPlan, sleep, takeFault } from '../faults';
import { decideEnrichmentTurn, enrichmentPhaseOf, enrichmentSubjectOf } from './enrichment-policy';
import { chatMessageSchema, decideTurn, readRequest, type PolicyOptions, type Turn } from './policy';
import { TurnHolds } from './turn-holds';
import { readBody } from '../read-body';

/** A chat request: a conversation with its tool results, far below this; past it the fake answers 413. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface FakeOpenAiTimings {
  /** Before the first byte of every answer. */
  firstByteMs: number;
  /** Between the chunks of one tool call or text. */
  chunkGapMs: number;
  /** Between two tool calls of one turn (a model writing one report after another). */
  callGapMs: number;
  /** Extra wait before the closing text turn. */
  finalTurnMs: number;
}

/** `realistic`: search turn ~0.8 s, one report every ~0.45 s, closing turn ~1.3 s: a run of 3-8 s with the search fake. */
const TIMINGS: Record<'zero' | 'realistic', FakeOpenAiTimings> = {
  zero: { firstByteMs: 0, chunkGapMs: 0, callGapMs: 0, finalTurnMs: 0 },
  realistic: { firstByteMs: 700, chunkGapMs: 30, callGapMs: 450, finalTurnMs: 600 },
};

export interface FakeOpenAiOptions {
  port?: number;
  latency?: 'zero' | 'realistic';
  /** Overrides parts of the latency profile (tests: a slow closing turn, a slow report turn). */
  timings?: Partial<FakeOpenAiTimings>;
  policy?: Partial<PolicyOptions>;
}

export interface FakeOpenAiStats {
  requests: number;
  /** Turns fully written, in order: 'search' | 'report' | 'submit' | 'text'. */
  completedTurns: string[];
  /** Closing text turns fully written: a run the fake considers finished. */
  finishedRuns: number;
}

export interface FakeOpenAi {
  /** Base URL without `/v1`; the provider's baseURL is `${url}/v1`. */
  url: string;
  faults: FaultPlan;
  /** Faults for the enrichment's phase-2 requests only; while one is scheduled it applies to them instead of `faults`. */
  phase2Faults: FaultPlan;
  /** Discovery turns held until released (also reachable over HTTP at `/__sandbox/holds`). */
  holds: TurnHolds;
  /** The enrichment agent's turns held until released, by organisation name (`/__sandbox/holds`, agent enrichment). */
  enrichmentHolds: TurnHolds;
  connections: ConnectionLog;
  stats: FakeOpenAiStats;
  close(): Promise<void>;
}

const requestSchema = z
  .object({
    model: z.string(),
    messages: z.array(chatMessageSchema).min(1),
    stream: z.boolean().optional(),
    // Only the names matter (which policy answers); anything unreadable counts as no tools.
    tools: z
      .array(z.object({ function: z.object({ name: z.string() }).optional() }).passthrough())
      .optional()
      .catch(undefined),
  })
  .passthrough();

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const timings: FakeOpenAiTimings = { ...TIMINGS[options.latency ?? 'zero'], ...options.timings };
  const policy: PolicyOptions = { searchesPerRun: 1, ...options.policy };
  const faults = new FaultPlan();
  const phase2Faults = new FaultPlan();
  const connections = new ConnectionLog();
  const stats: FakeOpenAiStats = { requests: 0, completedTurns: [], finishedRuns: 0 };
  const holds = new TurnHolds();
  const enrichmentHolds = new TurnHolds();
  let completionCounter = 0;

  const server = createServer((req, res) => {
    connections.track(req, res);
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-openai.local');
    const path = url.pathname;
    if (path === HOLDS_PATH || path === `${HOLDS_PATH}/release`) return controlHolds(req, res, url, { discovery: holds, enrichment: enrichmentHolds });
    if (req.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
      return sendError(res, 404, 'Unknown endpoint', 'invalid_request_error');
    }
    stats.requests += 1;
    const raw = await readBody(req, MAX_BODY_BYTES).catch(() => undefined);
    if (raw === undefined) return sendError(res, 413, `The request body is over ${MAX_BODY_BYTES} bytes`, 'invalid_request_error');
    const parsed = requestSchema.safeParse(safeJson(raw));
    if (!parsed.success) return sendError(res, 400, 'Invalid request body', 'invalid_request_error');
    const enrichment = (parsed.data.tools ?? []).some((t) => t.function?.name === 'submit_profile');
    const turn = enrichment ? decideEnrichmentTurn(parsed.data.messages) : decideTurn(parsed.data.messages, policy);
    completionCounter += 1;
    const id = `chatcmpl-${completionCounter}`;
    const stream = parsed.data.stream === true;
    // A test holding this query's turns (or this organisation's enrichment) decides when this one is answered.
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    if (enrichment) await enrichmentHolds.pass(enrichmentSubjectOf(parsed.data.messages), gone.signal);
    else await holds.pass(readRequest(parsed.data.messages).query, gone.signal);
    if (gone.signal.aborted) return;

    const plan = enrichment && phase2Faults.scheduled && enrichmentPhaseOf(parsed.data.messages) === 2 ? phase2Faults : faults;
    const outcome = await takeFault(plan, req, res, {
      statusBody: (status) => JSON.stringify({ error: { message: `injected status ${status}`, type: 'server_error', code: null } }),
      writeMalformed: () => {
        if (stream) {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          res.end(`data: {"id":"${id}","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,\n\ndata: [DONE]\n\n`);
        } else {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"this is": not json');
        }
      },
    });
    if (!outcome) return;
    const { closed } = outcome;
    const headerDelayMs = outcome.slowBody !== undefined ? 0 : timings.firstByteMs + (turn.kind === 'text' ? timings.finalTurnMs : 0);
    const bodyDelayMs = outcome.slowBody !== undefined ? outcome.slowBody + timings.firstByteMs : 0;
    await sleep(headerDelayMs, closed);
    if (closed.aborted) return;
    const model = parsed.data.model;
    const promptTokens = Math.ceil(raw.length / 4);
    if (stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.flushHeaders();
      await sleep(bodyDelayMs, closed, plan.timers); // a slow-body fault: on the plan's timers
      const finished = await writeStream(res, closed, { id, model, turn, timings, promptTokens });
      if (!finished) return;
    } else {
      await sleep(bodyDelayMs, closed, plan.timers); // a slow-body fault: on the plan's timers
      if (closed.aborted) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completion(id, model, turn, promptTokens)));
    }
    stats.completedTurns.push(turn.kind === 'text' ? 'text' : turn.phase);
    if (turn.kind === 'text') stats.finishedRuns += 1;
  }

  const listening = await listenOnLoopback(server, options.port);
  return {
    url: listening.url,
    faults,
    phase2Faults,
    holds,
    enrichmentHolds,
    connections,
    stats,
    close: listening.close,
  };
}

interface StreamPlan {
  id: string;
  model: string;
  turn: Turn;
  timings: FakeOpenAiTimings;
  promptTokens: number;
}

/** Writes the turn as SSE chunks; false when the client went away first. */
async function writeStream(res: ServerResponse, closed: AbortSignal, plan: StreamPlan): Promise<boolean> {
  const { id, model, turn, timings } = plan;
  const send = (choices: unknown[], extra: Record<string, unknown> = {}) => {
    if (closed.aborted) return false;
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1700000000, model, choices, ...extra })}\n\n`);
    return true;
  };
  let completionChars = 0;
  if (turn.kind === 'tool_calls') {
    for (const [index, call] of turn.calls.entries()) {
      if (index > 0) await sleep(timings.callGapMs, closed);
      const head = { index, id: `call_${id.slice(9)}_${index}`, type: 'function', function: { name: call.name, arguments: '' } };
      const delta = index === 0 ? { role: 'assistant', content: null, tool_calls: [head] } : { tool_calls: [head] };
      if (!send([{ index: 0, delta, finish_reason: null }])) return false;
      const middle = Math.ceil(call.arguments.length / 2);
      for (const piece of [call.arguments.slice(0, middle), call.arguments.slice(middle)]) {
        await sleep(timings.chunkGapMs, closed);
        if (!send([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }])) return false;
      }
      completionChars += call.arguments.length;
    }
    if (!send([{ index: 0, delta: {}, finish_reason: 'tool_calls' }])) return false;
  } else {
    const words = turn.text.split(/(?<= )/);
    for (const [index, word] of words.entries()) {
      if (index > 0) await sleep(timings.chunkGapMs, closed);
      const delta = index === 0 ? { role: 'assistant', content: word } : { content: word };
      if (!send([{ index: 0, delta, finish_reason: null }])) return false;
    }
    completionChars += turn.text.length;
    if (!send([{ index: 0, delta: {}, finish_reason: 'stop' }])) return false;
  }
  const completionTokens = Math.ceil(completionChars / 4);
  if (!send([], { usage: { prompt_tokens: plan.promptTokens, completion_tokens: completionTokens, total_tokens: plan.promptTokens + completionTokens } }))
    return false;
  res.end('data: [DONE]\n\n');
  return true;
}

function completion(id: string, model: string, turn: Turn, promptTokens: number) {
  const message =
    turn.kind === 'tool_calls'
      ? {
          role: 'assistant',
          content: null,
          tool_calls: turn.calls.map((call, index) => ({
            id: `call_${id.slice(9)}_${index}`,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        }
      : { role: 'assistant', content: turn.text };
  const completionChars = turn.kind === 'tool_calls' ? turn.calls.reduce((n, c) => n + c.arguments.length, 0) : turn.text.length;
  const completionTokens = Math.ceil(completionChars / 4);
  return {
    id,
    object: 'chat.completion',
    created: 1700000000,
    model,
    choices: [{ index: 0, message, finish_reason: turn.kind === 'tool_calls' ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

const HOLDS_PATH = '/__sandbox/holds';
const holdRequestSchema = z.object({
  word: z.string().trim().min(1).max(100),
  agent: z.enum(['discovery', 'enrichment']).default('discovery'),
});

/** The sandbox control over held turns (see the file's header). */
async function controlHolds(req: IncomingMessage, res: ServerResponse, url: URL, byAgent: Record<'discovery' | 'enrichment', TurnHolds>): Promise<void> {
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fromBody =
    req.method === 'POST'
      ? holdRequestSchema.safeParse(safeJson(await readBody(req, MAX_BODY_BYTES).catch(() => '')))
      : holdRequestSchema.safeParse({ word: url.searchParams.get('word') ?? '', agent: url.searchParams.get('agent') ?? undefined });
  if (!fromBody.success)
    return json(400, {
      error: { message: 'a word (1-100 characters) is required; agent, if given, is discovery or enrichment', type: 'invalid_request_error', code: null },
    });
  const { word, agent } = fromBody.data;
  const holds = byAgent[agent];
  if (url.pathname.endsWith('/release')) {
    if (req.method !== 'POST') return json(405, { error: { message: 'POST only', type: 'invalid_request_error', code: null } });
    holds.release(word);
    return json(200, holds.counts(word));
  }
  switch (req.method) {
    case 'POST':
      holds.arm(word);
      return json(200, holds.counts(word));
    case 'GET':
      return json(200, holds.counts(word));
    case 'DELETE':
      holds.disarm(word);
      return json(200, holds.counts(word));
    default:
      return json(405, { error: { message: 'GET, POST or DELETE', type: 'invalid_request_error', code: null } });
  }
}

function sendError(res: ServerResponse, status: number, message: string, type: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, code: null } }));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
