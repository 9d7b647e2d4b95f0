/**
 * /identify and the organisation pages in the browser (Debian Chromium against the real product, demo seed):
 * sorting, filtering by name and status, and paging by mouse and by keyboard, with the view in the URL
 * (Back works, bad values fall back to defaults); the sidebar opened from a row, closed with Escape, the
 * focus back on the row; the NAICS combobox open in the sidebar; the not-found pages and the favicon; and
 * axe (WCAG 2.2 AA tags) with 0 violations plus no horizontal scroll at 390 px on every one of those pages.
 * The file adds 130 organisations ("Zz Paging …") to the demo account's list so there are pages to turn,
 * and removes them afterwards.
 */
import { inArray } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { demoAccountId, openProductDatabase } from './support/product-database';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { insertOrganisations } from '../../src/adapters/db/queries/organisations-write';
import { organisations } from '../../src/adapters/db/schema';
import { FLAGS } from '../../src/core/flags';
import { launchChromium, openDemoPage } from './support/browser';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PAGING_COUNT = 130;
/** Every fifth paging organisation has failed enrichment, the rest are enriched. */
const FAILED_PAGING = Math.floor(PAGING_COUNT / 5);
const pagingName = (n: number) => `Zz Paging ${String(n).padStart(3, '0')} Pty Ltd`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let accountId: string;
let pagingIds: string[] = [];
const pageErrors: string[] = [];

async function setNaicsFlag(value: boolean): Promise<void> {
  await setFlagValue(database.db, { flagKey: FLAGS.manualNaicsClassification.key, accountId, value });
}

beforeAll(async () => {
  database = await openProductDatabase();
  accountId = await demoAccountId(database);
  pagingIds = await insertOrganisations(
    database.db,
    Array.from({ length: PAGING_COUNT }, (_, i) => ({
      name: pagingName(i + 1),
      countryIsoAlpha3: 'AUS',
      website: `https://zz-paging-${i + 1}.example.com`,
      profileStatus: (i + 1) % 5 === 0 ? 'FAILED' : 'COMPLETED',
    })),
    { linkAccountId: accountId },
  );
  await setNaicsFlag(true);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    await setNaicsFlag(false).catch(() => undefined);
    if (pagingIds.length > 0)
      await database.db
        .delete(organisations)
        .where(inArray(organisations.id, pagingIds))
        .catch(() => undefined);
    await database.close();
  }
});

beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
});

// ---------------------------------------------------------------- helpers

async function expectAccessible(state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
}

