/**
 * Security of the served product (issue 10), in Debian's Chromium and over HTTP against the real product
 * (src/main.ts): the security headers on pages, API answers, static files and 404s, a fresh script nonce per
 * page, the signed-in application working under the policy with no violation, framing refused, the sign-in
 * page's `next` kept on our origin, and server actions refusing a cross-site Origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../../src/adapters/db/seed/demo-seed';
import { launchChromium } from './support/browser';
import { searchBox } from './support/search-form';

const baseUrl = inject('baseUrl');
/** Screenshots go where the other browser tests put theirs (outside the repository). */
const SHOTS = '/tmp';
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every Content-Security-Policy violation the browser reported in any page of the signed-in context. */
const violations: string[] = [];

async function signIn(target: Page, next = ''): Promise<void> {
  await target.goto(`${baseUrl}/sign-in${next}`);
  await target.getByLabel('Email').fill(DEMO_USER_EMAIL);
  await target.getByLabel('Password').fill(DEMO_USER_PASSWORD);
  await target.getByRole('button', { name: 'Sign in' }).click();
}

function watch(target: Page): void {
  target.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext();
  page = await context.newPage();
  watch(page);
  await signIn(page);
  await page.waitForURL((url) => url.pathname === '/dashboard');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

function expectSecurityHeaders(headers: Headers | Record<string, string>, what: string): void {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  const policy = get('content-security-policy') ?? '';
  expect(policy, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(policy, what).toContain('https://cdn.brandfetch.io');
  expect(get('x-frame-options'), what).toBe('DENY');
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

describe('security headers on every response', () => {
  it('on pages, API answers, static files and 404s', async () => {
    const signInPage = await fetch(`${baseUrl}/sign-in`);
    expectSecurityHeaders(signInPage.headers, 'page');
    const html = await signInPage.text();
    const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset.headers, 'static file');
    expectSecurityHeaders((await fetch(`${baseUrl}/api/health`)).headers, 'API');
    expectSecurityHeaders((await fetch(`${baseUrl}/api/organisations/quick-search`, { method: 'POST', body: '{}' })).headers, 'API 401');
    expectSecurityHeaders((await fetch(`${baseUrl}/sign-in/no-such-page`)).headers, '404');
  });

  it("gives each page a fresh nonce, and every inline script of the page carries that page's nonce", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${baseUrl}/sign-in`);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
      nonces.push(nonce);
      const scripts = [...(await response.text()).matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('replaces a policy a client sends with its request (the nonce is always ours)', async () => {
    const response = await fetch(`${baseUrl}/sign-in`, { headers: { 'content-security-policy': "script-src 'nonce-chosen-by-client'" } });
    expect(await response.text()).not.toContain('nonce="chosen-by-client"');
  });
});

describe('the signed-in application under the policy', () => {
  it('works (a search runs and lists results) with no policy violation reported', async () => {
    const search = searchBox(page);
    await search.fill('Wattle Bay Coffee');
    await search.press('Enter');
    await page.locator('li.result', { hasText: 'Wattle Bay Coffee Roasters Pty Ltd' }).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(SHOTS, 'security-dashboard-under-csp.png') });
    await page.goto(`${baseUrl}/identify`);
    await page.getByRole('heading').first().waitFor();
    expect(violations).toEqual([]);
  });

  it('renders the not-found page and the root redirect under the policy too (every page is rendered per request, with its nonce)', async () => {
    const before = violations.length;
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await page
      .getByText(/could not be found|not found/i)
      .first()
      .waitFor();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await searchBox(page).waitFor();
    expect(violations.slice(before)).toEqual([]);
  });

  it('cannot be framed by another origin', async () => {
    const framer = await context.newPage();
    const blocked: string[] = [];
    framer.on('console', (message) => blocked.push(message.text()));
    await framer.setContent(`<iframe id="f" src="${baseUrl}/dashboard" width="600" height="400"></iframe>`);
    await expect.poll(() => blocked.some((text) => /frame-ancestors|X-Frame-Options|refused to (connect|display)/i.test(text)), { timeout: 10_000 }).toBe(true);
    const frame = framer.frames().find((f) => f !== framer.mainFrame());
    expect(
      await frame
        ?.locator('header')
        .count()
        .catch(() => 0),
    ).toBe(0);
    await framer.close();
  });
});

describe('where sign-in sends a user (open redirect)', () => {
  const nasty = ['%2F%09%2Fevil.example%2Fx', '%2F%5Cevil.example', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%0A%2Fevil.example'];

  it('a signed-in user opening /sign-in?next=<nasty> stays on our origin (the dashboard)', async () => {
    for (const next of nasty) {
      await page.goto(`${baseUrl}/sign-in?next=${next}`);
      expect(new URL(page.url()).origin, next).toBe(new URL(baseUrl).origin);
      expect(new URL(page.url()).pathname, next).toBe('/dashboard');
    }
  });

  it('signing in with a nasty next lands on the dashboard; a same-origin next is kept', async () => {
    const fresh = await browser.newContext();
    const target = await fresh.newPage();
    await signIn(target, `?next=${nasty[0]}`);
    await target.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(target.url()).origin).toBe(new URL(baseUrl).origin);
    await fresh.clearCookies();
    await signIn(target, '?next=%2Fidentify');
    await target.waitForURL((url) => url.pathname === '/identify');
    await fresh.close();
  });
});

describe('server actions (the Origin of each action call is checked: 403 JSON from another origin)', () => {
  /** The id of a server action, from the build's manifest (what the browser's bundle sends in Next-Action). */
  function actionId(exportName: string): string {
    const manifest = JSON.parse(fs.readFileSync(path.resolve('.next/server/server-reference-manifest.json'), 'utf8')) as {
      node: Record<string, { exportedName?: string; filename?: string }>;
    };
    const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportName);
    if (!found) throw new Error(`no server action ${exportName} in the build`);
    return found[0];
  }

  async function callAction(origin: string): Promise<{ status: number; body: string }> {
    const cookies = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const response = await fetch(`${baseUrl}/dashboard`, {
      method: 'POST',
      headers: {
        'next-action': actionId('selectOrganisationAction'),
        'content-type': 'text/plain;charset=UTF-8',
        origin,
        cookie: cookies,
        accept: 'text/x-component',
      },
      body: JSON.stringify([{ candidate: { _type: 'candidate' } }]),
      redirect: 'manual',
    });
    return { status: response.status, body: await response.text() };
  }

  it('refuse a call from another origin, and answer the same call from ours', async () => {
    const sameOrigin = await callAction(new URL(baseUrl).origin);
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.body).toContain('"ok":false'); // the action ran and rejected the bad candidate
    for (const origin of ['http://evil.example', `http://localhost:${Number(new URL(baseUrl).port) + 1}`]) {
      const crossSite = await callAction(origin);
      expect(crossSite.status, origin).toBe(403);
      expect(JSON.parse(crossSite.body), origin).toEqual({ error: 'This request must come from the application itself', code: 'forbidden' });
    }
  });
});
