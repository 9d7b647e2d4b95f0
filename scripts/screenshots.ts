/**
 * `npm run screenshots`: regenerates the README's screenshots from the sandbox demo. Starts the product the
 * way the browser tests do (tests/e2e/support/start-product.ts: a fresh demo, sandbox fakes at zero latency;
 * TEST_DATABASE_URL picks a PostgreSQL server, else the embedded one), signs in as the demo user, and writes
 * desktop (1440 px) and phone (390 px) PNGs of the main pages and states into docs/screenshots/.
 * Every step waits for a role or a text, never for a fixed time. Needs a production build (`npm run build`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../src/adapters/db/seed/demo-seed';
import { launchChromium } from '../tests/e2e/support/browser';
import { startProduct } from '../tests/e2e/support/start-product';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const WIDTHS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const WAIT = { timeout: 30_000 };

/** One screenshot state: how to get there from a signed-in page. */
interface Shot {
  readonly name: string;
  readonly arrive: (page: Page, baseUrl: string) => Promise<void>;
}

async function heading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name }).first().waitFor(WAIT);
}

async function searchBox(page: Page) {
  const box = page.locator('main').getByRole('searchbox').or(page.locator('main').getByRole('combobox')).first();
  await box.waitFor(WAIT);
  return box;
}

/** The identify table sorted by NAICS count, its first row opened in the sidebar. */
async function openClassifiedInSidebar(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/identify?sort=-naics`);
  const first = page.getByRole('table', { name: 'Your organisations' }).locator('tbody .identify-row-open').first();
  await first.click();
  const sidebar = page.getByRole('complementary', { name: 'Organisation details' });
  await sidebar.locator('.naics-tag').first().waitFor(WAIT);
  await sidebar.getByRole('heading', { name: 'Figures' }).waitFor(WAIT);
  await sidebar.getByText('Loading figures…').waitFor({ ...WAIT, state: 'hidden' });
}

/** The sidebar's link to one of the organisation's pages. */
async function followSidebarLink(page: Page, baseUrl: string, name: string): Promise<void> {
  await openClassifiedInSidebar(page, baseUrl);
  const link = page.getByRole('complementary', { name: 'Organisation details' }).getByRole('link', { name });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`the sidebar has no "${name}" link`);
  await page.goto(`${baseUrl}${href}`);
}

const SHOTS: readonly Shot[] = [
  {
    name: 'dashboard',
    arrive: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/dashboard`);
      await searchBox(page);
    },
  },
  {
    name: 'dashboard-results-koala',
    arrive: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/dashboard`);
      const box = await searchBox(page);
      await box.fill('koala');
      await box.press('Enter');
      await page.locator('main').getByText(/Koala/).first().waitFor(WAIT);
      // The stream has ended when the network is quiet.
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'identify',
    arrive: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/identify`);
      await page.getByRole('table', { name: 'Your organisations' }).waitFor(WAIT);
    },
  },
  {
    name: 'search-why-these-matches',
    arrive: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/dashboard`);
      const box = await searchBox(page);
      await box.fill('Acme Widgets Pty Ltd');
      await box.press('Enter');
      await page
        .locator('main')
        .getByText(/Acme Widgets/)
        .first()
        .waitFor(WAIT);
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Why these matches?' }).click();
      await page.getByRole('button', { name: 'Hide why these match' }).waitFor(WAIT);
    },
  },
  {
    name: 'match-review',
    arrive: async (page, baseUrl) => {
      // A supplier list: two demo organisations (one mistyped), one only on ABN Lookup, one doubtful, one nobody.
      const file = [
        'Supplier,Country',
        'Acme Widgets Pty Ltd,AU',
        'Wattle Bay Cofee Roasters,AU',
        'Darling Downs Agriculture,AU',
        'Wombat,AU',
        'Nobody Anywhere Trading,AU',
      ].join('\n');
      await page.goto(`${baseUrl}/match`);
      await heading(page, 'Match a supplier list');
      const chooser = page.waitForEvent('filechooser', WAIT);
      await page.getByRole('button', { name: 'Choose a CSV file' }).click();
      await (await chooser).setFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
      await page.getByText('suppliers.csv: 2 columns').waitFor(WAIT);
      // The visible label (the check box itself is visually hidden, as React Aria renders it).
      await page
        .locator('label')
        .filter({ hasText: /Look up rows without a match on their country's registry/ })
        .click();
      await page.getByRole('textbox', { name: 'Default country (for rows without one)' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Match the file' }).click();
      await page.getByText('5 of 5 rows (100%)').waitFor(WAIT);
      await page.getByText(/Registry pass: done/).waitFor(WAIT);
      await page.getByRole('article').first().waitFor(WAIT);
      await page.waitForLoadState('networkidle');
    },
  },
  { name: 'identify-sidebar', arrive: openClassifiedInSidebar },
  {
    name: 'organisation',
    arrive: async (page, baseUrl) => {
      await followSidebarLink(page, baseUrl, 'Profile');
      await heading(page, /\S/);
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'analyst-naics',
    arrive: async (page, baseUrl) => {
      await followSidebarLink(page, baseUrl, 'Analyst page');
      await page.locator('.naics-tag').first().waitFor(WAIT);
      await page.waitForLoadState('networkidle');
    },
  },
];

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const product = await startProduct({ testDatabaseUrl: process.env.TEST_DATABASE_URL?.trim() || undefined });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: WIDTHS.desktop, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard`);
    await page.getByLabel('Email').fill(DEMO_USER_EMAIL);
    await page.getByLabel('Password').fill(DEMO_USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', WAIT);
    for (const shot of SHOTS) {
      for (const [label, viewport] of Object.entries(WIDTHS)) {
        await page.setViewportSize(viewport);
        await shot.arrive(page, product.url);
        const file = path.join(OUT_DIR, `${shot.name}-${label}.png`);
        await page.screenshot({ path: file });
        console.log(`wrote ${path.relative(process.cwd(), file)}`);
      }
    }
    await context.close();
  } catch (error) {
    console.error(product.logTail());
    throw error;
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
