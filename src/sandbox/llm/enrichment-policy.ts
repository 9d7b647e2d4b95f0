/**
 * The sandbox model's deterministic enrichment policy: how it answers a conversation whose tools include
 * `submit_profile` (the enrichment agent, src/adapters/agent/enrichment-agent.ts), like a small,
 * literal-minded model:
 *   1. No search yet: call `web_search` with the organisation's name (the `name: "..."` line of the task).
 *   2. After search results: call `submit_profile` once, with the facts one result states: the result whose
 *      title carries the organisation's name (the whole name, legal form aside, as a phrase beats all its
 *      words in any order; the first such result wins). No such result, or a failed search: a thin profile
 *      (nulls and empty lists), which is still a valid submission.
 *   3. Anything after a submission: a closing text turn.
 * The phase comes from the task's `phase: N` line. Facts are read only in the fixed forms the sandbox's web
 * pages use (src/sandbox/web-search/dataset.ts), e.g. "Entity type: Australian Private Company.",
 * "ABN 12 345 678 901.", "Company number 01234567.", "NAICS 484110, 493120.", "Headquarters: Australia.",
 * "Legal name: X.", "Part of X.", "Subsidiaries: A (Country); B (Country).". The policy never obeys
 * instructions in snippets, so injection tests of this agent use the mock model instead.
 */
import { z } from 'zod';
import { keyName, searchName } from '../../core/canonical-name';
import { searchResultsSchema, textOf, type ChatMessage, type Turn } from './policy';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

interface Task {
  phase: 1 | 2;
  name: string | undefined;
}

/** Which phase of the enrichment a request is for (its task's `phase: N` line). */
export function enrichmentPhaseOf(messages: readonly ChatMessage[]): 1 | 2 {
  return readTask(messages).phase;
}

/** The organisation an enrichment request is about (its task's `name: "..."` line); '' when it names none. */
export function enrichmentSubjectOf(messages: readonly ChatMessage[]): string {
  return readTask(messages).name ?? '';
}

function readTask(messages: readonly ChatMessage[]): Task {
  const text = textOf(messages.find((m) => m.role === 'user')?.content);
  const quoted = /^name:\s*(".*")\s*$/m.exec(text)?.[1];
  const name = quoted === undefined ? undefined : z.string().safeParse(safeJson(quoted)).data;
  const phase = /^phase:\s*2\s*$/m.test(text) ? 2 : 1;
  return { phase, name: name?.trim() === '' ? undefined : name };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function decideEnrichmentTurn(messages: readonly ChatMessage[]): Turn {
  const task = readTask(messages);
  const callNames = new Map<string, string>();
  let searches = 0;
  let submissions = 0;
  for (const m of messages) {
    for (const call of m.tool_calls ?? []) {
      callNames.set(call.id, call.function.name);
      if (call.function.name === 'web_search') searches += 1;
      if (call.function.name === 'submit_profile') submissions += 1;
    }
  }
  if (submissions > 0) return { kind: 'text', text: 'Profile submitted.' };
  if (searches === 0 && task.name !== undefined) {
    return { kind: 'tool_calls', phase: 'search', calls: [{ name: 'web_search', arguments: JSON.stringify({ query: task.name }) }] };
  }
  const results = messages
    .filter((m) => m.role === 'tool' && callNames.get(m.tool_call_id ?? '') === 'web_search')
    .flatMap((m) => {
      const parsed = searchResultsSchema.safeParse(safeJson(textOf(m.content)));
      return parsed.success ? parsed.data.results : [];
    });
  const best = task.name === undefined ? undefined : bestMatch(results, task.name);
  const profile = task.phase === 1 ? phase1Profile(best) : phase2Profile(best);
  return { kind: 'tool_calls', phase: 'submit', calls: [{ name: 'submit_profile', arguments: JSON.stringify(profile) }] };
}

/** The first result whose title holds the name as a phrase, else the first holding all its words; undefined when none. */
export function bestMatch(results: readonly SearchResult[], name: string): SearchResult | undefined {
  const wanted = searchName(name);
  if (wanted === '') return undefined;
  const words = wanted.split(' ');
  let best: { result: SearchResult; score: number } | undefined;
  for (const result of results) {
    const title = ` ${keyName(result.title)} `;
    const titleWords = new Set(title.trim().split(' '));
    const score = title.includes(` ${wanted} `) ? 2 : words.every((w) => titleWords.has(w)) ? 1 : 0;
    if (score > 0 && (best === undefined || score > best.score)) best = { result, score };
  }
  return best?.result;
}

// The fact sentences of the sandbox's pages; each pattern spans its whole sentence so the description is
// what remains once they are removed.
const TYPE_SENTENCE = /\b(?:Entity|Company) type:\s*([^.]+)\./i;
const HEADQUARTERS = /\bHeadquarters:\s*([^.]+)\./i;
const NAICS_SENTENCE = /\bNAICS\b[^.]*\./i;
const ABN = /\bABN:?\s*(\d{2} ?\d{3} ?\d{3} ?\d{3})\b\.?/;
const ACN = /\bACN:?\s*(\d{3} ?\d{3} ?\d{3})\b\.?/;
const COMPANY_NUMBER = /\bCompany number:?\s*([A-Z]{2}\d{6}|\d{8})\b\.?/i;
const LEI = /\bLEI:?\s*([A-Z0-9]{20})\b\.?/;
const LEGAL_NAME = /\bLegal name:\s*([^.]+)\./i;
const PARENT = /\b(?:Part of|A subsidiary of|Owned by)\s+([^.]+)\./i;
/** Entries end with "(Country)"; names may hold dots ("Inc."), so the list ends at the first ")." */
const SUBSIDIARIES = /\bSubsidiaries:\s*(.+?\))\.(?=\s|$)/i;
const FACTS = [TYPE_SENTENCE, HEADQUARTERS, NAICS_SENTENCE, ABN, ACN, COMPANY_NUMBER, LEI, LEGAL_NAME, PARENT, SUBSIDIARIES];

