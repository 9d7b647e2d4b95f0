/**
 * The search surface in Debian's Chromium against the real product (sandbox fakes at zero latency, demo
 * seed): the focus panel with `hybridSearch` on and off (scope filter, Existing skipping the stream request,
 * the toggles in the stream request and their reset on leaving AUS, the refetch rule), devMode extras, SVG
 * flags, the combobox keyboard path (arrows, Enter, Escape, `aria-activedescendant` on open and after new
 * rows), Stop, Back/Forward restoring `q` and `country`, 390 px, and axe (WCAG 2.2 AA) on every state.
 * Where a test needs the stream to be slow, the browser holds that one request (page.route).
 */
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { accountFlags, demoAccountId, openProductDatabase } from './support/product-database';
import type { FlagName } from '../../src/core/flags';
import { launchChromium, openDemoPage } from './support/browser';
import { chooseCountry as chooseCountryOn, countryBox as countryBoxOf, resultOption, searchBox as searchBoxOf } from './support/search-form';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const STREAM_PATH = '/api/organisations/search';
const QUICK_PATH = '/api/organisations/quick-search';
const WAIT = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = '/tmp';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let flags: ReturnType<typeof accountFlags>;
const pageErrors: string[] = [];
const setFlag = (flag: FlagName, value: boolean) => flags.set(flag, value);

beforeAll(async () => {
  database = await openProductDatabase();
  flags = accountFlags(database, await demoAccountId(database));
  await setFlag('hybridSearch', true);
  await setFlag('devMode', false);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    await flags?.restoreDefaults('hybridSearch', 'devMode');
    await database.close();
  }
});

