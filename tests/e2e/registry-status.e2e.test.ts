/**
 * Registry status (issue 20, section 4) in Debian's Chromium against the real product (sandbox fakes, zero
 * latency): a search in the United Kingdom for a name the aggregator lists twice, once active and once dissolved,
 * shows the dissolved company after its active namesake with a badge in words ("Dissolved 2018"); selecting it
 * asks "Select it anyway?" first (Cancel selects nothing, by mouse and by keyboard); the focus panel's Hide
 * inactive drops it; axe (WCAG 2.2 AA) on each state.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { launchChromium, openDemoPage } from './support/browser';
import { accountFlags, demoAccountId, openProductDatabase } from './support/product-database';
import { chooseCountry, searchBox } from './support/search-form';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 30_000 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let flags: ReturnType<typeof accountFlags>;

beforeAll(async () => {
  database = await openProductDatabase();
  flags = accountFlags(database, await demoAccountId(database));
  await flags.set('hybridSearch', true);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    await flags?.restoreDefaults('hybridSearch');
    await database.close();
  }
});
beforeEach(async () => {
  await page.goto(`${baseUrl}/dashboard`);
});

const rows = () => page.locator('li.result');
const question = () => page.getByTestId('inactive-selection-question');
const channelState = (channel: 'quick' | 'stream') => page.locator(`.search-progress [data-channel="${channel}"]`).getAttribute('data-state');

async function searchQuillstone(): Promise<void> {
  await chooseCountry(page, 'GBR');
  await searchBox(page).fill('Quillstone Software Limited');
  await searchBox(page).press('Enter');
  await expect.poll(() => channelState('stream'), WAIT).toBe('done');
}

async function rowViews() {
  return rows().evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('.result-name')?.textContent ?? '',
      badge: item.querySelector('.badge-inactive')?.textContent ?? null,
    })),
  );
}

async function expectAccessible(state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
}

describe('registry status in the search', () => {
  it('shows the dissolved company after its active namesake, with the register’s word and year as text', async () => {
    await searchQuillstone();
    const views = (await rowViews()).filter((row) => /^QUILLSTONE SOFTWARE LIMITED$/i.test(row.name));
    expect(views).toEqual([
      { name: 'QUILLSTONE SOFTWARE LIMITED', badge: null },
      { name: 'QUILLSTONE SOFTWARE LIMITED', badge: 'Dissolved 2018' },
    ]);
    await expectAccessible('results with an inactive badge');
  });

  it('selecting the dissolved company asks first; Cancel (mouse) and Escape (keyboard) select nothing', async () => {
    await searchQuillstone();
    const dissolved = rows()
      .filter({ has: page.locator('.badge-inactive') })
      .first();
    await dissolved.click();
    await question().waitFor(WAIT);
    expect(await question().textContent()).toContain('is Dissolved 2018 on the register. Select it anyway?');
    await expectAccessible('the select-anyway question');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await question().count()).toBe(0);
    expect(page.url()).toContain('/dashboard');

    // Keyboard only: highlight the dissolved row, Enter asks, Escape dismisses.
    // The query box is the combobox over the results: ArrowDown moves the highlight until it is on the dissolved row.
    await searchBox(page).focus();
    const highlightedIsDissolved = () =>
      page.evaluate(() => {
        const id = document.activeElement?.getAttribute('aria-activedescendant');
        return id ? (document.getElementById(id)?.textContent ?? '').includes('Dissolved') : false;
      });
    for (let i = 0; i < 20 && !(await highlightedIsDissolved()); i += 1) await page.keyboard.press('ArrowDown');
    expect(await highlightedIsDissolved()).toBe(true);
    await page.keyboard.press('Enter');
    await question().waitFor(WAIT);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Select anyway');
    await page.keyboard.press('Escape');
    expect(await question().count()).toBe(0);
    expect(page.url()).toContain('/dashboard');
  });

  it('Hide inactive in the focus panel drops the dissolved row and keeps the active one', async () => {
    await searchQuillstone();
    // A react-aria switch is pressed through its label (its track covers the input), as search-surface's are.
    await page.getByRole('switch', { name: 'Hide inactive' }).locator('xpath=ancestor::label[1]').click();
    const views = (await rowViews()).filter((row) => /^QUILLSTONE SOFTWARE LIMITED$/i.test(row.name));
    expect(views).toEqual([{ name: 'QUILLSTONE SOFTWARE LIMITED', badge: null }]);
    expect(await page.locator('.search-status').textContent()).toContain('outside this scope');
    await expectAccessible('inactive rows hidden');
  });
});
