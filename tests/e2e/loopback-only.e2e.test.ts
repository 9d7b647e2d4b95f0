/**
 * The browser's side of the loopback-only guard: a page's request to a host outside loopback never leaves the
 * machine and is reported, so the guard (support/outbound-guard.ts) fails the test that made it; loopback works.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/browser';
import { takeOutboundRequests } from './support/outbound-requests';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
});

describe('requests from the browser under test', () => {
  it('reach the product on loopback and are not reported', async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${inject('baseUrl')}/api/health`);
      expect(response?.status()).toBe(200);
      expect(takeOutboundRequests()).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('to a host outside loopback fail without leaving the machine, and are reported', async () => {
    const page = await browser.newPage();
    try {
      const outside = 'http://93.184.216.34/pixel.png';
      const failed = page.waitForEvent('requestfailed', (request) => request.url() === outside);
      await page.setContent(`<img src="${outside}" alt="">`);
      const request = await failed;
      expect(request.failure()?.errorText).toMatch(/ERR_PROXY_CONNECTION_FAILED|ERR_TUNNEL_CONNECTION_FAILED/);
      // Taken here, so the guard's own check after this test finds nothing left.
      expect(takeOutboundRequests()).toEqual([outside]);
    } finally {
      await page.context().close();
    }
  });
});
