import { describe, expect, it, vi } from 'vitest';
import type { RegistryCandidate, WebSearch, WebSearchHit, WebsiteValidation, WebsiteValidator } from './ports';
import { createRegistryWebsiteEnrichment, effectiveWebsiteTopK, enrichRegistryWebsites, MAX_SITES_PER_CANDIDATE } from './registry-website-enrichment';

function candidate(name: string, overrides: Partial<RegistryCandidate> = {}): RegistryCandidate {
  return {
    name,
    countryIsoAlpha3: 'AUS',
    identifiers: [{ type: 'ABN', value: '51824753556' }],
    description: '',
    website: null,
    websiteValidated: false,
    nameKind: 'entity',
    matchedBusinessName: null,
    parentEntityName: null,
    type: 'ProprietaryLimited',
    score: 90,
    ...overrides,
  };
}

const hit = (url: string): WebSearchHit => ({ title: url, url, snippet: '', source: 'fake' });

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

interface FakeOptions {
  /** Results per query name (the text inside the quotes). */
  results?: Record<string, string[]>;
  /** URLs the validator accepts. */
  accept?: (name: string, url: string) => boolean;
  searchDelayMs?: number;
  validateDelayMs?: number;
  /** Names whose search answers a failure (HTTP 503). */
  searchFails?: (name: string) => boolean;
}

function fakes(options: FakeOptions = {}) {
  const calls = { searches: [] as { query: string; countryAlpha2?: string; count: number }[], validations: [] as { name: string; url: string }[] };
  let inFlight = 0;
  let maxInFlight = 0;
  const webSearch: WebSearch = {
    async search(query, { countryAlpha2, count, signal }) {
      calls.searches.push({ query, countryAlpha2, count });
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        const aborted = await wait(options.searchDelayMs ?? 0, signal).then(
          () => false,
          () => true,
        );
        if (aborted) return { ok: false, failure: { kind: 'aborted', message: 'aborted' } };
        const name = /^"(.*)" official website$/.exec(query)?.[1] ?? '';
        if (options.searchFails?.(name)) return { ok: false, failure: { kind: 'http', status: 503, message: 'search API 503' } };
        return { ok: true, value: (options.results?.[name] ?? [`https://${name.toLowerCase().replace(/[^a-z]/g, '')}.com.au/`]).map(hit) };
      } finally {
        inFlight -= 1;
      }
    },
  };
  const validator: WebsiteValidator = {
    async validate(name, url, validateOptions): Promise<WebsiteValidation> {
      calls.validations.push({ name, url });
      await wait(options.validateDelayMs ?? 0, validateOptions?.signal);
      const accepted = options.accept ? options.accept(name, url) : true;
      return { accepted, tier: 1, score: accepted ? 1 : 0.2, reason: 'fake' };
    },
  };
  const logs: string[] = [];
  const log = { debug: () => undefined, warn: (_: object, message: string) => void logs.push(message) };
  return { deps: { webSearch, validator, log }, calls, logs, maxInFlight: () => maxInFlight };
}

const farDeadline = () => Date.now() + 10_000;

describe('effectiveWebsiteTopK', () => {
  it("is the request's websiteTopK, else SEARCH_WEBSITE_TOP_K, else 20", () => {
    expect(effectiveWebsiteTopK(0, 12)).toBe(0);
    expect(effectiveWebsiteTopK(undefined, 12)).toBe(12);
    expect(effectiveWebsiteTopK(undefined, undefined)).toBe(20);
  });
});