beforeEach(async () => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl}/dashboard`);
});

// ---------------------------------------------------------------- helpers

const searchBox = () => searchBoxOf(page);
const countryBox = () => countryBoxOf(page);
const chooseCountry = (code: string) => chooseCountryOn(page, code);
const listbox = () => page.getByRole('listbox', { name: 'Organisations found' });
const rows = () => page.locator('li.result');
const channelState = (channel: 'quick' | 'stream') => page.locator(`.search-progress [data-channel="${channel}"]`).getAttribute('data-state');
const scopeRadio = (name: 'All' | 'New' | 'Existing') => page.getByRole('radiogroup', { name: 'Show' }).getByRole('radio', { name });
const toggle = (name: 'Business names' | 'Sole traders') => page.getByRole('switch', { name });
/** React Aria keeps the radio and switch inputs visually hidden inside their labels: a person clicks the label. */
const press = (control: ReturnType<typeof scopeRadio>) => control.locator('xpath=ancestor::label[1]').click();

async function search(query: string): Promise<void> {
  await searchBox().fill(query);
  await searchBox().press('Enter');
}

async function searchFinished(): Promise<void> {
  await page.locator('.search-results[aria-busy="false"]').waitFor(WAIT);
}

/** Every request to `path` from now on, with its JSON body. */
function watchRequests(path: string): { bodies: Record<string, unknown>[]; stop: () => void } {
  const bodies: Record<string, unknown>[] = [];
  const listener = (request: Request) => {
    if (new URL(request.url()).pathname === path) bodies.push((request.postDataJSON() ?? {}) as Record<string, unknown>);
  };
  page.on('request', listener);
  return { bodies, stop: () => page.off('request', listener) };
}

/** Holds stream requests until `release()`. */
function holdStream() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: Request[] = [];
  const handler = async (route: Route) => {
    held.push(route.request());
    await released;
    await route.continue().catch(() => undefined);
  };
  return { handler, held, release: () => release() };
}

async function expectAccessible(state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
}

async function noHorizontalScroll(): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The option `aria-activedescendant` names, as the page has it: its id, role, aria-selected and name. */
async function activeOption(): Promise<{ id: string | null; exists: boolean; role: string | null; selected: string | null; name: string | null }> {
  return searchBox().evaluate((input) => {
    const id = input.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return {
      id,
      exists: option !== null,
      role: option?.getAttribute('role') ?? null,
      selected: option?.getAttribute('aria-selected') ?? null,
      name: option?.querySelector('.result-name')?.textContent ?? null,
    };
  });
}

const existingBadges = async () => rows().evaluateAll((items) => items.map((item) => item.querySelector('.badge-existing') !== null));

// ---------------------------------------------------------------- the focus panel

describe('the focus panel', () => {
  it('is there with hybridSearch on (scope All / New / Existing, the two switches off) and the idle page passes axe', async () => {
    expect(await scopeRadio('All').isChecked()).toBe(true);
    expect(await scopeRadio('New').count()).toBe(1);
    expect(await scopeRadio('Existing').count()).toBe(1);
    expect(await toggle('Business names').isChecked()).toBe(false);
    expect(await toggle('Sole traders').isChecked()).toBe(false);
    expect(await searchBox().getAttribute('aria-expanded')).toBe('false');
    await expectAccessible('search idle, focus panel');
    await page.screenshot({ path: `${SCREENSHOTS}/search-surface-idle-1440.png`, fullPage: true });
  });

  it('is absent with hybridSearch off, and the stream request then carries no panel options', async () => {
    await setFlag('hybridSearch', false);
    try {
      await page.goto(`${baseUrl}/dashboard`);
      await searchBox().waitFor(WAIT);
      expect(await page.getByRole('radiogroup', { name: 'Show' }).count()).toBe(0);
      expect(await page.getByRole('switch').count()).toBe(0);
      const streams = watchRequests(STREAM_PATH);
      await search('Acme');
      await expect.poll(() => streams.bodies.length, WAIT).toBe(1);
      streams.stop();
      expect(streams.bodies[0]).toEqual({ query: 'Acme', countryIsoAlpha3: 'AUS', mode: 'auto' });
    } finally {
      await setFlag('hybridSearch', true);
    }
  });

  it('Existing sends no stream request and lists only linked rows; All <-> New only re-filters; crossing Existing refetches', async () => {
    const streams = watchRequests(STREAM_PATH);
    const quicks = watchRequests(QUICK_PATH);
    try {
      await press(scopeRadio('Existing'));
      await search('Acme');
      await expect.poll(() => channelState('quick'), WAIT).toBe('done');
      await searchFinished();
      await page.waitForTimeout(500);
      expect(streams.bodies).toEqual([]);
      expect(quicks.bodies).toHaveLength(1);
      expect(await page.locator('.search-progress [data-channel="stream"]').count()).toBe(0);
      const linked = await existingBadges();
      expect(linked.length).toBeGreaterThan(0);
      expect(linked.every(Boolean)).toBe(true);
      expect(await toggle('Business names').isDisabled()).toBe(true);
      expect(await toggle('Sole traders').isDisabled()).toBe(true);

      // Out of Existing: the search runs again, now with the stream.
      await press(scopeRadio('All'));
      await expect.poll(() => streams.bodies.length, WAIT).toBe(1);
      expect(streams.bodies[0]).toMatchObject({ query: 'Acme', countryIsoAlpha3: 'AUS' });
      await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
      const all = await existingBadges();
      expect(all.some(Boolean)).toBe(true);
      expect(all.some((badge) => !badge)).toBe(true);
      const quickRuns = quicks.bodies.length;

      // All -> New -> All: no request at all, only the filter changes.
      await press(scopeRadio('New'));
      await expect.poll(async () => (await existingBadges()).some(Boolean)).toBe(false);
      expect((await existingBadges()).length).toBe(all.filter((badge) => !badge).length);
      expect(await page.locator('.search-status').textContent()).toContain('outside this scope');
      await press(scopeRadio('All'));
      await expect.poll(async () => (await existingBadges()).length).toBe(all.length);
      await page.waitForTimeout(500);
      expect(streams.bodies).toHaveLength(1);
      expect(quicks.bodies).toHaveLength(quickRuns);

      // Into Existing: refetched (a quick lookup), still no stream request.
      await press(scopeRadio('Existing'));
      await expect.poll(() => quicks.bodies.length, WAIT).toBe(quickRuns + 1);
      await searchFinished();
      expect(streams.bodies).toHaveLength(1);
    } finally {
      streams.stop();
      quicks.stop();
    }
  });

  it('sends abrPreset and includeSoleTraders from the switches; a toggle refetches; the switches reset when the country leaves AUS', async () => {
    const streams = watchRequests(STREAM_PATH);
    try {
      await press(toggle('Business names'));
      await press(toggle('Sole traders'));
      expect(await toggle('Business names').isChecked()).toBe(true);
      await search('Koala');
      await expect.poll(() => streams.bodies.length, WAIT).toBe(1);
      expect(streams.bodies[0]).toEqual({ query: 'Koala', countryIsoAlpha3: 'AUS', mode: 'auto', abrPreset: 'with-business-names', includeSoleTraders: true });
      await searchFinished();
      await expectAccessible('focus panel with the switches on, results');

      // Turning Sole traders off refetches with the new value.
      await press(toggle('Sole traders'));
      await expect.poll(() => streams.bodies.length, WAIT).toBe(2);
      expect(streams.bodies[1]).toMatchObject({ abrPreset: 'with-business-names', includeSoleTraders: false });

      // Leaving AUS: refetched in the new country with both switches off, and disabled there.
      await chooseCountry('NZL');
      await expect.poll(() => streams.bodies.length, WAIT).toBe(3);
      expect(streams.bodies[2]).toEqual({ query: 'Koala', countryIsoAlpha3: 'NZL', mode: 'auto', abrPreset: 'business-name-aware', includeSoleTraders: false });
      expect(await toggle('Business names').isChecked()).toBe(false);
      expect(await toggle('Business names').isDisabled()).toBe(true);
      expect(await toggle('Sole traders').isDisabled()).toBe(true);

      // Back in AUS the raw switches stayed reset.
      await chooseCountry('AUS');
      await expect.poll(() => streams.bodies.length, WAIT).toBe(4);
      expect(streams.bodies[3]).toMatchObject({ countryIsoAlpha3: 'AUS', abrPreset: 'business-name-aware', includeSoleTraders: false });
      expect(await toggle('Business names').isChecked()).toBe(false);
      expect(await toggle('Sole traders').isChecked()).toBe(false);
      expect(await toggle('Business names').isDisabled()).toBe(false);
    } finally {
      streams.stop();
    }
  });
});

// ---------------------------------------------------------------- result display

describe('result rows', () => {
  it('devMode on shows the existing/new tag, sources, raw key and the national-registry score; off hides them', async () => {
    await search('Acme');
    await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
    expect(await rows().count()).toBeGreaterThan(0);
    expect(await page.locator('.result-dev').count()).toBe(0);
    expect(await page.locator('.dev-key').count()).toBe(0);

    await setFlag('devMode', true);
    try {
      await page.goto(`${baseUrl}/dashboard`);
      await search('Acme');
      await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
      const count = await rows().count();
      expect(await page.locator('.result-dev').count()).toBe(count);
      const tags = await page.locator('.dev-tag').allTextContents();
      expect(new Set(tags)).toEqual(new Set(['existing', 'new']));
      expect(await page.locator('.dev-key').first().textContent()).toMatch(/^AUS\|/);
      const registryRow = page.locator('li.result[data-sources~="registry_au"]').first();
      expect(await registryRow.locator('.dev-source').textContent()).toContain('registry_au');
      expect(await registryRow.locator('.dev-score').textContent()).toMatch(/score \d/);
      expect(await page.locator('li.result:not([data-sources~="registry_au"]) .dev-score').count()).toBe(0);
      await expectAccessible('results with devMode');
    } finally {
      await setFlag('devMode', false);
    }
  });

  it('shows flags as SVG images (a globe for Global), the domain, the Existing badge and registry identifiers', async () => {
    await search('Acme');
    await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
    const country = rows().first().locator('.result-country');
    expect((await country.textContent())?.trim()).toBe('AUS');
    const flag = country.locator('img.country-flag');
    expect(await flag.getAttribute('src')).toBe('/api/flags/AU');
    await expect.poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const response = await page.request.get(`${baseUrl}/api/flags/AU`);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg/);
    expect((await page.request.get(`${baseUrl}/api/flags/ZZ`)).status()).toBe(404);
    // The registry's rows carry their numbers, written the registry's way.
    const abn = page.locator('li.result [data-identifier="ABN"]').first();
    expect(await abn.textContent()).toMatch(/^ABN \d{2} \d{3} \d{3} \d{3}$/);
    expect(await rows().first().locator('.badge-existing').textContent()).toBe('Existing');
    // A lettermark or a logo image on every row.
    expect(await page.locator('li.result .result-logo').count()).toBe(await rows().count());

    await chooseCountry('GLO');
    await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
    const flags = await page.locator('li.result .result-country img.country-flag').evaluateAll((images) => images.map((img) => img.getAttribute('src')));
    expect(new Set(flags).size).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.country-picker-field svg.country-flag-globe').count()).toBe(1);
  });

  it('shows the logo service image, and the lettermark when a row has no logo or its image fails to load', async () => {
    const candidate = (name: string, key: string, logo: string | null) => ({
      _type: 'internal',
      canonicalName: name,
      description: '',
      countryIsoAlpha3: 'AUS',
      key,
      existingOrgId: `org-${key}`,
      source: 'internal',
      logo,
      website: null,
      accountLinked: true,
      // Every candidate carries its match (issue 12); the same exact name grade keeps the answer's order.
      match: {
        score: 100,
        match: true,
        grades: { name: 'same', identifier: 'missing', website: 'missing', country: 'missing' },
        matchedOn: { name, nameKind: 'name', identifier: null, website: null, legalFormsIgnored: ['pty', 'ltd'], corrections: [] },
      },
    });
    // The sandbox has no logo-service client id (every logo is null): this one answer carries logo URLs.
    await page.route(`**${QUICK_PATH}`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          candidates: [
            candidate('Loaded Logo Pty Ltd', 'AUS|loaded logo', '/api/flags/NZ'),
            candidate('broken logo pty ltd', 'AUS|broken logo', '/no-such-logo.png'),
            candidate('No Logo Pty Ltd', 'AUS|no logo', null),
          ],
        }),
      }),
    );
    await page.route(`**${STREAM_PATH}`, (route) => route.fulfill({ contentType: 'application/x-ndjson', body: '' }));
    await search('Logo');
    await rows().nth(2).waitFor(WAIT);
    const loaded = rows().nth(0).locator('img.result-logo');
    expect(await loaded.getAttribute('src')).toBe('/api/flags/NZ');
    await expect.poll(() => loaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => rows().nth(1).locator('.result-lettermark').textContent(), WAIT).toBe('B');
    expect(await rows().nth(1).locator('img.result-logo').count()).toBe(0);
    expect(await rows().nth(2).locator('.result-lettermark').textContent()).toBe('N');
  });

  it('offers the countries in the spec order and finds one by typing its code', async () => {
    await page.getByRole('button', { name: /Show countries/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor(WAIT);
    const labels = (await options.allTextContents()).map((label) => label.trim());
    expect(labels.slice(0, 7)).toEqual(['Global', 'Australia', 'New Zealand', 'Canada', 'China', 'United Kingdom', 'United States']);
    expect(await page.locator('.country-picker-divider').count()).toBe(1);
    const rest = labels.slice(7);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    // Not checked with axe while open: React Aria's ComboBox hides the rest of the page from assistive technology
    // (aria-hidden) while its list is open, which axe reports as aria-hidden-focus (see the report).
    await countryBox().fill('gbr');
    await page.getByRole('option', { name: 'United Kingdom', exact: true }).waitFor(WAIT);
    await countryBox().press('ArrowDown');
    await countryBox().press('Enter');
    await expect.poll(() => countryBox().inputValue()).toBe('United Kingdom');
  });
});

// ---------------------------------------------------------------- keyboard

describe('the keyboard path', () => {
  it('keyboard only: Tab to the input, type, Enter searches, arrows highlight, Enter selects', async () => {
    let reached = false;
    for (let step = 0; step < 30 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await searchBox().evaluate((input) => input === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.type('Tasman Steel');
    await page.keyboard.press('Enter');
    await resultOption(page, 'Tasman Steel Fabrication Pty Ltd').waitFor(WAIT);
    await searchFinished();
    expect(await searchBox().getAttribute('aria-expanded')).toBe('true');
    expect(await searchBox().getAttribute('aria-controls')).toBe(await listbox().getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    const first = await activeOption();
    expect(first).toMatchObject({ exists: true, role: 'option', selected: 'true' });
    let name = first.name;
    for (let step = 0; step < 10 && name !== 'Tasman Steel Fabrication Pty Ltd'; step += 1) {
      await page.keyboard.press('ArrowDown');
      name = (await activeOption()).name;
    }
    expect(name).toBe('Tasman Steel Fabrication Pty Ltd');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/organisations/${UUID}\\?from=search$`), WAIT);
    await page.getByRole('heading', { level: 1, name: 'Tasman Steel Fabrication Pty Ltd' }).waitFor(WAIT);
  });

  it('aria-activedescendant names the highlighted option on open and still the same one after new rows arrive', async () => {
    const hold = holdStream();
    await page.route(`**${STREAM_PATH}`, hold.handler);
    await search('Acme');
    await expect.poll(() => channelState('quick'), WAIT).toBe('done');
    const quickCount = await rows().count();
    expect(quickCount).toBeGreaterThan(0);
    expect(await channelState('stream')).toBe('running');
    await expectAccessible('search streaming');
    await page.screenshot({ path: `${SCREENSHOTS}/search-surface-streaming-1440.png`, fullPage: true });

    await searchBox().press('ArrowDown');
    const onOpen = await activeOption();
    expect(onOpen).toMatchObject({ exists: true, role: 'option', selected: 'true' });
    expect(onOpen.name).toBe(await rows().first().locator('.result-name').textContent());
    expect(await page.locator('li.result[aria-selected="true"]').count()).toBe(1);

    hold.release();
    await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
    expect(await rows().count()).toBeGreaterThan(quickCount);
    const afterRows = await activeOption();
    expect(afterRows).toEqual(onOpen);
    expect(await page.locator('li.result[aria-selected="true"]').count()).toBe(1);

    // The next arrow moves on from the same row; ArrowUp from the first row returns to the input.
    await searchBox().press('ArrowDown');
    const second = await activeOption();
    expect(second).toMatchObject({ exists: true, role: 'option', selected: 'true' });
    expect(second.id).not.toBe(onOpen.id);
    await searchBox().press('ArrowUp');
    await searchBox().press('ArrowUp');
    expect((await activeOption()).id).toBeNull();
    await expectAccessible('search results');
    await page.screenshot({ path: `${SCREENSHOTS}/search-surface-results-1440.png`, fullPage: true });

    // Typing after highlighting a row drops the highlight, so Enter runs the edited query instead of selecting.
    await searchBox().press('ArrowDown');
    expect((await activeOption()).id).not.toBeNull();
    await searchBox().press('End');
    await page.keyboard.type(' Widgets');
    expect((await activeOption()).id).toBeNull();
    await searchBox().press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Acme Widgets');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('Tab reaches the results list, whose arrows and Enter work the same way', async () => {
    await search('Wattle Bay Coffee');
    await resultOption(page, 'Wattle Bay Coffee Roasters Pty Ltd').waitFor(WAIT);
    await searchFinished();
    let reached = false;
    for (let step = 0; step < 15 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      reached = await listbox().evaluate((list) => list === document.activeElement);
    }
    expect(reached).toBe(true);
    const id = await listbox().getAttribute('aria-activedescendant');
    expect(id).not.toBeNull();
    expect(await page.locator(`[id="${id}"]`).getAttribute('aria-selected')).toBe('true');
    // Escape from the list collapses it and returns to the input.
    await page.keyboard.press('Escape');
    expect(await searchBox().evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await searchBox().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape collapses the results, then clears the query, the results and q in the URL', async () => {
    await search('Acme');
    await rows().first().waitFor(WAIT);
    await searchFinished();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Acme');
    await searchBox().press('ArrowDown');
    expect((await activeOption()).id).not.toBeNull();

    await searchBox().press('Escape');
    expect(await searchBox().getAttribute('aria-expanded')).toBe('false');
    expect(await searchBox().getAttribute('aria-activedescendant')).toBeNull();
    expect(await listbox().isVisible()).toBe(false);
    expect(await searchBox().inputValue()).toBe('Acme');
    expect(new URL(page.url()).searchParams.get('q')).toBe('Acme');
    // ArrowDown opens it again.
    await searchBox().press('ArrowDown');
    expect(await listbox().isVisible()).toBe(true);
    await searchBox().press('Escape');

    await searchBox().press('Escape');
    expect(await searchBox().inputValue()).toBe('');
    expect(await rows().count()).toBe(0);
    const url = new URL(page.url());
    expect(url.searchParams.has('q')).toBe(false);
    expect(url.searchParams.has('country')).toBe(false);
    expect(url.pathname).toBe('/dashboard');
  });

  it('Stop cancels the stream in flight', async () => {
    const hold = holdStream();
    await page.route(`**${STREAM_PATH}`, hold.handler);
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().endsWith(STREAM_PATH)) failed.push(request.failure()?.errorText ?? '');
    });
    await search('Acme');
    await expect.poll(() => hold.held.length, WAIT).toBe(1);
    const stop = page.getByRole('button', { name: 'Stop' });
    await stop.waitFor(WAIT);
    await stop.click();
    await expect.poll(() => channelState('stream')).toBe('stopped');
    expect(await page.locator('.search-results').getAttribute('aria-busy')).toBe('false');
    expect(await stop.count()).toBe(0);
    hold.release();
    await expect.poll(() => failed.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(await page.locator('li.result[data-sources~="registry_au"]').count()).toBe(0);
  });

  it('a rejected selection shows the inline error tile on its row (Enter on a highlighted row)', async () => {
    await search('Wattle Bay Coffee');
    await resultOption(page, 'Wattle Bay Coffee Roasters Pty Ltd').waitFor(WAIT);
    await searchFinished();
    // The selection cannot reach the server.
    await page.route('**/dashboard**', (route) =>
      route.request().method() === 'POST' && route.request().headers()['next-action'] ? route.abort() : route.continue(),
    );
    await searchBox().press('ArrowDown');
    const highlighted = await activeOption();
    await searchBox().press('Enter');
    const row = page.locator(`[id="${highlighted.id}"]`);
    const tile = row.locator('[role="alert"]');
    await tile.waitFor(WAIT);
    expect(await tile.textContent()).toContain('could not be selected');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await row.getAttribute('aria-disabled')).toBeNull();
    await expectAccessible('error tile');
    await page.setViewportSize(PHONE);
    await noHorizontalScroll();
    await expectAccessible('error tile at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/search-surface-error-390.png`, fullPage: true });
  });
});

