/**
 * Manual NAICS classification in the browser (Debian Chromium against the real product, demo seed):
 * the add control's visibility states, the lazy combobox and its keyboard paths, the add, the latch
 * surviving the classification appearing, focus restore, the inline error, the soft notice and the
 * ConflictError message, on the identify sidebar, the analyst page and the spotlight scorecard.
 * Data is arranged directly in the product's database: the flag for the demo account, settled profiles,
 * the account's transactions, a pre-existing classification, a held lock.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { demoAccountId, openProductDatabase } from './support/product-database';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { FLAGS } from '../../src/core/flags';
import { organisationNaicsLockKey } from '../../src/server/naics/add-organisation-naics';
import { CONFLICT_MESSAGE, UNSYNCED_NOTICE } from '../../src/components/naics/add-naics-control-state';
import { launchChromium, openDemoPage } from './support/browser';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let accountId: string;
const ids: Record<string, string> = {};
/** Uncaught exceptions and React hydration errors seen in the page during the whole file. */
const pageErrors: string[] = [];

/** The demo organisations each test uses (all global and in the demo account's list). */
const ORGANISATIONS = {
  identify: 'Wattle Bay Coffee Roasters Pty Ltd',
  identifyOther: 'Kiwi Dairy Cooperative Limited',
  analyst: 'Southern Cross Solar Pty Ltd',
  spotlight: 'Kookaburra Software Pty Ltd',
  softNotice: 'Golden Gate Analytics Inc.',
  conflict: 'Fenland Produce Growers Limited',
  classified: 'Yarra Valley Dairy Pty Ltd',
  enriching: 'Manuka Honey Collective Limited',
} as const;

async function setFlag(value: boolean): Promise<void> {
  await setFlagValue(database.db, { flagKey: FLAGS.manualNaicsClassification.key, accountId, value });
}

async function arrange(): Promise<void> {
  database = await openProductDatabase();
  const { db } = database;
  accountId = await demoAccountId(database);
  for (const [role, name] of Object.entries(ORGANISATIONS)) {
    const found = await db.execute<{ id: string }>(sql`
      select o.id from organisations o join account_organisations ao on ao.organisation_id = o.id and ao.account_id = ${accountId}::uuid
      where o.name = ${name} and not exists (select 1 from organisation_owners oo where oo.organisation_id = o.id)`);
    const id = found.rows[0]?.id;
    if (!id) throw new Error(`demo organisation ${name} is missing from the demo account's list`);
    ids[role] = id;
    if (role !== 'enriching') await db.execute(sql`update organisations set profile_status = 'COMPLETED', profile_checked_at = now() where id = ${id}::uuid`);
    await db.execute(sql`
      insert into transactions (account_id, organisation_id, type, amount, currency, date)
      values (${accountId}::uuid, ${id}::uuid, 'SPENT', 1200, 'AUD', '2026-03-01'), (${accountId}::uuid, ${id}::uuid, 'SPENT', 800, 'AUD', '2026-06-01')`);
  }
  await db.execute(sql`
    insert into organisation_aquila1 (organisation_id, aquila1_code, "for", weight)
    select ${ids.classified}::uuid, code, 'SPENT', 1 from aquila1 where code = 'DEMO-11'`);
}

beforeAll(async () => {
  await arrange();
  await setFlag(true);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    await setFlag(false).catch(() => undefined);
    await database.close();
  }
});

// ---------------------------------------------------------------- helpers

const trigger = (scope: Page | Locator) => scope.getByRole('button', { name: '+ Add NAICS code' });
const combobox = (scope: Page | Locator) => scope.getByRole('combobox', { name: 'Add a NAICS code' });
const statusRegion = (scope: Page | Locator) => scope.locator('.naics-add [role="status"]');

