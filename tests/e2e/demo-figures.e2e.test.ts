/**
 * The demo shows everything (issue 21, section 5): the demo account's own transactions, seeded through the
 * product's import, fill an organisation's figures, and adding a NAICS code moves its classified share of
 * spend and unlocks the sector amounts, on the analyst page, by mouse. Nothing is arranged but the flag
 * (the seed turns it on; another file may have turned it off since): the transactions are the seed's.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { DEMO_PINNED_PROFILES } from '../../src/adapters/db/seed/demo-profiles';
import { accountFlags, demoAccountId, openProductDatabase } from './support/product-database';
import { launchChromium, openDemoPage } from './support/browser';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let organisation: { id: string; name: string };

beforeAll(async () => {
  database = await openProductDatabase();
  const accountId = await demoAccountId(database);
  await accountFlags(database, accountId).set('manualNaicsClassification', true);
  // A settled, unclassified organisation on the demo list that the seed gave spend (read, not arranged), and
  // that no other browser test classifies.
  const found = await database.db.execute<{ id: string; name: string }>(sql`
    select o.id, o.name from organisations o
    join account_organisations ao on ao.organisation_id = o.id and ao.account_id = ${accountId}::uuid
    where o.profile_status = 'COMPLETED'
      and not exists (select 1 from organisation_aquila1 a where a.organisation_id = o.id)
      and not (o.name = any(${sql.param([...DEMO_PINNED_PROFILES.keys()])}::text[]))
      and exists (select 1 from transactions t where t.account_id = ${accountId}::uuid and t.organisation_id = o.id and t.type = 'SPENT')
    order by o.name limit 1`);
  const row = found.rows[0];
  if (!row) throw new Error('the demo seed gave no settled, unclassified organisation of the demo list any spend');
  organisation = row;
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await database?.close();
});

const spendRow = () => page.getByRole('table', { name: 'Classified share' }).locator('tr[data-type="SPENT"]');

describe('the demo figures', () => {
  it('shows the seeded spend of an unclassified organisation at 0%; adding a NAICS code by mouse classifies all of it and shows its sector', async () => {
    await page.goto(`${baseUrl}/organisations/${organisation.id}/analyst`);
    await spendRow().waitFor(WAIT);
    expect(await page.locator('.figures-empty').count()).toBe(0);
    const totalBefore = (await spendRow().locator('td').first().textContent()) ?? '';
    expect(totalBefore).toMatch(/\d/);
    expect(await spendRow().locator('.figures-share').textContent()).toBe('0%');
    expect(await page.locator('.figures-locked').textContent()).toBe('Sector figures appear once the organisation is classified.');
    await page.screenshot({ path: '/tmp/newcomer-figures-before.png', fullPage: true });

    await page.getByRole('button', { name: '+ Add NAICS code' }).click();
    const input = page.getByRole('combobox', { name: 'Add a NAICS code' });
    await input.waitFor(WAIT);
    await input.pressSequentially('software publ', { delay: 30 });
    await page.getByRole('option', { name: '511210 Software Publishers' }).click();

    await expect.poll(() => spendRow().locator('.figures-share').textContent(), { timeout: WAIT.timeout, interval: 100 }).toBe('100%');
    expect(await spendRow().locator('td').first().textContent()).toBe(totalBefore);
    const sectors = page.getByRole('table', { name: 'Amount by Aquila1 sector' });
    await sectors.getByRole('cell', { name: '[Demo] Information' }).waitFor(WAIT);
    expect(await page.locator('.figures-locked').count()).toBe(0);
    await page.screenshot({ path: '/tmp/newcomer-figures-after.png', fullPage: true });
  });
});