// ---------------------------------------------------------------- URL and layout

describe('the URL and the phone layout', () => {
  it('Back and Forward restore the query and the country in the form, without searching', async () => {
    await search('Koala');
    await searchFinished();
    await chooseCountry('NZL'); // refetches: a new entry with country NZL
    await expect.poll(() => new URL(page.url()).searchParams.get('country')).toBe('NZL');
    await searchFinished();
    await search('Harbourline Logistics');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Harbourline Logistics');
    await searchFinished();

    const quicks = watchRequests(QUICK_PATH);
    try {
      await page.goBack();
      await expect.poll(() => searchBox().inputValue()).toBe('Koala');
      expect(await countryBox().inputValue()).toBe('New Zealand');
      await page.goBack();
      await expect.poll(() => countryBox().inputValue()).toBe('Australia');
      expect(await searchBox().inputValue()).toBe('Koala');
      await page.goForward();
      await page.goForward();
      await expect.poll(() => searchBox().inputValue()).toBe('Harbourline Logistics');
      expect(await countryBox().inputValue()).toBe('New Zealand');
      await page.waitForTimeout(300);
      expect(quicks.bodies).toEqual([]);
    } finally {
      quicks.stop();
    }
  });

  it('at 390 px: no horizontal scroll, the focus panel and results fit, and axe passes', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/dashboard`);
    await noHorizontalScroll();
    await expectAccessible('search idle at 390 px');
    await search('Acme');
    await expect.poll(() => channelState('stream'), { timeout: 30_000 }).toBe('done');
    await noHorizontalScroll();
    expect(await scopeRadio('Existing').isVisible()).toBe(true);
    await searchBox().press('ArrowDown');
    await expectAccessible('results at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/search-surface-results-390.png`, fullPage: true });
    await page.getByRole('button', { name: /Show countries/ }).click();
    await page.getByRole('option', { name: 'Global', exact: true }).waitFor(WAIT);
    await noHorizontalScroll();
    await page.screenshot({ path: `${SCREENSHOTS}/search-surface-country-390.png` });
  });
});

describe('the whole run', () => {
  it('raised no uncaught page error and no hydration error', () => {
    expect(pageErrors).toEqual([]);
  });
});
