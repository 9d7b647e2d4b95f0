/**
 * The browser's side of the loopback-only guard (tests/setup/loopback-only.ts guards the test process and the
 * product under test). Chromium is launched with a dead proxy for everything that is not loopback (it never
 * proxies loopback), so no page request can leave the machine; every context `launchChromium` makes reports
 * such requests here, and tests/e2e/support/outbound-guard.ts fails the test that made one.
 */
import type { BrowserContext } from 'playwright-core';
import { isLoopbackAddress } from '../../setup/loopback-address';

/** Chromium's launch arguments that send every request outside loopback to a port nothing listens on. */
export const NO_REQUEST_LEAVES_LOOPBACK = ['--proxy-server=http://127.0.0.1:9'];

const NETWORK_PROTOCOLS = new Set(['http:', 'https:', 'ws:', 'wss:']);
const outbound: string[] = [];

export function leavesLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return NETWORK_PROTOCOLS.has(protocol) && hostname !== 'localhost' && !isLoopbackAddress(hostname);
}

/** Reports the context's requests to hosts outside loopback. */
export function watchOutboundRequests(context: BrowserContext): void {
  context.on('request', (request) => {
    if (leavesLoopback(request.url())) outbound.push(request.url());
  });
}

/** The requests outside loopback since the last call. */
export function takeOutboundRequests(): string[] {
  return outbound.splice(0);
}
