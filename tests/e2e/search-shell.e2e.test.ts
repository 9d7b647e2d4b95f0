/**
 * The shell around search in the browser (Debian Chromium against the real product, demo seed, sandbox
 * fakes at zero latency): the dark search-mode header and its X and back arrow, browser back/forward,
 * the command-K overlay (flag on: empty dashboard slot, Ctrl+K on several routes, the header button,
 * Escape and X, focus trapped and returned; flag off: no overlay), the engage sticky header, the "Find an
 * organisation" launchers (analyst, spotlight, engage) through search and selection to their destination,
 * searchIntent/returnTo stripped on closing without a selection, /search, the 390 px layout and its header
 * menu by keyboard, and axe (WCAG 2.2 AA) on each of those states.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { demoAccountId, openProductDatabase } from './support/product-database';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { FLAGS } from '../../src/core/flags';
import type { SearchIntent } from '../../src/core/selection';
import { launchChromium, openDemoPage } from './support/browser';
import { resultOption } from './support/search-form';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };
const SCREENSHOTS = '/tmp';
/**
 * /identify for the overlay's axe states: a short list (the demo's Acme rows), as axe's time grows with the rows
 * behind the overlay; the full page of 100 rows at both widths is identify-and-pages.e2e.test.ts's first test.
 */
const SHORT_IDENTIFY = '/identify?filter=Acme';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An organisation in the demo account's list: the launchers start on its pages. */
const START_ORGANISATION = 'Kiwi Dairy Cooperative Limited';
/** An existing organisation (Existing badge) found in the search's default country (AUS): no confirm header. */
const SELECTED = { query: 'Wattle Bay Coffee', name: 'Wattle Bay Coffee Roasters Pty Ltd' } as const;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let accountId: string;
let startId: string;
/**
 * Ctrl+K until the overlay shows: the shortcut's listener exists once the page has hydrated, and the server-rendered
 * header is visible before that (a person pressing it that early gets nothing and presses again).
 */
async function openOverlayWithShortcut(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      if (!(await overlay(page).isVisible())) await page.keyboard.press('Control+k');
      return overlay(page).isVisible();
    }, WAIT)
    .toBe(true);
}

/** Uncaught exceptions and React hydration errors seen in the page during the whole file. */
const pageErrors: string[] = [];

async function setCommandK(value: boolean): Promise<void> {
  await setFlagValue(database.db, { flagKey: FLAGS.commandKSearch.key, accountId, value });
}

beforeAll(async () => {
  database = await openProductDatabase();
  accountId = await demoAccountId(database);
  const start = await database.db.execute<{ id: string }>(sql`
    select o.id from organisations o join account_organisations ao on ao.organisation_id = o.id and ao.account_id = ${accountId}::uuid
    where o.name = ${START_ORGANISATION} limit 1`);
  startId = start.rows[0]?.id ?? '';
  expect(startId).not.toBe('');
  await setCommandK(false);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    await setCommandK(false).catch(() => undefined);
    await database.close();
  }
});

beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
});

afterEach(() => {
  expect(pageErrors, 'uncaught page errors').toEqual([]);
});

// ---------------------------------------------------------------- helpers

async function expectAccessible(target: Page, state: string): Promise<void> {
  await expectNoAxeViolations(target, state);
}

