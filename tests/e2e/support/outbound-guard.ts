/**
 * Setup file of every browser test: a test during which the page asked for a host outside loopback, or the
 * product under test tried to connect to one (its refusals are logged to the file start-product.ts names in
 * LOOPBACK_GUARD_LOG), fails. This test process itself is guarded by tests/setup/loopback-only.ts.
 */
import fs from 'node:fs';
import { afterEach, expect, inject } from 'vitest';
import { outboundGuardLogOf } from './start-product';
import { takeOutboundRequests } from './outbound-requests';

/** The product's refusals since the last call (the browser test files run one at a time against one product). */
function takeProductRefusals(): string[] {
  const log = outboundGuardLogOf(inject('dataDir'));
  if (!fs.existsSync(log)) return [];
  const refusals = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.writeFileSync(log, '');
  return refusals;
}

afterEach(() => {
  expect({ browser: takeOutboundRequests(), product: takeProductRefusals() }, 'requests outside loopback').toEqual({ browser: [], product: [] });
});
