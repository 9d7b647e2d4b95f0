/**
 * The API document in the browser: `/api/openapi.json` served by the real product, and the readable
 * reference page over it, without a session, accessible (axe, WCAG 2.2 AA) at desktop and phone widths,
 * its scripts running under the product's own Content Security Policy, its descriptions' markdown rendered,
 * an example and a curl line for every operation.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the API reference', () => {
  it('serves the OpenAPI 3.1 document without a session', async () => {
    const response = await fetch(`${baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/organisations/select');
  });

  it('names this instance as its server, and a bearer security scheme', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      servers?: { url: string }[];
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    // The product's public base URL (BASE_URL, else localhost on its port), whatever address the test reached it by.
    expect(new URL(document.servers?.[0]?.url ?? '').port).toBe(new URL(baseUrl).port);
    expect(Object.values(document.components.securitySchemes)).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('runs under the Content Security Policy without a violation, renders markdown, and shows an example and a curl line per operation', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const seen = ((window as unknown as { __cspViolations?: string[] }).__cspViolations ??= []);
          seen.push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const server = ((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { servers: { url: string }[] }).servers[0]?.url;
      await page.goto(`${baseUrl}/api-reference`);
      await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
      await page.waitForLoadState('networkidle');
      const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
      expect([...violations, ...events]).toEqual([]);
      // Hydrated: the page's scripts ran (a blocked script leaves Next's router unmounted).
      expect(await page.evaluate(() => typeof (window as unknown as { next?: unknown }).next)).toBe('object');

      const quickSearch = page.locator('#post--api-organisations-quick-search');
      // A description's `code` spans are code, not backticks.
      expect(await quickSearch.locator('p code', { hasText: 'match' }).count()).toBeGreaterThan(0);
      expect(await quickSearch.locator('p').allTextContents()).not.toContainEqual(expect.stringContaining('`'));
      const curl = (await quickSearch.locator('[data-example="curl"]').textContent()) ?? '';
      expect(curl).toBe(
        `curl -X POST '${server}/api/organisations/quick-search' -H "Authorization: Bearer $API_KEY" -H 'Content-Type: application/json' -d '{"query":"Acme Widgets","countryIsoAlpha3":"AUS"}'`,
      );
      expect(JSON.parse((await quickSearch.locator('[data-example="response"]').textContent()) ?? '')).toHaveProperty('candidates');
      // One status vocabulary (issue 21, section 2): the API reference counts in the words of the pages and the identify filter.
      const flagCounts = (await page.locator('#get--organisations-flag-counts p').allTextContents()).join(' ');
      for (const words of ['PENDING "Enriching"', 'COMPLETED "Enriched"', 'FAILED "Enrichment failed"', 'null "Not enriched"'])
        expect(flagCounts).toContain(words);
      const sections = await page.locator('section[id^="get-"], section[id^="post-"], section[id^="delete-"]').count();
      expect(sections).toBeGreaterThan(25);
      expect(await page.locator('[data-example="curl"]').count()).toBe(sections);
      expect(await page.locator('[data-example="response"]').count()).toBe(sections);
      await page.screenshot({ path: '/tmp/newcomer-api-reference-1440.png', fullPage: false });
    } finally {
      await context.close();
    }
  });

  for (const width of [1440, 390]) {
    it(`renders every route readably and passes axe at ${width} px`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(`${baseUrl}/api-reference`);
        await expect(page.getByRole('heading', { level: 1, name: 'API reference' }).isVisible()).resolves.toBe(true);
        await expect(page.getByRole('heading', { name: /POST \/api\/organisations\/search/ }).count()).resolves.toBe(1);
        await page
          .getByRole('navigation', { name: 'Routes' })
          .getByRole('link', { name: /\/api\/organisations\/select/ })
          .click();
        expect(new URL(page.url()).hash).toBe('#post--api-organisations-select');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