async function horizontalOverflow(target: Page): Promise<number> {
  return target.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

function pathOf(target: Page): string {
  const url = new URL(target.url());
  return `${url.pathname}${url.search}`;
}

function paramsOf(target: Page): URLSearchParams {
  return new URL(target.url()).searchParams;
}

const searchModeHeader = (target: Page) => target.locator('header[data-search-mode]');
const normalNav = (target: Page) => target.getByRole('navigation', { name: 'Main' });
const overlay = (target: Page) => target.getByRole('dialog', { name: 'Search organisations' });
/** The query input (a search box, or the combobox over the results). */
const searchbox = (scope: Page | Locator) =>
  scope.getByRole('searchbox', { name: 'Search organisations' }).or(scope.getByRole('combobox', { name: 'Search organisations' }));
/** The header's button that opens the command-K overlay. */
const headerSearchButton = (target: Page) => target.locator('header.app-header').getByRole('button', { name: /^Search/ });
const launcher = (target: Page) => target.getByRole('link', { name: 'Find an organisation' });

/** A result row by the organisation's name (its listbox option, named by its content, the name first). */
function resultRow(scope: Page | Locator, name: string): Locator {
  return resultOption(scope, name).first();
}

/** Selects a result row; when it never shows, the error says what the results region showed instead. */
async function selectResult(scope: Page | Locator, name: string): Promise<void> {
  const row = resultRow(scope, name);
  try {
    await row.waitFor(WAIT);
  } catch (error) {
    const shown = await scope
      .locator('.search-results')
      .first()
      .innerText({ timeout: 1000 })
      .catch(() => '(no results region)');
    throw new Error(`no row "${name}" at ${page.url()}; the results showed: ${shown}`, { cause: error });
  }
  await row.click();
}

async function runSearch(scope: Page | Locator, query: string): Promise<void> {
  const box = searchbox(scope);
  await box.fill(query);
  await box.press('Enter');
}

/** The id of the element that has the focus, and whether it sits inside the open overlay. */
async function focusInfo(target: Page): Promise<{ inDialog: boolean; label: string }> {
  return target.evaluate(() => {
    const element = document.activeElement;
    const named = element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement || element instanceof HTMLInputElement;
    const label = element && named ? (element.getAttribute('aria-label') ?? element.textContent ?? '').trim() : (element?.tagName.toLowerCase() ?? '');
    return { inDialog: Boolean(element?.closest('[role="dialog"]')), label };
  });
}

const organisationPage = (intent: SearchIntent) => `/organisations/${startId}/${intent}`;

// ---------------------------------------------------------------- search-mode header (commandKSearch off)

describe('search-mode header (commandKSearch off)', () => {
  it('turns dark when the search input is focused; its X closes search and brings the page content back', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    expect(await heading.isVisible()).toBe(true);
    await expectAccessible(page, 'normal header');
    await searchbox(page).focus();
    await searchModeHeader(page).waitFor(WAIT);
    expect(await normalNav(page).count()).toBe(0);
    expect(await heading.isVisible()).toBe(false);
    await runSearch(page, SELECTED.query);
    await resultRow(page, SELECTED.name).waitFor(WAIT);
    expect(await searchModeHeader(page).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close search' }).click();
    await normalNav(page).waitFor(WAIT);
    expect(await searchModeHeader(page).count()).toBe(0);
    expect(await heading.isVisible()).toBe(true);
  });

  it('a launcher arrival shows the dark header (axe), hides the page content; X strips searchIntent and returnTo', async () => {
    await page.goto(`${baseUrl}${organisationPage('analyst')}`);
    await launcher(page).click();
    await page.waitForURL((u) => u.pathname === '/dashboard' && u.searchParams.get('searchIntent') === 'analyst', WAIT);
    expect(paramsOf(page).get('returnTo')).toBe(organisationPage('analyst'));
    await searchModeHeader(page).waitFor(WAIT);
    await searchbox(page).waitFor(WAIT);
    expect(await page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(false);
    await expectAccessible(page, 'search-mode header');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-search-mode-1440.png` });
    await runSearch(page, SELECTED.query);
    await expect.poll(() => paramsOf(page).get('q'), WAIT).toBe(SELECTED.query);
    await page.getByRole('button', { name: 'Close search' }).click();
    await normalNav(page).waitFor(WAIT);
    // The X went away with the dark header: the keyboard stays in the page (its main landmark).
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await expect.poll(() => paramsOf(page).has('searchIntent'), WAIT).toBe(false);
    expect(paramsOf(page).has('returnTo')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('the back arrow closes search and returns to returnTo, without searchIntent', async () => {
    await page.goto(`${baseUrl}${organisationPage('spotlight')}`);
    await launcher(page).click();
    await searchModeHeader(page).waitFor(WAIT);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.pathname === organisationPage('spotlight'), WAIT);
    expect(paramsOf(page).has('searchIntent')).toBe(false);
    await normalNav(page).waitFor(WAIT);
    expect(await searchModeHeader(page).count()).toBe(0);
  });

  it('ignores a returnTo that leaves the product: the back arrow only closes search', async () => {
    await page.goto(`${baseUrl}/dashboard?searchIntent=analyst&returnTo=${encodeURIComponent('//evil.example/x')}`);
    await searchModeHeader(page).waitFor(WAIT);
    await page.getByRole('button', { name: 'Back' }).click();
    await normalNav(page).waitFor(WAIT);
    expect(pathOf(page)).toBe('/dashboard');
  });

  it('browser back and forward do not close search (searchIntent survives; the arrival is search mode again)', async () => {
    await page.goto(`${baseUrl}${organisationPage('analyst')}`);
    await launcher(page).click();
    await searchModeHeader(page).waitFor(WAIT);
    const searchUrl = pathOf(page);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === organisationPage('analyst'), WAIT);
    await page.goForward();
    await page.waitForURL((u) => u.pathname === '/dashboard', WAIT);
    expect(pathOf(page)).toBe(searchUrl);
    await searchModeHeader(page).waitFor(WAIT);
  });

  it('Ctrl+K and Cmd+K open nothing', async () => {
    await page.goto(`${baseUrl}/identify`);
    await page.keyboard.press('Control+k');
    await page.keyboard.press('Meta+k');
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await headerSearchButton(page).count()).toBe(0);
  });
});

// ---------------------------------------------------------------- launchers

describe('launchers: Find an organisation -> search -> select -> destination (commandKSearch off)', () => {
  for (const intent of ['analyst', 'spotlight', 'engage'] as const) {
    it(`${intent}: lands on /organisations/{id}/${intent} of the selected organisation`, async () => {
      await page.goto(`${baseUrl}${organisationPage(intent)}`);
      await launcher(page).click();
      await page.waitForURL((u) => u.pathname === '/dashboard' && u.searchParams.get('searchIntent') === intent, WAIT);
      await searchModeHeader(page).waitFor(WAIT);
      await runSearch(page, SELECTED.query);
      await selectResult(page, SELECTED.name);
      await page.waitForURL(new RegExp(`/organisations/${UUID}/${intent}$`), WAIT);
      await page.getByRole('heading', { level: 1, name: SELECTED.name }).waitFor(WAIT);
    });
  }
});

// ---------------------------------------------------------------- command-K overlay

describe('command-K overlay (commandKSearch on)', () => {
  beforeAll(async () => {
    await setCommandK(true);
  });
  afterAll(async () => {
    await setCommandK(false);
  });

  it('the dashboard slot renders nothing and the header stays normal', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(WAIT);
    expect(await searchbox(page).count()).toBe(0);
    expect(await headerSearchButton(page).isVisible()).toBe(true);
  });

  it('Ctrl+K opens the overlay on every main route; Escape closes it; Cmd+K too', async () => {
    for (const path of ['/dashboard', '/engage', '/identify', organisationPage('analyst')]) {
      await page.goto(`${baseUrl}${path}`);
      await normalNav(page).waitFor(WAIT);
      await openOverlayWithShortcut(page);
      expect(await searchbox(overlay(page)).isVisible(), path).toBe(true);
      expect(await normalNav(page).isVisible(), `${path}: the header stays normal`).toBe(true);
      await page.keyboard.press('Escape');
      await overlay(page).waitFor({ state: 'detached', ...WAIT });
    }
    await page.keyboard.press('Meta+k');
    await overlay(page).waitFor(WAIT);
    await page.getByRole('button', { name: 'Close search' }).click();
    await overlay(page).waitFor({ state: 'detached', ...WAIT });
  });

  it('the header button opens it (axe); its X closes it; focus returns to the button', async () => {
    await page.goto(`${baseUrl}${SHORT_IDENTIFY}`);
    const button = headerSearchButton(page);
    await button.click();
    await overlay(page).waitFor(WAIT);
    expect((await focusInfo(page)).inDialog).toBe(true);
    await expectAccessible(page, 'overlay open');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-overlay-1440.png` });
    await overlay(page).getByRole('button', { name: 'Close search' }).click();
    await overlay(page).waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => button.evaluate((element) => element === document.activeElement), WAIT).toBe(true);
  });

  it('by keyboard only: Tab to the header button, Enter opens, Tab stays inside, Escape closes and focus returns', async () => {
    await page.goto(`${baseUrl}/identify`);
    await normalNav(page).waitFor(WAIT);
    let reached = false;
    for (let step = 0; step < 15 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = (await focusInfo(page)).label.startsWith('Search');
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await overlay(page).waitFor(WAIT);
    // Focus lands in the query input: typing goes straight into the search.
    await expect
      .poll(() => page.evaluate(() => document.activeElement instanceof HTMLInputElement && Boolean(document.activeElement.closest('[role="dialog"]'))), WAIT)
      .toBe(true);
    await page.keyboard.type('Wattle');
    expect(await searchbox(overlay(page)).inputValue()).toBe('Wattle');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect((await focusInfo(page)).inDialog, `Tab ${step + 1} stays in the overlay`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await focusInfo(page)).inDialog).toBe(true);
    // Escape peels one layer per press; from the query box with 'Wattle' typed, the first press clears it.
    await searchbox(overlay(page)).focus();
    await page.keyboard.press('Escape');
    expect(await searchbox(overlay(page)).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await overlay(page).waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => (await focusInfo(page)).label, WAIT).toMatch(/^Search/);
  });

  it('Escape in the overlay collapses the results, then clears the search, and only then closes the overlay', async () => {
    await page.goto(`${baseUrl}/identify`);
    await normalNav(page).waitFor(WAIT);
    await openOverlayWithShortcut(page);
    await runSearch(overlay(page), SELECTED.query);
    const box = searchbox(overlay(page));
    await expect.poll(() => box.getAttribute('aria-expanded'), WAIT).toBe('true');
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await overlay(page).isVisible()).toBe(true);
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    expect(await overlay(page).isVisible()).toBe(true);
    await box.press('Escape');
    await overlay(page).waitFor({ state: 'detached', ...WAIT });
  });

  it('a launcher opens the overlay on its page with searchIntent; a selection lands on the intent destination', async () => {
    await page.goto(`${baseUrl}${organisationPage('analyst')}`);
    await launcher(page).click();
    await overlay(page).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe(organisationPage('analyst'));
    expect(paramsOf(page).get('searchIntent')).toBe('analyst');
    const dialog = overlay(page);
    await runSearch(dialog, SELECTED.query);
    await selectResult(dialog, SELECTED.name);
    await page.waitForURL(new RegExp(`/organisations/${UUID}/analyst$`), WAIT);
    await overlay(page).waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('heading', { level: 1, name: SELECTED.name }).waitFor(WAIT);
  });

  it('closing the launched overlay without a selection strips searchIntent and returnTo', async () => {
    await page.goto(`${baseUrl}${organisationPage('spotlight')}`);
    await launcher(page).click();
    await overlay(page).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await overlay(page).waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => pathOf(page), WAIT).toBe(organisationPage('spotlight'));
    await page.waitForTimeout(300);
    expect(await overlay(page).count()).toBe(0);
  });
});

