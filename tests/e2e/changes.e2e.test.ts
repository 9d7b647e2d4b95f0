/**
 * Registry changes in the browser (issue 23, sections 2 and 5), Debian's Chromium against the real product (sandbox
 * fakes, zero latency, demo seed), reached the way the demo does: a monitoring pass (`npm run cli -- monitor run`, the
 * CLI's own code run in this process against the product's database and its running fakes), `sandbox advance --days 1`
 * (RED CENTRE MINING LIMITED's ABN cancelled) and another pass. Then: the header says how many changes are unread
 * ("Changes, N unread", also on the narrow menu's button); the organisation page's History shows the status change in
 * words and the badge of an inactive organisation (the demo's global RED CENTRE MINING LIMITED, put on the demo list
 * through the select API first, and taken off it afterwards); `/changes` lists the change unread first, filters by organisation
 * and by kind, and "Mark read" by mouse and by keyboard only lowers the count; the identify list marks the
 * organisation; axe (WCAG 2.2 AA) on each page, at 1280 and 390 px without a horizontal scroll.
 *
 * Shared state: the sandbox clock moves one day for the whole product (Red Centre Mining is cancelled, Yarra Valley
 * Dairy gains a business name); no other browser file reads either. Marks read are the demo account's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { launchChromium, openDemoPage } from './support/browser';
import { productCli, waitForAbnCancelled } from './support/monitoring-story';
import { demoAccountId, openProductDatabase } from './support/product-database';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const WAIT = { timeout: 30_000 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const RED_CENTRE = 'RED CENTRE MINING LIMITED';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let accountId: string;
let redCentreId: string;
let addedToList = false;
const pageErrors: string[] = [];

async function expectAccessible(state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
}

async function expectNoHorizontalScroll(state: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page width on ${state}`).toBeLessThanOrEqual(innerWidth);
}

async function screenshot(name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The account's unread count as the database holds it (what the header must say). */
async function unreadInDatabase(): Promise<number> {
  const found = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from organisation_changes c
     where (exists (select 1 from account_organisations ao where ao.organisation_id = c.organisation_id and ao.account_id = ${accountId}::uuid)
            or exists (select 1 from organisation_owners oo where oo.organisation_id = c.organisation_id and oo.account_id = ${accountId}::uuid))
       and not exists (select 1 from change_reads r where r.change_id = c.id and r.account_id = ${accountId}::uuid)`);
  return Number(found.rows[0]?.n ?? 0);
}

const changesLink = () => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Changes/ });
/** The header link's accessible name for that many unread changes. */
const headerName = (unread: number) => (unread > 0 ? `Changes, ${unread} unread` : 'Changes');
const headerSays = async (unread: number) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: headerName(unread), exact: true })
    .waitFor(WAIT);
const redCentreStatusChange = () => page.locator('li.changes-item', { hasText: RED_CENTRE }).filter({ hasText: 'Registry status' });

beforeAll(async () => {
  database = await openProductDatabase();
  accountId = await demoAccountId(database);
  const organisation = await database.db.execute<{ id: string; abn: string; linked: boolean }>(sql`
    select o.id, i.value as abn,
           exists (select 1 from account_organisations ao where ao.organisation_id = o.id and ao.account_id = ${accountId}::uuid) as linked
      from organisations o join organisation_identifiers i on i.organisation_id = o.id and i.type = 'ABN'
     where upper(o.name) = ${RED_CENTRE} and not exists (select 1 from organisation_owners oo where oo.organisation_id = o.id) limit 1`);
  const row = organisation.rows[0];
  if (!row) throw new Error(`the demo's global ${RED_CENTRE} with an ABN is missing`);
  redCentreId = row.id;
  addedToList = !row.linked;
  if (SCREENSHOTS) fs.mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
  // The analyst puts it on the list as the quick lookup's "select" does (it is global, not on the demo list).
  const selected = await page.request.post(`${baseUrl}/api/organisations/select`, {
    data: { candidate: { _type: 'internal', existingOrgId: redCentreId }, countryIsoAlpha3: 'AUS' },
    headers: { origin: baseUrl },
  });
  expect(selected.status(), await selected.text()).toBe(200);
  // The demo's story: a pass (the baseline, for what was never read), a day later on the sandbox's clock, a pass.
  const cli = productCli(database.pool.options.connectionString ?? '', dataDir);
  const baseline = await cli('monitor', 'run', '--account', accountId);
  expect(baseline, JSON.stringify(baseline)).toMatchObject({ failed: 0 });
  expect(await cli('sandbox', 'advance', '--days', '1')).toMatchObject({ days: expect.any(Number) });
  await waitForAbnCancelled(dataDir, row.abn.replace(/\D/g, ''), WAIT.timeout);
  const dayOne = await cli('monitor', 'run', '--account', accountId);
  const found = (dayOne.changes as { organisationId: string; kind: string }[] | undefined) ?? [];
  expect(
    found.filter((c) => c.organisationId === redCentreId).map((c) => c.kind),
    JSON.stringify({ baseline, dayOne }),
  ).toContain('status');
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  // Off the demo list again, as the other browser files expect it (its changes and their read rows stay).
  if (database && addedToList) {
    await database.db
      .execute(sql`delete from account_organisations where account_id = ${accountId}::uuid and organisation_id = ${redCentreId}::uuid`)
      .catch(() => undefined);
  }
  await database?.close();
});

