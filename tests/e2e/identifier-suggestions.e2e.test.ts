/**
 * "Did you mean 30 635 412 074?" in Debian's Chromium against the real product (sandbox fakes at zero latency, demo
 * seed; issue 12, section 3): a query written like an ABN whose check digit fails shows the valid identifiers one
 * digit-edit away that the registry (and the account's organisations) know, as buttons that run that search; the
 * found company streams like any registry candidate; a number that fails its check digit is said to be not valid
 * (issue 20, section 2). With the mouse, with the keyboard only, at 390 px, and axe. A search that is only a mistyped
 * identifier reaches no provider and is not counted against the account's search limit (issue 21, section 1).
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium, openDemoPage } from './support/browser';
import { chooseCountry, searchBox as searchBoxOf } from './support/search-form';
import { demoAccountId, openProductDatabase } from './support/product-database';
import { expectNoAxeViolations } from './support/accessibility';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${baseUrl}/dashboard`);
  await chooseCountry(page, 'AUS');
});

const searchBox = () => searchBoxOf(page);
const suggestion = (formatted: string) => page.getByRole('button', { name: `Did you mean ${formatted}?` });
const rowNames = () => page.locator('li.result .result-name').allTextContents();

async function search(query: string): Promise<void> {
  await searchBox().fill(query);
  await searchBox().press('Enter');
}

async function expectAccessible(state: string): Promise<void> {
  await expectNoAxeViolations(page, state);
}

describe('a mistyped ABN', () => {
  it('shows "Did you mean 30 635 412 074?" with the company that carries it; a click runs that search and the company streams', async () => {
    await search('ABN 30 635 412 075');
    await suggestion('30 635 412 074').waitFor(WAIT);
    expect(await page.locator('.search-suggestions li').first().textContent()).toContain('KOOKABURRA KITCHENS PTY LTD');
    await expectAccessible('a suggestion shown');
    await suggestion('30 635 412 074').click();
    await expect.poll(() => searchBox().inputValue()).toBe('30 635 412 074');
    await expect.poll(rowNames, WAIT).toContain('KOOKABURRA KITCHENS PTY LTD');
    await expect.poll(() => page.evaluate(() => new URL(window.location.href).searchParams.get('q'))).toBe('30 635 412 074');
    expect(await suggestion('30 635 412 074').count()).toBe(0);
  });

  it('works with the keyboard only: Tab reaches the suggestion, Enter runs it, focus returns to the query', async () => {
    await search('30 635 412 075');
    await suggestion('30 635 412 074').waitFor(WAIT);
    let focused = '';
    for (let tabs = 0; tabs < 25 && !focused.startsWith('Did you mean'); tabs += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focused).toBe('Did you mean 30 635 412 074?');
    await page.keyboard.press('Enter');
    await expect.poll(() => searchBox().inputValue()).toBe('30 635 412 074');
    expect(await searchBox().evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(rowNames, WAIT).toContain('KOOKABURRA KITCHENS PTY LTD');
  });

  it('at 390 px: the suggestion fits without horizontal scroll and passes axe', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/dashboard`);
    await search('30 635 412 075');
    await suggestion('30 635 412 074').waitFor(WAIT);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectAccessible('a suggestion at 390 px');
    await page.screenshot({ path: '/tmp/identifier-suggestion-390.png', fullPage: true });
  });
});

describe('a number whose check digit fails and that nobody carries one digit away', () => {
  it('says it is not valid, as a status, instead of "No organisations found"', async () => {
    await search('ABN 12 345 678 901');
    const issue = page.getByRole('status').filter({ hasText: '12 345 678 901 is not a valid ABN: its check digit fails' });
    await issue.waitFor(WAIT);
    await expect.poll(() => page.locator('.search-results').getAttribute('aria-busy'), WAIT).toBe('false');
    expect(await page.getByText('No organisations found').count()).toBe(0);
    await expectAccessible('an identifier issue shown');
  });
});

describe("the sandbox's LEI (issue 21, section 5: the sandbox's identifiers pass their own check digits)", () => {
  it('finds the company it names under Global, by mouse and by keyboard, rather than "not a valid LEI"', async () => {
    await chooseCountry(page, 'GLO');
    await search('LEI 9845001FERNHOLLOW064');
    await expect.poll(rowNames, WAIT).toContain('FERNHOLLOW ANALYTICS LIMITED');
    await expect.poll(() => page.locator('.search-results').getAttribute('aria-busy'), WAIT).toBe('false');
    expect(await page.getByText(/is not a valid LEI/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Did you mean/ }).count()).toBe(0);
    await expectAccessible('the sandbox LEI found');

    // Keyboard only, the LEI alone: the same company.
    await page.goto(`${baseUrl}/dashboard`);
    await chooseCountry(page, 'GLO');
    await searchBox().focus();
    await page.keyboard.type('9845001FERNHOLLOW064');
    await page.keyboard.press('Enter');
    await expect.poll(rowNames, WAIT).toContain('FERNHOLLOW ANALYTICS LIMITED');
    expect(await page.getByText(/is not a valid LEI/).count()).toBe(0);
  });
});

describe('the search limit', () => {
  it('does not count a search that is only a mistyped identifier (it reaches no provider); it counts a search that does', async () => {
    const database = await openProductDatabase();
    try {
      const key = `search:${await demoAccountId(database)}`;
      /** The account's count of streamed searches in the current window, and when that window ends. */
      const counted = async () => {
        const found = await database.db.execute<{ points: number; expire: string | null }>(
          sql`select points, expire::text from rate_limits where key = ${key}`,
        );
        return { points: Number(found.rows[0]?.points ?? 0), window: found.rows[0]?.expire ?? null };
      };
      const settled = () => expect.poll(() => page.locator('.search-results').getAttribute('aria-busy'), WAIT).toBe('false');
      // Three searches in one window of the count (a window that ends between two reads is tried again).
      for (let attempt = 1; ; attempt += 1) {
        await search('Wattle Bay Coffee');
        await settled();
        const named = await counted();
        await search('ABN 12 345 678 901');
        await page.getByRole('status').filter({ hasText: 'is not a valid ABN' }).waitFor(WAIT);
        await settled();
        const mistyped = await counted();
        await search('Kookaburra Kitchens');
        await settled();
        const namedAgain = await counted();
        if ((named.window !== mistyped.window || mistyped.window !== namedAgain.window) && attempt < 3) continue;
        expect(named.window).not.toBeNull();
        expect([mistyped.window, namedAgain.window]).toEqual([named.window, named.window]);
        expect(mistyped.points, 'the mistyped identifier is given its count back').toBe(named.points);
        expect(namedAgain.points, 'a search that reaches a provider is counted').toBe(named.points + 1);
        break;
      }
    } finally {
      await database.close();
    }
  });
});

describe('the whole run', () => {
  it('raised no uncaught page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
