/**
 * The web shell end to end, in Debian's Chromium against the real product (demo seed included):
 * the session gate, sign-in (and its inline error), the dashboard search, /search, sign-out.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../src/adapters/db/seed/demo-seed';
import { launchChromium } from './support/browser';
import { countryBox, searchBox } from './support/search-form';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

describe('without a session', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext();
  });
  afterAll(async () => {
    await context.close();
  });

  it('sends every page to sign-in', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.goto(`${baseUrl}/engage`);
    expect(pathOf(page)).toBe('/sign-in?next=%2Fengage');
    await page.close();
  });

  it('answers API calls with 401 JSON', async () => {
    const response = await context.request.post(`${baseUrl}/api/organisations/quick-search`, { data: { query: 'acme', countryIsoAlpha3: 'AUS' } });
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('shows an inline error for a wrong password and stays on sign-in', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sign-in`);
    await signIn(page, DEMO_USER_EMAIL, 'not-the-password');
    await expect.poll(() => page.locator('#sign-in-error').textContent()).toContain('Wrong email or password');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.close();
  });
});

describe('signed in as the demo user', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard`);
    await signIn(page, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
  afterAll(async () => {
    await context.close();
  });

  it('shows the header with navigation and who is signed in', async () => {
    const header = page.locator('header');
    await expect.poll(() => header.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await header.getByRole('link', { name: 'Engage' }).count()).toBe(1);
    expect(await header.getByRole('link', { name: 'Identify' }).count()).toBe(1);
    expect(await header.textContent()).toContain(DEMO_USER_EMAIL);
  });

  it('searches a demo organisation and lists it with its Existing badge, country and domain; the URL records the search', async () => {
    const search = searchBox(page);
    await search.fill('Wattle Bay Coffee');
    await search.press('Enter');
    const result = page.locator('li.result', { hasText: 'Wattle Bay Coffee Roasters Pty Ltd' });
    await result.waitFor({ timeout: 15_000 });
    expect(await result.locator('.badge-existing').textContent()).toBe('Existing');
    expect(await result.textContent()).toContain('AUS');
    expect(await result.textContent()).toContain('wattlebaycoffee.com.au');
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('Wattle Bay Coffee');
    expect(url.searchParams.get('country')).toBe('AUS');
  });

  it('shows no Existing badge for an organisation the account does not list; the button runs the search', async () => {
    await searchBox(page).fill('Blue Gum Timber');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const result = page.locator('li.result', { hasText: 'Blue Gum Timber Co Pty Ltd' });
    await result.waitFor({ timeout: 15_000 });
    expect(await result.locator('.badge-existing').count()).toBe(0);
  });

  it('does not search on keystrokes or for a blank query', async () => {
    const quickSearches: string[] = [];
    const listener = (request: { url(): string }) => {
      if (request.url().includes('/api/organisations/quick-search')) quickSearches.push(request.url());
    };
    page.on('request', listener);
    await page.goto(`${baseUrl}/dashboard`);
    const search = searchBox(page);
    await search.pressSequentially('Koala', { delay: 20 });
    await search.fill('   ');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForTimeout(500);
    page.off('request', listener);
    expect(quickSearches).toEqual([]);
    expect(await page.locator('li.result').count()).toBe(0);
  });

  it('pre-fills q and country from the URL without running the search', async () => {
    let searched = false;
    const listener = (request: { url(): string }) => {
      if (request.url().includes('/api/organisations/quick-search')) searched = true;
    };
    page.on('request', listener);
    await page.goto(`${baseUrl}/dashboard?q=Koala&country=NZL`);
    expect(await searchBox(page).inputValue()).toBe('Koala');
    expect(await countryBox(page).inputValue()).toBe('New Zealand');
    await page.waitForTimeout(500);
    page.off('request', listener);
    expect(searched).toBe(false);
    expect(await page.locator('li.result').count()).toBe(0);
  });

  it('offers the country picker in the spec order', async () => {
    await page.getByRole('button', { name: /Show countries/ }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor({ timeout: 15_000 });
    const labels = (await options.allTextContents()).map((label) => label.trim());
    expect(labels.slice(0, 7)).toEqual(['Global', 'Australia', 'New Zealand', 'Canada', 'China', 'United Kingdom', 'United States']);
    // The divider sits between the pinned seven and the rest.
    const afterDivider = await page.locator('.country-picker-divider [role="option"]').first().textContent();
    expect(afterDivider?.trim()).toBe(labels[7]);
    await page.keyboard.press('Escape');
  });

  it('redirects /search to /dashboard, keeping q and country', async () => {
    await page.goto(`${baseUrl}/search?q=Acme&country=GBR`);
    expect(pathOf(page)).toBe('/dashboard?q=Acme&country=GBR');
  });

  it('has an engage page with the same search', async () => {
    await page.goto(`${baseUrl}/engage`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Engage');
    const search = searchBox(page);
    await search.fill('Koala Logistics');
    await search.press('Enter');
    await page.locator('li.result', { hasText: 'Koala Logistics' }).first().waitFor({ timeout: 15_000 });
  });

  it('signs out, after which pages need signing in again', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-in');
    await page.goto(`${baseUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });
});