describe('registry changes', () => {
  it('the header says how many changes are unread; the History shows the cancellation in words, with the inactive badge', async () => {
    const unread = await unreadInDatabase();
    expect(unread).toBeGreaterThan(0);
    await page.goto(`${baseUrl}/organisations/${redCentreId}`);
    await headerSays(unread);
    expect(await changesLink().getAttribute('aria-current')).toBeNull();
    const history = page.getByRole('region', { name: 'History' });
    await history.waitFor(WAIT);
    const entry = history.locator('li', { hasText: 'Registry status' }).first();
    expect(await entry.textContent()).toMatch(/Cancelled since \d{4}-\d{2}-\d{2}/);
    expect(await entry.textContent()).toContain('ABN Lookup');
    expect(await entry.textContent()).toContain('New');
    // The status monitoring recorded is the identity issue's badge, in the page header.
    expect(await page.locator('.organisation-header .badge-inactive').textContent()).toMatch(/^Cancelled/);
    await expectAccessible('the organisation page with its History');
    await screenshot('history-1280');
    // At 390 px the navigation is in the menu: its button names the count.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: `Menu, ${unread} unread changes`, exact: true }).waitFor(WAIT);
    await page.setViewportSize(DESKTOP);

    // The identify list marks the organisation, and its badge shows there too.
    await page.goto(`${baseUrl}/identify?filter=${encodeURIComponent('Red Centre Mining')}`);
    const row = page.locator(`tr[data-organisation-id="${redCentreId}"]`);
    await row.waitFor(WAIT);
    expect(await row.locator('.badge-inactive').textContent()).toMatch(/^Cancelled/);
    expect(await row.locator('.identify-unread-changes').textContent()).toMatch(/^\d+ unread changes? of /);
    await expectAccessible('the identify list with an unread mark');
  });

  it('/changes lists it unread first and links to the organisation; filters by organisation and kind; Mark read by mouse lowers the count', async () => {
    await changesLink().click();
    await page.waitForURL((url) => url.pathname === '/changes', WAIT);
    expect(await changesLink().getAttribute('aria-current')).toBe('page');
    const items = page.locator('li.changes-item');
    await items.first().waitFor(WAIT);
    // Unread first: no read change comes before an unread one.
    const unreadFlags = await items.evaluateAll((lis) => lis.map((li) => li.hasAttribute('data-unread')));
    expect(unreadFlags.indexOf(false) === -1 || unreadFlags.lastIndexOf(true) < unreadFlags.indexOf(false)).toBe(true);
    expect(await redCentreStatusChange().count()).toBe(1);
    expect(
      await redCentreStatusChange()
        .getByRole('link', { name: /red centre mining/i })
        .getAttribute('href'),
    ).toBe(`/organisations/${redCentreId}`);
    await expectAccessible('/changes');
    await screenshot('changes-1280');

    await page.getByLabel('Organisation').selectOption(redCentreId);
    await page.getByLabel('Kind').selectOption('status');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL((url) => url.searchParams.get('organisation') === redCentreId && url.searchParams.get('kind') === 'status', WAIT);
    const names = await items.evaluateAll((lis) => lis.map((li) => li.querySelector('.change-heading a')?.textContent ?? ''));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => /red centre mining/i.test(name))).toBe(true);

    const before = await unreadInDatabase();
    await redCentreStatusChange()
      .getByRole('button', { name: /^Mark read/ })
      .click();
    await expect.poll(() => redCentreStatusChange().getAttribute('data-unread'), WAIT).toBeNull();
    await expect.poll(unreadInDatabase, WAIT).toBe(before - 1);
    await headerSays(before - 1);
    expect(await page.getByRole('status').filter({ hasText: 'Marked read' }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('keyboard only: the filter, then Mark all as read; the header then says no unread, and the focus stays on the page', async () => {
    await page.goto(`${baseUrl}/changes`);
    // Day 1 also added a business name to YARRA VALLEY DAIRY PTY LTD (on the demo list): still unread.
    expect(await unreadInDatabase()).toBeGreaterThan(0);
    // Tab from the page's heading to "Mark all ... as read" and press Enter.
    await page.locator('#changes-heading').focus();
    const markAll = page.getByRole('button', { name: /^Mark (all \d+ unread|1 unread change) as read$/ });
    for (let i = 0; i < 12 && !(await markAll.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    expect(await markAll.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(unreadInDatabase, WAIT).toBe(0);
    await headerSays(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName), WAIT).toBe('changes-heading');
    expect(await page.locator('li.changes-item[data-unread]').count()).toBe(0);
    await expectAccessible('/changes, all read');
  });

  it('at 390 px: the menu button names the unread count, marks the current page, and the pages fit; no unread mark once read', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/changes`);
    const unread = await unreadInDatabase();
    const menu = page.getByRole('button', { name: unread > 0 ? `Menu, ${unread} unread changes` : 'Menu' });
    await menu.waitFor(WAIT);
    await expectNoHorizontalScroll('/changes at 390 px');
    await expectAccessible('/changes at 390 px');
    await screenshot('changes-390');
    await menu.press('Enter');
    const item = page.getByRole('menuitem', { name: /^Changes/ });
    await item.waitFor(WAIT);
    expect(await item.getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/organisations/${redCentreId}`);
    await page.getByRole('region', { name: 'History' }).waitFor(WAIT);
    await expectNoHorizontalScroll('History at 390 px');
    await expectAccessible('History at 390 px');
    await screenshot('history-390');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/identify`);
    const row = page.locator(`tr[data-organisation-id="${redCentreId}"]`);
    await row.waitFor(WAIT);
    expect(await row.locator('.badge-inactive').textContent()).toMatch(/^Cancelled/);
    // Everything was marked read above: no unread mark on its row.
    expect(await row.locator('.identify-unread-changes').count()).toBe(0);
  });
});
