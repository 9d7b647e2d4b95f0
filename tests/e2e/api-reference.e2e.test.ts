/**
 * The API document in the browser: `/api/openapi.json` served by the real product, and the readable
 * reference page over it, without a session, accessible (axe, WCAG 2.2 AA) at desktop and phone widths.
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
