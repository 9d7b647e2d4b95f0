/**
 * Decisions remembered (issue 20, section 6) in the browser (Debian Chromium against the real product, demo seed):
 * the confirm header's "No" on an organisation reached from a search is remembered, so the same quick lookup no
 * longer marks it a match; the header's "Decisions" link opens the list, which passes axe (WCAG 2.2 AA) at 1440 and
 * 390 px without a horizontal scroll; Undo by keyboard only forgets it (a status message, the focus kept on the page)
 * and the lookup marks it a match again. The file adds one organisation and removes it (and its decisions) afterwards.
 */
import { inArray } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { organisations } from '../../src/adapters/db/schema';
import { launchChromium, openDemoPage } from './support/browser';
import { openProductDatabase } from './support/product-database';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const NAME = 'Zz Decisionmark Harbour Pty Ltd';
const QUERY = 'Zz Decisionmark Harbour';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let organisationIds: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  database = await openProductDatabase();
  // A global organisation (no owner): the "No" unlinks it from the list but does not delete it.
  organisationIds = await insertOrganisations(database.db, [{ name: NAME, countryIsoAlpha3: 'AUS', profileStatus: 'COMPLETED' }]);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    if (organisationIds.length > 0)
      await database.db
        .delete(organisations)
        .where(inArray(organisations.id, organisationIds))
        .catch(() => undefined);
    await database.close();
  }
});

async function expectAccessible(state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
}

async function expectNoHorizontalScroll(state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page width on ${state}`).toBeLessThanOrEqual(innerWidth);
}

/** The quick lookup as the page calls it (the session's cookie, the application's origin). */
async function lookup(): Promise<{ existingOrgId: string; match: { match: boolean; matchedOn: { decision?: string | null } } }[]> {
  const response = await page.request.post(`${baseUrl}/api/organisations/quick-search`, {
    data: { query: QUERY, countryIsoAlpha3: 'AUS' },
    headers: { origin: baseUrl },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { candidates: never[] }).candidates;
}

const decisionsList = () => page.getByRole('list', { name: 'Your decisions' });
const undoButton = () => page.getByRole('button', { name: `Undo: “${QUERY}” is not ${NAME}` });

describe('decisions remembered', () => {
  it('remembers the confirm header\'s "No": the same lookup no longer marks the organisation a match', async () => {
    const id = organisationIds[0] ?? '';
    expect((await lookup()).find((c) => c.existingOrgId === id)?.match.match).toBe(true);
    await page.goto(`${baseUrl}/organisations/${id}?from=search&confirm=1&q=${encodeURIComponent(QUERY)}&country=AUS`);
    const header = page.getByRole('region', { name: 'Is this the company you were looking for?' });
    await header.getByRole('button', { name: 'No' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', WAIT);
    expect((await lookup()).find((c) => c.existingOrgId === id)?.match).toMatchObject({ match: false, matchedOn: { decision: 'different' } });
  });

  it('lists it on /decisions (from the header), accessible at 1440 and 390 px', async () => {
    // From a page whose header is the application's (the dashboard after "No" is in search mode, with its own header).
    await page.goto(`${baseUrl}/identify`);
    await page.getByRole('banner').getByRole('link', { name: 'Decisions' }).click();
    await page.waitForURL((url) => url.pathname === '/decisions', WAIT);
    await decisionsList().waitFor(WAIT);
    const item = decisionsList().getByRole('listitem').filter({ hasText: NAME });
    expect(await item.textContent()).toContain(`“${QUERY}”`);
    expect(await item.textContent()).toContain('Australia');
    expect(await item.textContent()).toContain('Confirm header');
    await expectAccessible('the decisions page at 1440 px');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll('the decisions page at 390 px');
    await expectAccessible('the decisions page at 390 px');
    await page.setViewportSize(DESKTOP);
  });

  it('undoes it by keyboard only; the lookup marks the organisation a match again', async () => {
    await undoButton().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Decision undone' }).waitFor(WAIT);
    expect(await undoButton().count()).toBe(0);
    // The focus stays on the page (the next Undo, or the heading), not lost to the body.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    const id = organisationIds[0] ?? '';
    expect((await lookup()).find((c) => c.existingOrgId === id)?.match.match).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