/** What has the focus: the add trigger, the combobox, or something else. */
async function focused(p: Page): Promise<string> {
  return p.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    if (element.classList.contains('naics-add-trigger')) return 'trigger';
    if (element.getAttribute('role') === 'combobox') return 'combobox';
    return `${element.tagName.toLowerCase()}.${element.className}`;
  });
}

async function eventually<T>(read: () => Promise<T>, expected: T, timeout = WAIT.timeout): Promise<void> {
  await expect.poll(read, { timeout, interval: 100 }).toEqual(expected);
}

/**
 * Expands the control, types a term, waits for the options, and moves to the expected one with the keyboard (the
 * options are by name, and a term also finds codes through their index entries, so it need not be the first).
 */
async function addByKeyboard(scope: Page | Locator, term: string, expectedOption: string): Promise<void> {
  await trigger(scope).click();
  const input = combobox(scope);
  await input.waitFor(WAIT);
  await eventually(() => focused(page), 'combobox');
  await input.pressSequentially(term, { delay: 30 });
  const option = scope.getByRole('option', { name: expectedOption });
  await option.waitFor(WAIT);
  const options = await scope.getByRole('option').evaluateAll((nodes) => nodes.map((node) => node.id));
  const steps = options.indexOf((await option.getAttribute('id')) ?? '') + 1;
  expect(steps, `${expectedOption} among the options`).toBeGreaterThan(0);
  for (let step = 0; step < steps; step += 1) await input.press('ArrowDown');
  await eventually(() => option.getAttribute('aria-selected'), 'true');
  expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
  await input.press('Enter');
}

// ---------------------------------------------------------------- analyst