describe('enrichRegistryWebsites', () => {
  it('on acceptance sets website, a WEBSITE identifier and websiteValidated', async () => {
    const { deps, calls } = fakes({ results: { 'SUNBRIGHT SOLAR PTY LTD': ['https://www.sunbrightsolar.com.au/about?x=1'] } });
    const [enriched] = await enrichRegistryWebsites([candidate('SUNBRIGHT SOLAR PTY LTD')], deps, { topK: 20, deadline: farDeadline(), countryAlpha2: 'AU' });
    expect(enriched).toMatchObject({
      website: 'https://sunbrightsolar.com.au',
      websiteValidated: true,
      identifiers: [
        { type: 'ABN', value: '51824753556' },
        { type: 'WEBSITE', value: 'sunbrightsolar.com.au' },
      ],
    });
    expect(calls.searches).toEqual([{ query: '"SUNBRIGHT SOLAR PTY LTD" official website', countryAlpha2: 'AU', count: 5 }]);
  });

  it('on rejection leaves the three fields as they were', async () => {
    const { deps, calls } = fakes({ accept: () => false });
    const before = candidate('ACME WIDGETS PTY LTD');
    const [after] = await enrichRegistryWebsites([before], deps, { topK: 20, deadline: farDeadline(), countryAlpha2: 'AU' });
    expect(after).toEqual(before);
    expect(calls.validations).toHaveLength(1);
  });

  it('validates distinct sites in result order until one is accepted, at most MAX_SITES_PER_CANDIDATE', async () => {
    const urls = [
      'https://www.facebook.com/acme',
      'https://facebook.com/acme-again',
      'not a url',
      'https://acme-reviews.com.au/',
      'https://acmewidgets.com.au/',
      'https://fourth.com.au/',
    ];
    const { deps, calls } = fakes({ results: { ACME: urls }, accept: (_, url) => url === 'https://acmewidgets.com.au/' });
    const [enriched] = await enrichRegistryWebsites([candidate('ACME')], deps, { topK: 1, deadline: farDeadline(), countryAlpha2: 'AU' });
    expect(calls.validations.map((v) => v.url)).toEqual(['https://www.facebook.com/acme', 'https://acme-reviews.com.au/', 'https://acmewidgets.com.au/']);
    expect(calls.validations).toHaveLength(MAX_SITES_PER_CANDIDATE);
    expect(enriched?.website).toBe('https://acmewidgets.com.au');
  });

  it('asks the validator about the matched business name too', async () => {
    const { deps, calls } = fakes();
    await enrichRegistryWebsites([candidate('KOALA LOGISTICS PTY LTD', { matchedBusinessName: 'Koala Express Freight' })], deps, {
      topK: 1,
      deadline: farDeadline(),
      countryAlpha2: 'AU',
    });
    expect(calls.validations[0]?.name).toBe('KOALA LOGISTICS PTY LTD t/a Koala Express Freight');
  });

  it('honours topK: only the first topK in rank order are searched; the rest and the order are unchanged', async () => {
    const { deps, calls } = fakes();
    const input = ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO'].map((n) => candidate(n));
    const output = await enrichRegistryWebsites(input, deps, { topK: 2, deadline: farDeadline(), countryAlpha2: 'AU' });
    expect(calls.searches.map((s) => s.query)).toEqual(['"ALPHA" official website', '"BRAVO" official website']);
    expect(output.map((c) => c.name)).toEqual(['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA', 'ECHO']);
    expect(output.map((c) => c.websiteValidated)).toEqual([true, true, false, false, false]);
    expect(output.slice(2)).toEqual(input.slice(2));
    expect(input.every((c) => c.website === null)).toBe(true);

    const none = fakes();
    expect(await enrichRegistryWebsites(input, none.deps, { topK: 0, deadline: farDeadline(), countryAlpha2: 'AU' })).toEqual(input);
    expect(none.calls.searches).toHaveLength(0);
  });

  it('skips candidates whose website is already validated', async () => {
    const { deps, calls } = fakes();
    const validated = candidate('DONE', { website: 'https://done.com.au', websiteValidated: true });
    await enrichRegistryWebsites([validated, candidate('PENDING')], deps, { topK: 5, deadline: farDeadline(), countryAlpha2: 'AU' });
    expect(calls.searches.map((s) => s.query)).toEqual(['"PENDING" official website']);
  });

  it('honours the deadline: returns by then, with unfinished candidates unchanged and finished ones enriched', async () => {
    const { deps } = fakes({ validateDelayMs: 0, searchDelayMs: 0 });
    const slow = fakes({ searchDelayMs: 60_000 });
    const fast = candidate('FAST');
    const stuck = candidate('STUCK');
    // One fast and one slow web search behind the same port.
    const mixed = {
      ...deps,
      webSearch: {
        search: (query: string, o: Parameters<WebSearch['search']>[1]) => (query.includes('STUCK') ? slow.deps.webSearch : deps.webSearch).search(query, o),
      },
    };
    // A 2 s deadline on vitest's fake clock (timers and Date): the fast search answers at once, the stuck one would
    // take a minute, which the upper bound rules out. The clock is moved, not waited on.
    vi.useFakeTimers();
    try {
      const started = Date.now();
      const running = enrichRegistryWebsites([fast, stuck], mixed, { topK: 20, deadline: started + 2_000, countryAlpha2: 'AU' });
      await vi.advanceTimersByTimeAsync(2_000);
      const output = await running;
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1_990);
      expect(elapsed).toBeLessThan(10_000);
      expect(output[0]?.websiteValidated).toBe(true);
      expect(output[1]).toEqual(stuck);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a deadline already passed does nothing', async () => {
    const { deps, calls } = fakes();
    const input = [candidate('LATE')];
    expect(await enrichRegistryWebsites(input, deps, { topK: 20, deadline: Date.now() - 1, countryAlpha2: 'AU' })).toEqual(input);
    expect(calls.searches).toHaveLength(0);
  });

  it('stops on abort and returns the candidates unchanged', async () => {
    // The search would take a minute: ending well before proves the abort ended it (a generous bound for a loaded machine).
    const { deps } = fakes({ searchDelayMs: 60_000 });
    const controller = new AbortController();
    const input = [candidate('ABORTED')];
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    expect(await enrichRegistryWebsites(input, deps, { topK: 20, deadline: farDeadline(), signal: controller.signal, countryAlpha2: 'AU' })).toEqual(input);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('never throws: a failing search leaves its candidate unchanged and the others are enriched', async () => {
    const { deps, logs } = fakes({ searchFails: (name) => name === 'BROKEN' });
    const output = await enrichRegistryWebsites([candidate('BROKEN'), candidate('FINE')], deps, { topK: 20, deadline: farDeadline(), countryAlpha2: 'AU' });
    expect(output.map((c) => c.websiteValidated)).toEqual([false, true]);
    expect(logs).toContain('registry website enrichment: candidate skipped');
  });

  it('runs a bounded number of candidates at once', async () => {
    const { deps, maxInFlight } = fakes({ searchDelayMs: 20 });
    const input = Array.from({ length: 12 }, (_, i) => candidate(`COMPANY ${String.fromCharCode(65 + i)}`));
    await enrichRegistryWebsites(input, deps, { topK: 12, deadline: farDeadline(), countryAlpha2: 'AU', concurrency: 3 });
    expect(maxInFlight()).toBe(3);
  });

  it('createRegistryWebsiteEnrichment gives the orchestrator port (AU market)', async () => {
    const { deps, calls } = fakes();
    const enrich = createRegistryWebsiteEnrichment(deps);
    const [enriched] = await enrich([candidate('PORT')], { topK: 1, deadline: farDeadline(), signal: new AbortController().signal });
    expect(enriched?.websiteValidated).toBe(true);
    expect(calls.searches[0]?.countryAlpha2).toBe('AU');
  });
});