/** The type only when the snippet states the legal form (never guessed from the name). */
const TYPE_PHRASES: readonly [RegExp, string][] = [
  [/\bsole trader\b/i, 'SoleProprietor'],
  [/\baustralian private company\b/i, 'ProprietaryLimited'],
  [/\baustralian public company\b/i, 'PublicLimited'],
  [/\bprivate limited company\b/i, 'ProprietaryLimited'],
  [/\bpublic limited company\b/i, 'PublicLimited'],
];

function description(snippet: string): string | null {
  let rest = snippet;
  for (const fact of FACTS) rest = rest.replace(new RegExp(fact.source, `${fact.flags}g`), ' ');
  const cleaned = rest.replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

export function phase1Profile(result: SearchResult | undefined): Record<string, unknown> {
  if (result === undefined) return { description: null, website: null, type: null };
  const stated = TYPE_SENTENCE.exec(result.snippet)?.[1] ?? '';
  const type = TYPE_PHRASES.find(([phrase]) => phrase.test(stated))?.[1] ?? null;
  return { description: description(result.snippet), website: result.url, type };
}

export function phase2Profile(result: SearchResult | undefined): Record<string, unknown> {
  if (result === undefined) return { country: null, naicsCodes: [], identifiers: [], legalName: null, parent: null, subsidiaries: [] };
  const { snippet } = result;
  const identifiers: { type: string; value: string }[] = [];
  for (const [type, pattern] of [
    ['ABN', ABN],
    ['ACN', ACN],
    ['CH', COMPANY_NUMBER],
    ['LEI', LEI],
  ] as const) {
    const value = pattern.exec(snippet)?.[1];
    if (value !== undefined) identifiers.push({ type, value });
  }
  const parent = PARENT.exec(snippet)?.[1]?.trim();
  const subsidiaries = (SUBSIDIARIES.exec(snippet)?.[1] ?? '')
    .split(/;\s*/)
    .map((entry) => /^(.+?)\s*\(([^)]+)\)$/.exec(entry.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1] ?? '', website: null, country: match[2] ?? null }));
  return {
    country: HEADQUARTERS.exec(snippet)?.[1]?.trim() ?? null,
    naicsCodes: NAICS_SENTENCE.exec(snippet)?.[0].match(/\b\d{6}\b/g) ?? [],
    identifiers,
    legalName: LEGAL_NAME.exec(snippet)?.[1]?.trim() ?? null,
    parent: parent === undefined ? null : { name: parent, website: null, country: null },
    subsidiaries,
  };
}