describe('analyst page', () => {
  const analystUrl = () => `${baseUrl}/organisations/${ids.analyst}/analyst`;

  it('hides the control with the flag off', async () => {
    await setFlag(false);
    try {
      await page.goto(analystUrl());
      await page.getByRole('heading', { level: 1, name: ORGANISATIONS.analyst }).waitFor(WAIT);
      await page.locator('[data-surface="analyst"]').waitFor(WAIT);
      expect(await page.getByText('No NAICS code').count()).toBe(1);
      expect(await trigger(page).count()).toBe(0);
      expect(await page.locator('.naics-add').count()).toBe(0);
    } finally {
      await setFlag(true);
    }
  });

  it('hides the control while enrichment is not settled, and for an organisation already classified', async () => {
    await page.goto(`${baseUrl}/organisations/${ids.enriching}/analyst`);
    await page.getByRole('heading', { level: 1, name: ORGANISATIONS.enriching }).waitFor(WAIT);
    // The organisation's heading comes with its layout; the surface streams in after it (the route's loading state).
    await page.locator('[data-surface="analyst"]').waitFor(WAIT);
    expect(await trigger(page).count()).toBe(0);
    await page.goto(`${baseUrl}/organisations/${ids.classified}/analyst`);
    await page.getByRole('heading', { level: 1, name: ORGANISATIONS.classified }).waitFor(WAIT);
    await page.locator('[data-surface="analyst"]').waitFor(WAIT);
    expect(await page.getByRole('cell', { name: /DEMO-11/ }).count()).toBe(1);
    expect(await trigger(page).count()).toBe(0);
  });

  it('shows the collapsed trigger for a settled, unclassified organisation without taking the focus; hover prefetches the combobox', async () => {
    await page.goto(analystUrl());
    await trigger(page).waitFor(WAIT);
    expect(await trigger(page).getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toBe('body');
    expect(await statusRegion(page).getAttribute('aria-live')).toBe('polite');
    expect(await combobox(page).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    const onRequest = (request: { url(): string; resourceType(): string }) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    page.on('request', onRequest);
    await trigger(page).hover();
    await eventually(async () => scripts.length > 0, true, 5_000);
    page.off('request', onRequest);
    // The combobox is not rendered until the trigger is pressed.
    expect(await combobox(page).count()).toBe(0);
  });

  it('combobox: below two characters nothing opens; empty answer; Escape closes the popup and keeps the focus; outside press collapses', async () => {
    await page.goto(analystUrl());
    await trigger(page).click();
    const input = combobox(page);
    await input.waitFor(WAIT);
    await eventually(() => focused(page), 'combobox');
    // The typeahead's requests: none below two characters; keys 20 ms apart make one, for the last term (the debounce).
    const searches: string[] = [];
    const onSearch = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/naics/search') searches.push(url.searchParams.get('term') ?? '');
    };
    page.on('request', onSearch);
    await input.press('s');
    await page.waitForTimeout(500);
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(searches).toEqual([]);
    await input.pressSequentially('zzq', { delay: 20 });
    await eventually(() => page.locator('.naics-combobox-status').textContent(), 'No NAICS industry matches "szzq"');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    page.off('request', onSearch);
    expect(searches).toEqual(['szzq']);
    expect(await page.getByRole('option').count()).toBe(0);
    await input.fill('solar');
    await page.getByRole('option', { name: /221114/ }).waitFor(WAIT);
    expect(await input.getAttribute('aria-controls')).toBe(await page.getByRole('listbox').getAttribute('id'));
    // Clearable: the clear button empties the input, closes the popup and leaves the focus in the input.
    await page.getByRole('button', { name: 'Clear search' }).click();
    expect(await input.inputValue()).toBe('');
    await eventually(() => input.getAttribute('aria-expanded'), 'false');
    expect(await focused(page)).toBe('combobox');
    await input.fill('solar');
    await page.getByRole('option', { name: /221114/ }).waitFor(WAIT);
    await input.press('Escape');
    await eventually(() => input.getAttribute('aria-expanded'), 'false');
    expect(await focused(page)).toBe('combobox');
    expect(await trigger(page).count()).toBe(0);
    // ArrowDown reopens; removing characters below minChars resets to idle and closes the popup.
    await input.press('ArrowDown');
    await eventually(() => input.getAttribute('aria-expanded'), 'true');
    await input.fill('s');
    await eventually(() => input.getAttribute('aria-expanded'), 'false');
    // An outside press collapses the control back to its trigger.
    await page.getByRole('heading', { level: 1 }).click();
    await trigger(page).waitFor(WAIT);
    expect(await combobox(page).count()).toBe(0);
  });

  it('focus leaving the combobox collapses it', async () => {
    await page.goto(analystUrl());
    await trigger(page).click();
    await combobox(page).waitFor(WAIT);
    await eventually(() => focused(page), 'combobox');
    await page.keyboard.press('Tab');
    await trigger(page).waitFor(WAIT);
    expect(await combobox(page).count()).toBe(0);
  });

  it('understands words (issue 21 section 4): "fasteners" finds what "fastener" finds, through titles and the index entries, and says which entry matched; by keyboard', async () => {
    await page.goto(analystUrl());
    await trigger(page).click();
    const input = combobox(page);
    await input.waitFor(WAIT);
    await eventually(() => focused(page), 'combobox');
    const codesFor = async (term: string): Promise<string[]> => {
      await input.fill(term);
      await page.getByRole('option').first().waitFor(WAIT);
      await eventually(() => input.getAttribute('aria-busy').then((busy) => busy !== 'true'), true);
      return page.locator('.naics-combobox-option-code').allTextContents();
    };
    const plural = await codesFor('fasteners');
    // Hardware merchant wholesalers sell fasteners (an index entry, not the title); bolt and screw makers by their titles.
    expect(plural).toEqual(expect.arrayContaining(['423710', '332722']));
    const hardware = page.getByRole('option', { name: /423710 Hardware Merchant Wholesalers/ });
    expect(await hardware.locator('.naics-combobox-option-phrase').textContent()).toMatch(/^Index entry: “.*fasteners.*”$/i);
    await page.screenshot({ path: '/tmp/naics-fasteners-1440.png' });
    // The singular finds the same codes (a literal substring search found a code for "fastener" and none for "fasteners").
    expect(await codesFor('fastener')).toEqual(plural);
    expect(await codesFor('screws')).toEqual(await codesFor('screw'));
    // A word NAICS does not use ("widgets": no title, index entry or description) is answered honestly, in both forms.
    for (const term of ['widgets', 'widget']) {
      await input.fill(term);
      await eventually(() => page.locator('.naics-combobox-status').textContent(), `No NAICS industry matches "${term}"`);
      expect(await page.getByRole('option').count()).toBe(0);
    }
    // By keyboard: the arrows reach the index-entry match; Escape closes without adding anything.
    await input.fill('fasteners');
    await hardware.waitFor(WAIT);
    const ids = await page.getByRole('option').evaluateAll((nodes) => nodes.map((node) => node.id));
    const steps = ids.indexOf((await hardware.getAttribute('id')) ?? '') + 1;
    for (let step = 0; step < steps; step += 1) await input.press('ArrowDown');
    await eventually(() => hardware.getAttribute('aria-selected'), 'true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await hardware.getAttribute('id'));
    await input.press('Escape');
    await eventually(() => input.getAttribute('aria-expanded'), 'false');
    expect(await page.locator('.naics-tag', { hasText: '423710' }).count()).toBe(0);
  });

  it('adds a code by keyboard: collapses, refocuses the trigger, stays latched while the server re-render shows the classification and figures', async () => {
    await page.goto(analystUrl());
    await trigger(page).waitFor(WAIT);
    const shareCell = page.locator('.figures-share').first();
    expect(await shareCell.textContent()).toBe('0%');
    await addByKeyboard(page, 'solar', '221114 Solar Electric Power Generation');
    // Server re-render from the path refresh: tags, weights per type, figures.
    await page.locator('.naics-tag', { hasText: '221114' }).waitFor(WAIT);
    await eventually(() => focused(page), 'trigger');
    expect(await combobox(page).count()).toBe(0);
    await page.getByRole('region', { name: 'Aquila1 classification: Spend' }).getByRole('cell', { name: '100%' }).waitFor(WAIT);
    await page.getByRole('region', { name: 'Aquila1 classification: Investment' }).getByRole('cell', { name: '100%' }).waitFor(WAIT);
    await eventually(() => shareCell.textContent(), '100%');
    // Latched: the organisation is classified now, the control stays for the rest of the mount.
    expect(await trigger(page).count()).toBe(1);
    expect(await page.locator('.naics-add[data-latched]').count()).toBe(1);
    expect(await statusRegion(page).textContent()).toBe('');
    // The focus went back once: it does not jump back after moving elsewhere.
    await page.getByRole('link', { name: 'Spotlight' }).focus();
    await page.waitForTimeout(300);
    expect(await focused(page)).not.toBe('trigger');
    // A new mount sees a classified organisation: hidden.
    await page.reload();
    await page.locator('.naics-tag', { hasText: '221114' }).waitFor(WAIT);
    expect(await trigger(page).count()).toBe(0);
  });

  it('disables the combobox while the add is pending; a code that maps to no sector succeeds with the soft notice', async () => {
    await page.goto(`${baseUrl}/organisations/${ids.softNotice}/analyst`);
    // Hold the server action's request for a moment to observe the pending state.
    const pattern = `**/organisations/${ids.softNotice}/analyst`;
    await page.route(pattern, async (route) => {
      if (route.request().method() === 'POST' && route.request().headers()['next-action']) await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await addByKeyboard(page, '921110', '921110 Executive Offices');
    await eventually(() => combobox(page).isDisabled(), true);
    expect(await page.getByRole('option', { name: /921110/ }).getAttribute('aria-disabled')).toBe('true');
    await eventually(() => statusRegion(page).textContent(), UNSYNCED_NOTICE);
    await page.unroute(pattern);
    await page.locator('.naics-tag', { hasText: '921110' }).waitFor(WAIT);
    await eventually(() => focused(page), 'trigger');
    expect(await page.getByText('Not classified').count()).toBe(2);
  });

  describe('with the organisation locked by another add', () => {
    const key = () => organisationNaicsLockKey(ids.conflict ?? '');
    beforeAll(async () => {
      await database.db.execute(sql`insert into locks (key, owner, expires_at) values (${key()}, 'e2e', now() + interval '5 minutes')
        on conflict (key) do update set owner = 'e2e', expires_at = excluded.expires_at`);
    });
    afterAll(async () => {
      await database.db.execute(sql`delete from locks where key = ${key()}`);
    });

    it('shows the failure inline; the control stays expanded, enabled and focused; nothing was added', async () => {
      await page.goto(`${baseUrl}/organisations/${ids.conflict}/analyst`);
      await addByKeyboard(page, 'solar', '221114 Solar Electric Power Generation');
      await eventually(async () => (await statusRegion(page).getAttribute('class'))?.includes('naics-add-status-error'), true);
      expect(((await statusRegion(page).textContent()) ?? '').length).toBeGreaterThan(0);
      const input = combobox(page);
      expect(await input.count()).toBe(1);
      await eventually(() => input.isDisabled(), false);
      await eventually(() => focused(page), 'combobox');
      expect(await page.getByText('No NAICS code').count()).toBe(1);
      expect(await page.locator('.naics-add[data-latched]').count()).toBe(0);
    });

    it('names a ConflictError with the friendlier "already in progress, try again shortly" message', async () => {
      await page.goto(`${baseUrl}/organisations/${ids.conflict}/analyst`);
      await addByKeyboard(page, 'solar', '221114 Solar Electric Power Generation');
      expect(CONFLICT_MESSAGE).toContain('already in progress, try again shortly');
      await eventually(() => statusRegion(page).textContent(), CONFLICT_MESSAGE);
    });
  });
});

// ---------------------------------------------------------------- spotlight

describe('spotlight scorecard', () => {
  it('adds a code: the control in the tags row is not remounted, the scorecard and the client figures and counts refresh', async () => {
    await page.goto(`${baseUrl}/organisations/${ids.spotlight}/spotlight`);
    await trigger(page).waitFor(WAIT);
    expect(await focused(page)).toBe('body');
    expect(await page.locator('[data-tile="classification"]').textContent()).toBe('Unclassified');
    expect(await page.locator('[data-tile="spend-share"]').textContent()).toBe('0%');
    const unclassifiedBefore = Number(await page.locator('[data-flag="unclassified"]').textContent());
    // Mark the control's element: a remount would replace it.
    await page.locator('.scorecard-tags .naics-add').evaluate((element) => element.setAttribute('data-e2e-mark', 'kept'));

    await addByKeyboard(page, 'software publ', '511210 Software Publishers');
    await page.locator('.naics-tag', { hasText: '511210' }).waitFor(WAIT);
    await eventually(() => page.locator('[data-tile="classification"]').textContent(), 'Classified');
    await eventually(() => page.locator('[data-tile="spend-share"]').textContent(), '100%');
    await eventually(() => page.locator('.live-figures .figures-share').first().textContent(), '100%');
    await eventually(async () => Number(await page.locator('[data-flag="unclassified"]').textContent()), unclassifiedBefore - 1);
    // Both client queries were refetched after the latch invalidated them (they started from the server's values).
    expect(await page.locator('.live-figures').getAttribute('data-refetched')).toBe('true');
    expect(await page.locator('.live-flag-counts').getAttribute('data-refetched')).toBe('true');
    await eventually(() => focused(page), 'trigger');
    expect(await page.locator('.scorecard-tags .naics-add[data-e2e-mark="kept"][data-latched]').count()).toBe(1);
  });
});

// ---------------------------------------------------------------- identify sidebar

describe('identify sidebar', () => {
  it('opens on a row, adds a code with a targeted patch (the table stays stale), latches, and resets on an organisation switch', async () => {
    await page.goto(`${baseUrl}/identify`);
    const row = page.locator(`tr[data-organisation-id="${ids.identify}"]`);
    await row.waitFor(WAIT);
    expect(await row.locator('[data-column="classification"]').textContent()).toBe('Unclassified');
    // Hidden in the sidebar of an organisation already classified.
    await page.getByRole('button', { name: ORGANISATIONS.classified }).click();
    const sidebar = page.getByRole('complementary', { name: 'Organisation details' });
    await sidebar.getByRole('heading', { name: ORGANISATIONS.classified }).waitFor(WAIT);
    await sidebar.getByText('DEMO-11').first().waitFor(WAIT);
    expect(await trigger(sidebar).count()).toBe(0);

    await page.getByRole('button', { name: ORGANISATIONS.identify }).click();
    await sidebar.getByRole('heading', { name: ORGANISATIONS.identify }).waitFor(WAIT);
    await trigger(sidebar).waitFor(WAIT);
    expect(new URL(page.url()).searchParams.get('organisation')).toBe(ids.identify);
    await sidebar.locator('.figures-share').first().waitFor(WAIT);
    expect(await sidebar.locator('.figures-share').first().textContent()).toBe('0%');

    const documentRequests: string[] = [];
    const onRequest = (request: { url(): string; resourceType(): string; headers(): Record<string, string> }) => {
      if (request.resourceType() === 'document' || request.headers()['rsc'] === '1') documentRequests.push(request.url());
    };
    page.on('request', onRequest);
    await addByKeyboard(sidebar, 'coffee', '311920 Coffee and Tea Manufacturing');
    await sidebar.locator('.naics-tag', { hasText: '311920' }).waitFor(WAIT);
    await sidebar.getByRole('region', { name: 'Aquila1 classification: Spend' }).getByRole('cell', { name: '100%' }).waitFor(WAIT);
    await eventually(() => sidebar.locator('.figures-share').first().textContent(), '100%');
    await eventually(() => focused(page), 'trigger');
    expect(await trigger(sidebar).count()).toBe(1);
    page.off('request', onRequest);
    // No layout refresh of /identify: the table behind the sidebar stays stale.
    expect(documentRequests).toEqual([]);
    expect(await row.locator('[data-column="classification"]').textContent()).toBe('Unclassified');

    // Switching organisation remounts the control (keyed): back on the now classified one, it is hidden.
    await page.getByRole('button', { name: ORGANISATIONS.identifyOther }).click();
    await sidebar.getByRole('heading', { name: ORGANISATIONS.identifyOther }).waitFor(WAIT);
    await page.getByRole('button', { name: ORGANISATIONS.identify }).click();
    await sidebar.getByRole('heading', { name: ORGANISATIONS.identify }).waitFor(WAIT);
    await sidebar.locator('.naics-tag', { hasText: '311920' }).waitFor(WAIT);
    expect(await trigger(sidebar).count()).toBe(0);

    // After navigation the table shows the classification.
    await page.reload();
    await eventually(() => page.locator(`tr[data-organisation-id="${ids.identify}"] [data-column="classification"]`).textContent(), 'Classified');
  });

  it('hides the control in the sidebar with the flag off', async () => {
    await setFlag(false);
    try {
      await page.goto(`${baseUrl}/identify?organisation=${ids.conflict}`);
      const sidebar = page.getByRole('complementary', { name: 'Organisation details' });
      await sidebar.getByRole('heading', { name: ORGANISATIONS.conflict }).waitFor(WAIT);
      await sidebar.getByText('No NAICS code', { exact: true }).waitFor(WAIT);
      expect(await trigger(sidebar).count()).toBe(0);
    } finally {
      await setFlag(true);
    }
  });
});

describe('the whole run', () => {
  it('raised no uncaught page error and no hydration error', () => {
    expect(pageErrors).toEqual([]);
  });
});
