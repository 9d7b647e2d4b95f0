/** Debian's Chromium driven by playwright-core (no browser download). */
import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../../src/adapters/db/seed/demo-seed';
import { NO_REQUEST_LEAVES_LOOPBACK, watchOutboundRequests } from './outbound-requests';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium whose every context reports its requests outside loopback (none of them leaves: see outbound-requests.ts). */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is missing: apt-get update && apt-get install -y chromium`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...NO_REQUEST_LEAVES_LOOPBACK,
    ],
  });
  // browser.newPage() makes its context through newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    watchOutboundRequests(context);
    return context;
  };
  return browser;
}

/** Collects uncaught page errors and React hydration errors of a page into `into`. */
export function collectPageErrors(page: Page, into: string[]): void {
  page.on('pageerror', (error) => into.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|Minified React error/i.test(message.text())) into.push(message.text());
  });
}

/**
 * A page of its own browser context signed in as the demo user (the demo seed's credentials), on /dashboard;
 * with `pageErrors`, the page's uncaught and hydration errors are collected there.
 */
export async function openDemoPage(
  browser: Browser,
  baseUrl: string,
  options: { viewport?: { width: number; height: number }; pageErrors?: string[] } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  const page = await context.newPage();
  if (options.pageErrors) collectPageErrors(page, options.pageErrors);
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByLabel('Email').fill(DEMO_USER_EMAIL);
  await page.getByLabel('Password').fill(DEMO_USER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return { context, page };
}
