/**
 * Holds the enrichment of one organisation on the product under test (src/sandbox/llm/turn-holds.ts, the model
 * fake's `/__sandbox/holds` with agent `enrichment`): while held, the worker's model calls for an organisation whose
 * name contains the word wait, so its profile stays PENDING for as long as a test checks it, however slow the page's
 * render is beside other work; released, the enrichment runs on as usual. A test arms the hold before it starts the
 * enrichment and always lets it go (`letGo` in a `finally`), so no later file meets a held enrichment.
 */
import { inject } from 'vitest';

export interface EnrichmentHold {
  /** Model calls of this organisation's enrichment waiting now. */
  held(): Promise<number>;
  /** Answers every waiting call and holds no more. */
  letGo(): Promise<void>;
}

async function holdsControl(method: 'GET' | 'POST' | 'DELETE', word: string): Promise<{ held: number; released: number }> {
  const base = inject('agentModelUrl');
  if (base === '') throw new Error('the product under test runs no sandbox model fake');
  const init: RequestInit =
    method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ word, agent: 'enrichment' }) } : { method };
  const query = method === 'POST' ? '' : `?${new URLSearchParams({ word, agent: 'enrichment' }).toString()}`;
  const response = await fetch(`${base}/__sandbox/holds${query}`, init);
  if (response.status !== 200) throw new Error(`enrichment hold ${method} ${word}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { held: number; released: number };
}

/** Holds the enrichment of the organisations whose name contains `name` (case-insensitive) until `letGo`. */
export async function holdEnrichment(name: string): Promise<EnrichmentHold> {
  await holdsControl('POST', name);
  return {
    held: async () => (await holdsControl('GET', name)).held,
    letGo: async () => {
      await holdsControl('DELETE', name);
    },
  };
}