// ---------------------------------------------------------------- engage sticky header

describe('engage sticky header', () => {
  it('appears once the page scrolls past the search form, with the narrow search and no scope selector or toggles', async () => {
    await page.setViewportSize({ width: 1024, height: 480 });
    await page.goto(`${baseUrl}/engage`);
    const sticky = page.getByRole('region', { name: 'Engage search' });
    expect(await sticky.isVisible()).toBe(false);
    await runSearch(page, 'Pty');
    await page.locator('li.result, [role="option"]').nth(3).waitFor(WAIT);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await sticky.waitFor(WAIT);
    expect(await searchbox(sticky).isVisible()).toBe(true);
    expect(await sticky.getByRole('radiogroup').count()).toBe(0);
    expect(await sticky.getByRole('switch').count()).toBe(0);
    expect(await sticky.getByRole('checkbox').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/shell-engage-sticky.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
    await sticky.waitFor({ state: 'hidden', ...WAIT });
  });
});

// ---------------------------------------------------------------- /search

describe('/search', () => {
  it('redirects to /dashboard keeping q and country', async () => {
    await page.goto(`${baseUrl}/search?q=Acme&country=GBR`);
    expect(pathOf(page)).toBe('/dashboard?q=Acme&country=GBR');
  });
});

// ---------------------------------------------------------------- phone width

describe('at 390 px', () => {
  it('no main route scrolls sideways', async () => {
    await page.setViewportSize(PHONE);
    for (const path of [
      '/dashboard',
      '/engage',
      '/identify',
      `/organisations/${startId}`,
      organisationPage('analyst'),
      organisationPage('spotlight'),
      organisationPage('engage'),
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('button', { name: 'Menu' }).waitFor(WAIT);
      expect(await horizontalOverflow(page), `${path} overflows at 390 px`).toBeLessThanOrEqual(0);
    }
  });

  it('the header collapses to a menu that works by keyboard (axe on the page and the open menu); Sign out is in it', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/dashboard`);
    expect(await normalNav(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    await expectAccessible(page, 'dashboard at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-dashboard-390.png`, fullPage: true });
    const menuButton = page.getByRole('button', { name: 'Menu' });
    let reached = false;
    for (let step = 0; step < 10 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = (await focusInfo(page)).label === 'Menu';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Menu' });
    await menu.waitFor(WAIT);
    expect(await menu.getByRole('menuitem', { name: 'Sign out' }).isVisible()).toBe(true);
    await expectAccessible(page, 'header menu open at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-menu-390.png` });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => menuButton.evaluate((element) => element === document.activeElement), WAIT).toBe(true);
    await page.keyboard.press('Enter');
    await menu.waitFor(WAIT);
    // Dashboard, Engage, Identify: two steps down from the first item.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/identify', WAIT);
  });

  it('the search-mode header and the overlay fit and pass axe at 390 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/dashboard?searchIntent=engage&returnTo=%2Fengage`);
    await searchModeHeader(page).waitFor(WAIT);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'search-mode header at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-search-mode-390.png` });
    await setCommandK(true);
    try {
      await page.goto(`${baseUrl}${SHORT_IDENTIFY}`);
      await headerSearchButton(page).click();
      await overlay(page).waitFor(WAIT);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'overlay at 390 px');
      await page.screenshot({ path: `${SCREENSHOTS}/shell-overlay-390.png` });
    } finally {
      await setCommandK(false);
    }
  });
});