async function expectNoHorizontalScroll(state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page width on ${state}`).toBeLessThanOrEqual(innerWidth);
}

/** axe at 1440 px, then at 390 px with no horizontal scroll (the page as it is, not reloaded). */
async function expectAccessibleAtBothWidths(state: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(`${state} at 1440 px`);
  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(`${state} at 390 px`);
  await expectAccessible(`${state} at 390 px`);
  await page.setViewportSize(DESKTOP);
}

const table = () => page.getByRole('table', { name: 'Your organisations' });
const rowNames = () => table().locator('tbody .identify-row-open').allTextContents();
const summary = () => page.locator('.identify-pager-summary').textContent();
const params = () => Object.fromEntries(new URL(page.url()).searchParams);
const sidebar = () => page.getByRole('complementary', { name: 'Organisation details' });

async function focusedText(): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  await expect.poll(read, { timeout: WAIT.timeout, interval: 100 }).toEqual(expected);
}

async function openIdentify(search = ''): Promise<void> {
  await page.goto(`${baseUrl}/identify${search}`);
  await page.getByRole('heading', { level: 1, name: 'Identify' }).waitFor(WAIT);
}

// ---------------------------------------------------------------- identify: the list

describe('identify list', () => {
  it('shows the first page by name with a summary, and passes axe at 1440 and 390 px', async () => {
    await openIdentify();
    const names = await rowNames();
    expect(names).toHaveLength(100);
    expect([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))).toEqual(names);
    expect(await summary()).toMatch(/^1–100 of \d+ organisations · page 1 of \d+$/);
    expect(await page.getByRole('columnheader', { name: /Organisation/ }).getAttribute('aria-sort')).toBe('ascending');
    await expectAccessibleAtBothWidths('identify');
  });

  it('sorts by mouse: a header toggles the direction, the URL records it, Back restores the previous order', async () => {
    await openIdentify('?filter=Zz+Paging');
    expect((await rowNames())[0]).toBe(pagingName(1));
    await page.getByRole('link', { name: /^Organisation\W+sort descending/ }).click();
    await eventually(async () => params().sort, '-name');
    await eventually(async () => (await rowNames())[0], pagingName(PAGING_COUNT));
    expect(params().filter).toBe('Zz Paging');
    expect(await page.getByRole('columnheader', { name: /Organisation/ }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('link', { name: /^Status\W+sort ascending/ }).click();
    await eventually(async () => params().sort, 'status');
    // By label: Enrichment failed (every fifth) before Registry data only (the rest: COMPLETED, no web research).
    await eventually(async () => (await rowNames())[0], pagingName(5));
    await page.goBack();
    await eventually(async () => params().sort, '-name');
    await eventually(async () => (await rowNames())[0], pagingName(PAGING_COUNT));
  });

  it('sorts by keyboard: Enter on a focused header link', async () => {
    await openIdentify('?filter=Zz+Paging');
    await page.getByRole('link', { name: /^NAICS\W+sort ascending/ }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => params().sort, 'naics');
    expect(await page.getByRole('columnheader', { name: /NAICS/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('link', { name: /^NAICS\W+sort descending/ }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => params().sort, '-naics');
    expect(await page.getByRole('columnheader', { name: /NAICS/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('filters by name with the mouse: type, then Apply', async () => {
    await openIdentify();
    await page.getByRole('searchbox', { name: 'Name' }).fill('Paging 12');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(async () => params().filter, 'Paging 12');
    await eventually(
      rowNames,
      Array.from({ length: 10 }, (_, i) => pagingName(120 + i)),
    );
  });

  it('filters by name and turns pages by keyboard; Back returns to the previous page', async () => {
    await openIdentify();
    const filter = page.getByRole('searchbox', { name: 'Name' });
    await filter.focus();
    await page.keyboard.type('zz paging');
    await page.keyboard.press('Enter');
    await eventually(async () => params().filter, 'zz paging');
    await eventually(summary, `1–100 of ${PAGING_COUNT} organisations · page 1 of 2`);
    expect((await rowNames()).every((name) => name.startsWith('Zz Paging'))).toBe(true);

    const next = page.getByRole('link', { name: 'Next page' });
    await next.focus();
    await page.keyboard.press('Enter');
    await eventually(async () => params().page, '2');
    await eventually(summary, `101–${PAGING_COUNT} of ${PAGING_COUNT} organisations · page 2 of 2`);
    expect(await rowNames()).toHaveLength(PAGING_COUNT - 100);
    expect(await page.getByRole('link', { name: 'Next page' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Previous page' }).click();
    await eventually(async () => params().page, undefined);
    await page.goBack();
    await eventually(async () => params().page, '2');
    await eventually(async () => (await rowNames())[0], pagingName(101));

    // Clearing the filter (the field's clear button, by keyboard: Escape) and applying shows every row again.
    await openIdentify('?filter=zz+paging');
    await page.getByRole('searchbox', { name: 'Name' }).focus();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('searchbox', { name: 'Name' }).inputValue()).toBe('');
    await page.keyboard.press('Enter');
    await eventually(async () => params().filter, undefined);
  });

  it('filters by status with the keyboard and with the mouse, in the profile status vocabulary', async () => {
    await openIdentify('?filter=Zz+Paging');
    const status = page.getByRole('button', { name: /Status/ });
    await status.focus();
    await page.keyboard.press('Enter');
    const listbox = page.getByRole('listbox');
    await listbox.waitFor(WAIT);
    expect(await listbox.getByRole('option').allTextContents()).toEqual([
      'Any status',
      'Enriching',
      'Enriched',
      'Registry data only',
      'Enrichment failed',
      'Not enriched',
    ]);
    await expectAccessible('identify status listbox open');
    await listbox.getByRole('option', { name: 'Enrichment failed' }).focus();
    await page.keyboard.press('Enter');
    await eventually(async () => params().status, 'FAILED');
    expect(params().filter).toBe('Zz Paging');
    await eventually(summary, `1–${FAILED_PAGING} of ${FAILED_PAGING} organisations · page 1 of 1`);
    const statuses = await table().locator('tbody td[data-label="Status"]').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Enrichment failed']));

    await page.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('option', { name: 'Enriching' }).click();
    await eventually(async () => params().status, 'PENDING');
    await eventually(async () => page.locator('.identify-empty').textContent(), 'No organisation in your list matches these filters.');
    await expectAccessible('identify with no matching row');
  });

  it('reads bad view parameters as defaults (never an error) and a page past the end as the last page', async () => {
    const response = await page.goto(`${baseUrl}/identify?sort=bogus&status=nope&page=-3`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Identify' }).waitFor(WAIT);
    expect(await page.getByRole('columnheader', { name: /Organisation/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await summary()).toMatch(/^1–100 of \d+ organisations · page 1 of \d+$/);
    // An over-long name filter is cut to 200 characters, not refused.
    const long = await page.goto(`${baseUrl}/identify?filter=${'x'.repeat(300)}`);
    expect(long?.status()).toBe(200);
    expect(await page.getByRole('searchbox', { name: 'Name' }).inputValue()).toBe('x'.repeat(200));
    expect(await page.locator('.identify-empty').textContent()).toBe('No organisation in your list matches these filters.');
    await openIdentify('?filter=Zz+Paging&page=999');
    expect(await summary()).toBe(`101–${PAGING_COUNT} of ${PAGING_COUNT} organisations · page 2 of 2`);
  });
});

// ---------------------------------------------------------------- identify: the sidebar

describe('identify sidebar', () => {
  /**
   * The sidebar's axe states on a short list (Zz Paging 001-009): axe's time grows with the rows behind the sidebar,
   * and the full page of 100 rows at both widths is the first identify test's.
   */
  const SHORT_LIST = '?filter=Zz+Paging+00';

  it('opens from a row by mouse with the focus inside; Escape closes it and the focus returns to the row', async () => {
    await openIdentify(SHORT_LIST);
    const name = pagingName(3);
    await page.getByRole('button', { name, exact: true }).click();
    await sidebar().getByRole('heading', { name }).waitFor(WAIT);
    await eventually(focusedText, name);
    expect(params().organisation).toBe(pagingIds[2]);
    expect(await page.getByRole('button', { name, exact: true }).getAttribute('aria-expanded')).toBe('true');
    await sidebar().locator('.figures-share, .naics-add-trigger').first().waitFor(WAIT);
    await expectAccessibleAtBothWidths('identify sidebar open');

    await page.keyboard.press('Escape');
    await eventually(() => sidebar().count(), 0);
    expect(params().organisation).toBeUndefined();
    await eventually(() => page.evaluate(() => document.activeElement?.classList.contains('identify-row-open') ?? false), true);
    expect(await focusedText()).toBe(name);
  });

  it('opens and closes by keyboard only; at 390 px it lies over the table without a horizontal scroll', async () => {
    await openIdentify('?filter=Zz+Paging');
    await page.setViewportSize(PHONE);
    const name = pagingName(4);
    await page.getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await sidebar().getByRole('heading', { name }).waitFor(WAIT);
    await expectNoHorizontalScroll('identify sidebar open at 390 px');
    const box = await sidebar().boundingBox();
    expect(box?.width).toBeLessThanOrEqual(PHONE.width);
    // Tab reaches the sidebar's Close control; Escape from anywhere in it closes it.
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Close');
    await page.keyboard.press('Escape');
    await eventually(() => sidebar().count(), 0);
    expect(await focusedText()).toBe(name);
    // The Close button does the same.
    await page.keyboard.press('Enter');
    await sidebar().getByRole('button', { name: 'Close' }).click();
    await eventually(() => sidebar().count(), 0);
    expect(await focusedText()).toBe(name);
  });

  it('the NAICS combobox open in the sidebar passes axe; Escape closes its popup first, then the sidebar', async () => {
    await openIdentify(SHORT_LIST);
    const name = pagingName(6);
    await page.getByRole('button', { name, exact: true }).click();
    await sidebar().getByRole('button', { name: '+ Add NAICS code' }).click();
    const input = sidebar().getByRole('combobox', { name: 'Add a NAICS code' });
    await input.waitFor(WAIT);
    await input.pressSequentially('solar', { delay: 20 });
    await sidebar()
      .getByRole('option', { name: /221114/ })
      .waitFor(WAIT);
    await expectAccessibleAtBothWidths('NAICS combobox open in the identify sidebar');
    const clear = sidebar().getByRole('button', { name: 'Clear search' });
    const clearBox = await clear.boundingBox();
    expect(clearBox?.width).toBeGreaterThanOrEqual(24);
    expect(clearBox?.height).toBeGreaterThanOrEqual(24);
    await input.press('Escape');
    await eventually(() => input.getAttribute('aria-expanded'), 'false');
    expect(await sidebar().count()).toBe(1);
    await input.press('Escape');
    await eventually(() => sidebar().count(), 0);
  });
});

// ---------------------------------------------------------------- organisation pages

describe('organisation pages', () => {
  const organisationPath = () => `/organisations/${pagingIds[9] ?? ''}`;

  for (const [label, suffix] of [
    ['profile', ''],
    ['analyst', '/analyst'],
    ['spotlight', '/spotlight'],
    ['engage', '/engage'],
  ] as const) {
    it(`the ${label} page passes axe at 1440 and 390 px without a horizontal scroll`, async () => {
      await page.goto(`${baseUrl}${organisationPath()}${suffix}`);
      await page.getByRole('heading', { level: 1, name: pagingName(10) }).waitFor(WAIT);
      await page.waitForLoadState('networkidle');
      await expectAccessibleAtBothWidths(`organisation ${label} page`);
    });
  }

  it('the analyst page with the NAICS combobox open passes axe; its clear button is at least 24 px', async () => {
    await page.goto(`${baseUrl}${organisationPath()}/analyst`);
    await page.getByRole('button', { name: '+ Add NAICS code' }).click();
    const input = page.getByRole('combobox', { name: 'Add a NAICS code' });
    await input.waitFor(WAIT);
    await input.pressSequentially('coffee', { delay: 20 });
    await page.getByRole('option', { name: /311920/ }).waitFor(WAIT);
    await expectAccessibleAtBothWidths('analyst page with the NAICS combobox open');
    const clearBox = await page.getByRole('button', { name: 'Clear search' }).boundingBox();
    expect(Math.min(clearBox?.width ?? 0, clearBox?.height ?? 0)).toBeGreaterThanOrEqual(24);
  });
});

// ---------------------------------------------------------------- not found, favicon

describe('not-found pages and the favicon', () => {
  it('an unknown address answers 404 with a way back to the dashboard', async () => {
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor(WAIT);
    await expectAccessibleAtBothWidths('app not-found page');
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('an organisation that does not exist shows the not-found page inside the shell, with its navigation', async () => {
    const response = await page.goto(`${baseUrl}/organisations/00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor(WAIT);
    expect(await page.getByRole('banner').count()).toBe(1);
    await expectAccessibleAtBothWidths('not-found page in the shell');
    await page.getByRole('link', { name: 'Your organisations' }).click();
    await page.waitForURL((u) => u.pathname === '/identify');
  });

  it('every page links the SVG favicon, and it is served', async () => {
    await openIdentify();
    const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
    expect(href).toMatch(/^\/icon\.svg/);
    const response = await page.request.get(`${baseUrl}${href ?? ''}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
  });
});

describe('the whole run', () => {
  it('raised no uncaught page error and no hydration error', () => {
    expect(pageErrors).toEqual([]);
  });
});
