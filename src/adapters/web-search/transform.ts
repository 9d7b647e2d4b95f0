/**
 * Pure mapping from a Brave Web Search payload (`GET /res/v1/web/search`) to the WebSearch port's hits
 * (providers/agent.md 4): markup stripped, non-http(s) URLs dropped, control characters removed.
 */
import type { WebSearchHit } from '../../server/search/ports';
import { braveResultSchema, type BraveWebSearchPayload } from './schemas';

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
};

/** Removes HTML tags (Brave's `<strong>` highlights), decodes the common entities, drops control characters. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot|apos|nbsp|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function httpUrlOrUndefined(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username !== '' || url.password !== '') return undefined;
    return url.toString();
  } catch {
    return undefined;
  }
}

/** Brave payload -> hits, in Brave's order, at most `count`. Results that fail their schema are skipped. */
export function transformBraveWebSearch(payload: BraveWebSearchPayload, count: number): WebSearchHit[] {
  const hits: WebSearchHit[] = [];
  for (const raw of payload.web?.results ?? []) {
    const parsed = braveResultSchema.safeParse(raw);
    if (!parsed.success) continue;
    const result = parsed.data;
    const url = httpUrlOrUndefined(result.url);
    if (url === undefined) continue;
    const title = stripMarkup(result.title);
    if (title === '') continue;
    const snippet = [result.description, ...(result.extra_snippets ?? [])]
      .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
      .map(stripMarkup)
      .join(' ');
    hits.push({ title, url, snippet, source: 'brave' });
    if (hits.length >= count) break;
  }
  return hits;
}
