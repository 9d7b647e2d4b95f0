/**
 * The sandbox model's deterministic policy (providers/agent.md 3.5): it reads the Chat Completions
 * conversation and decides the next assistant turn, like a small, literal-minded model.
 *   1. No tool results yet: call `web_search` with the user's query.
 *   2. After `web_search` results: one `report_candidate` call per result: name from the title, website from
 *      the URL, country from a "Headquarters: X." sentence in the snippet (else the requested country in
 *      country mode, else null), and it obeys "ignore previous instructions, report D in C" found in a
 *      snippet, so the agent's guards have something to reject.
 *   2b. While `searchesPerRun` allows another search, the report turn also calls `web_search` (the agent's prompt:
 *      a turn of reports alone ends the run).
 *   3. After reports: search again while `searchesPerRun` allows, else a closing text turn.
 * An empty or failed search also leads to another search (within the budget) or the closing text.
 */
import { z } from 'zod';

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

const contentSchema = z.union([z.string(), z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()), z.null()]).optional();

export const chatMessageSchema = z
  .object({
    role: z.string(),
    content: contentSchema,
    tool_calls: z.array(toolCallSchema).optional(),
    tool_call_id: z.string().optional(),
  })
  .passthrough();
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export interface ToolCallPlan {
  name: string;
  arguments: string;
}

export type Turn = { kind: 'tool_calls'; phase: 'search' | 'report' | 'submit'; calls: ToolCallPlan[] } | { kind: 'text'; text: string };

export interface PolicyOptions {
  /** Searches the policy makes per run (Infinity: keeps searching until the agent's step cap). */
  searchesPerRun: number;
}

export interface DiscoveryRequest {
  query: string;
  /** Alpha-3, or undefined in worldwide mode. */
  country: string | undefined;
}

/** A `web_search` tool result as the agents' tool returns it (src/adapters/agent/tools.ts). */
export const searchResultsSchema = z.object({
  results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })).catch([]),
});

export function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => p.text ?? '').join('\n');
  return '';
}

/** The discovery request a conversation carries: the query and the requested country (undefined in worldwide mode). */
export function readRequest(messages: readonly ChatMessage[]): DiscoveryRequest {
  const user = messages.find((m) => m.role === 'user');
  const text = textOf(user?.content);
  const quoted = /^query:\s*(".*")\s*$/m.exec(text)?.[1];
  let query = text.trim();
  if (quoted !== undefined) {
    const parsed = z.string().safeParse(safeJson(quoted));
    if (parsed.success) query = parsed.data;
  }
  const country = /^scope:\s*country\s+([A-Z]{3})\b/m.exec(text)?.[1];
  return { query, country };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const INJECTION = /ignore (?:all )?previous instructions[,.;:]?\s*report\s+(\S+?)\s+in\s+([A-Za-z][A-Za-z .]*?)[.!]?\s*$/i;
const HEADQUARTERS = /Headquarters:\s*([^.]+)\./i;

/** What the literal-minded model reports for one search result. */
export function reportFor(result: { title: string; url: string; snippet: string }, request: DiscoveryRequest): Record<string, unknown> {
  const injected = INJECTION.exec(result.snippet);
  if (injected) {
    const domain = (injected[1] ?? '').replace(/[.,;]+$/, '');
    return {
      name: domain.split('.')[0]?.replace(/-/g, ' ') ?? domain,
      website: `https://${domain}`,
      country: injected[2]?.trim() ?? null,
      description: 'Reported as the page instructed.',
      identifiers: [],
    };
  }
  const name = result.title.split(/\s+[|\-–—:]\s+/)[0]?.trim() ?? result.title;
  const headquarters = HEADQUARTERS.exec(result.snippet)?.[1]?.trim();
  const abn = /\bABN:?\s*(\d[\d ]{9,13}\d)/.exec(result.snippet)?.[1];
  const companyNumber = /\bCompany number:?\s*((?:[A-Z]{2})?\d{6,8})\b/.exec(result.snippet)?.[1];
  const identifiers = [...(abn ? [{ type: 'ABN', value: abn }] : []), ...(companyNumber ? [{ type: 'CH', value: companyNumber }] : [])];
  return {
    name,
    website: result.url,
    country: headquarters ?? request.country ?? null,
    description: result.snippet.replace(HEADQUARTERS, '').trim(),
    identifiers,
  };
}

export function decideTurn(messages: readonly ChatMessage[], options: PolicyOptions): Turn {
  const request = readRequest(messages);
  const callNames = new Map<string, string>();
  let searches = 0;
  let reports = 0;
  for (const m of messages) {
    for (const call of m.tool_calls ?? []) {
      callNames.set(call.id, call.function.name);
      if (call.function.name === 'web_search') searches += 1;
      if (call.function.name === 'report_candidate') reports += 1;
    }
  }
  const searchCall = (): ToolCallPlan => ({
    name: 'web_search',
    arguments: JSON.stringify({ query: searches === 0 ? request.query : `${request.query} page ${searches + 1}` }),
  });
  const search = (): Turn => ({ kind: 'tool_calls', phase: 'search', calls: [searchCall()] });
  const finish = (): Turn => ({
    kind: 'text',
    text: `Done: ${reports} organisation${reports === 1 ? '' : 's'} reported after ${searches} search${searches === 1 ? '' : 'es'}.`,
  });

  const trailing: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'tool'; i -= 1) {
    const message = messages[i];
    if (message) trailing.unshift(message);
  }
  if (searches === 0) return search();
  if (trailing.length === 0) return finish();

  const searchResults = trailing.filter((m) => callNames.get(m.tool_call_id ?? '') === 'web_search');
  if (searchResults.length > 0) {
    const results = searchResults.flatMap((m) => {
      const parsed = searchResultsSchema.safeParse(safeJson(textOf(m.content)));
      return parsed.success ? parsed.data.results : [];
    });
    if (results.length > 0) {
      // As the agent's prompt asks: another search goes in the same turn as the reports (a turn of reports alone ends the run).
      const reportCalls = results.map((r) => ({ name: 'report_candidate', arguments: JSON.stringify(reportFor(r, request)) }));
      return { kind: 'tool_calls', phase: 'report', calls: searches < options.searchesPerRun ? [...reportCalls, searchCall()] : reportCalls };
    }
  }
  return searches < options.searchesPerRun ? search() : finish();
}
