/**
 * Selection and enrichment in the browser (Debian Chromium against the real product, sandbox fakes at zero
 * latency, demo seed): a new registry row selected from the dashboard, the confirm header (Yes and No), the
 * organisation page following PENDING to COMPLETED without a reload, the NAICS add control on the analyst
 * page once settled, an existing row going straight to its destination, the keyboard path, a rejected
 * selection's inline tile, and axe (WCAG 2.2 AA) on each of those states, at 1440 and 390 px.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../src/adapters/db/client';
import { demoAccountId, openProductDatabase } from './support/product-database';
import { setFlagValue } from '../../src/adapters/db/queries/feature-flags';
import { DEMO_PINNED_PROFILES } from '../../src/adapters/db/seed/demo-profiles';
import { FLAGS } from '../../src/core/flags';
import { launchChromium, openDemoPage } from './support/browser';
import { chooseCountry, resultOption, searchBox } from './support/search-form';
import { clearSandboxFaults, setSandboxFaults } from './support/sandbox-faults';
import { expectNoAxeViolations } from './support/accessibility';
import { holdEnrichment } from './support/enrichment-holds';

const baseUrl = inject('baseUrl');
const WAIT = { timeout: 20_000 };
const SCREENSHOTS = '/tmp';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Demo organisations this file selects or rejects (kept out of the Enrich now cases). */
const ARRANGED_BY_THIS_FILE = ['Harbour City Plumbing Pty Ltd', 'Polaris Satellite Services', 'Koala Crown Health Pty. Ltd.'];
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let database: Database;
let accountId: string;
/** Uncaught exceptions and React hydration errors seen in the page during the whole file. */
const pageErrors: string[] = [];

async function setNaicsFlag(value: boolean): Promise<void> {
  await setFlagValue(database.db, { flagKey: FLAGS.manualNaicsClassification.key, accountId, value });
}

beforeAll(async () => {
  database = await openProductDatabase();
  accountId = await demoAccountId(database);
  browser = await launchChromium();
  ({ context, page } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (database) {
    await setNaicsFlag(false).catch(() => undefined);
    await database.close();
  }
});

beforeEach(async () => {
  await page.setViewportSize(DESKTOP);
});

// ---------------------------------------------------------------- helpers

async function search(target: Page, query: string, country: string, path = '/dashboard'): Promise<void> {
  await target.goto(`${baseUrl}${path}`);
  await chooseCountry(target, country);
  const box = searchBox(target);
  await box.fill(query);
  await box.press('Enter');
}

/** A result row (an option of the results listbox, named by the organisation's exact name); a click selects it. */
const rowButton = (target: Page, name: string) => resultOption(target, name);
const rowOf = rowButton;

/** Waits until the search run has finished (both channels settled), so the rows stop changing. */
async function searchFinished(target: Page): Promise<void> {
  await target.locator('.search-results[aria-busy="false"]').waitFor(WAIT);
}

async function expectAccessible(target: Page, state: string, include?: string): Promise<void> {
  await expectNoAxeViolations(target, state, include);
}

async function noHorizontalScroll(target: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await target.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Records every value the profile status panel shows, from now on, in this document (a reload would lose it). */
async function recordProfileStatuses(target: Page): Promise<void> {
  await target.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __profileStatuses: string[] }).__profileStatuses = seen;
    const note = () => {
      const value = document.querySelector('.profile-status-panel')?.getAttribute('data-profile-status');
      if (value && seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-profile-status'] });
    note();
  });
}
const recordedStatuses = (target: Page) => target.evaluate(() => (window as unknown as { __profileStatuses?: string[] }).__profileStatuses ?? null);

const profileStatus = (target: Page) => target.locator('.profile-status-panel').getAttribute('data-profile-status');
const confirmHeader = (target: Page) => target.getByRole('region', { name: 'Is this the company you were looking for?' });

/** The names /identify lists under a name filter (the list is paged, so a row is looked for by name). */
async function identifyNames(target: Page, filter: string): Promise<string[]> {
  await target.goto(`${baseUrl}/identify?filter=${encodeURIComponent(filter)}`);
  await target.getByRole('heading', { level: 1, name: 'Identify' }).waitFor(WAIT);
  return target.locator('.identify-row-open').allTextContents();
}

// ---------------------------------------------------------------- a new organisation

describe('selecting a new registry row', () => {
  const NAME = 'KOALA LOGISTICS PTY LTD';
  let organisationId = '';

  it('creates it, asks at the confirm header, and Yes keeps it; the page follows PENDING to COMPLETED without a reload', async () => {
    await search(page, 'koala', 'AUS');
    const button = rowButton(page, NAME);
    await button.waitFor(WAIT);
    await searchFinished(page);
    expect(await rowOf(page, NAME).locator('.badge-existing').count()).toBe(0);
    await expectAccessible(page, 'search results');

    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    // The enrichment's model calls are held until the PENDING page has been checked: however late the server renders
    // the page (other work on the machine), the worker cannot have settled the profile first. The profile's polls are
    // held too, so the page the server rendered stays as it is while it is checked with axe and photographed; the
    // real status comes through once both are released.
    const enrichment = await holdEnrichment(NAME);
    let releasePolls: () => void = () => undefined;
    const pollsHeld = new Promise<void>((resolve) => {
      releasePolls = resolve;
    });
    const profileApi = new RegExp(`/api/organisations/${UUID}$`);
    await page.route(profileApi, async (route) => {
      await pollsHeld;
      await route.continue().catch(() => undefined);
    });
    try {
      await button.click();
      await page.waitForURL(new RegExp(`/organisations/${UUID}\\?from=search&confirm=1&q=koala&country=AUS$`), WAIT);
      organisationId = new URL(page.url()).pathname.split('/')[2] ?? '';
      await recordProfileStatuses(page);

      const header = confirmHeader(page);
      await header.waitFor(WAIT);
      expect(await header.getByRole('button', { name: 'Yes' }).count()).toBe(1);
      expect(await header.getByRole('button', { name: 'No' }).count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(NAME);
      expect(await profileStatus(page)).toBe('PENDING');
      expect(await page.getByRole('progressbar', { name: 'Enrichment in progress' }).count()).toBe(1);
      await expectAccessible(page, 'confirm header, organisation page PENDING');
      await page.screenshot({ path: `${SCREENSHOTS}/selection-confirm-pending-1440.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await noHorizontalScroll(page);
      await expectAccessible(page, 'confirm header, PENDING, at 390 px');
      await page.screenshot({ path: `${SCREENSHOTS}/selection-confirm-pending-390.png`, fullPage: true });
      await page.setViewportSize(DESKTOP);
    } finally {
      releasePolls();
      await page.unroute(profileApi);
      await enrichment.letGo();
    }

    const header = confirmHeader(page);
    await header.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL(new RegExp(`/organisations/${organisationId}\\?from=search$`), WAIT);
    expect(await confirmHeader(page).count()).toBe(0);

    await expect.poll(() => profileStatus(page), { timeout: 60_000, interval: 200 }).toBe('COMPLETED');
    const statuses = (await recordedStatuses(page)) ?? [];
    expect(statuses[0]).toBe('PENDING');
    expect(statuses[statuses.length - 1]).toBe('COMPLETED');
    // Never reloaded: the document the selection started in is still the one showing the page.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // The header's live status settled too.
    expect(await page.locator('.organisation-meta [data-profile-status]').getAttribute('data-profile-status')).toBe('COMPLETED');
  });

  it("shows the completed profile with each field's source and date, and the verification verdict", async () => {
    await page.goto(`${baseUrl}/organisations/${organisationId}`);
    await page.locator('.profile-status-panel[data-profile-status="COMPLETED"]').waitFor(WAIT);
    const details = page.getByRole('region', { name: 'Details' });
    await details.locator('[data-field="description"]').waitFor(WAIT);
    const sourceLines = await details.locator('.field-source').allTextContents();
    expect(sourceLines.length).toBeGreaterThan(0);
    for (const line of sourceLines) expect(line).toMatch(/from .+ · \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
    // It has a validated website: the company-data provider answered, with evidence links.
    const description = details.locator('[data-field="description"] .field-source');
    expect(await description.textContent()).toContain('from the company-data provider');
    expect(await description.getByRole('link').getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await details.locator('[data-identifier="ABN"]').textContent()).toContain('from the registry');
    const verification = page.getByRole('region', { name: 'Verification' });
    await verification.waitFor(WAIT);
    expect(await verification.textContent()).toContain('Verified from registry evidence');
    for (const tab of ['Profile', 'Analyst', 'Spotlight', 'Engage']) {
      expect(await page.getByRole('navigation', { name: 'Organisation views' }).getByRole('link', { name: tab, exact: true }).count()).toBe(1);
    }
    await expectAccessible(page, 'organisation page COMPLETED');
    await page.screenshot({ path: `${SCREENSHOTS}/organisation-page-1440.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await noHorizontalScroll(page);
    await expectAccessible(page, 'organisation page at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/organisation-page-390.png`, fullPage: true });
  });

  it('the analyst page shows the NAICS codes the enrichment found; classified by them, it offers no "+ Add" (spec)', async () => {
    await setNaicsFlag(true);
    await page.goto(`${baseUrl}/organisations/${organisationId}/analyst`);
    await page.locator('.naics-tag', { hasText: '484121' }).waitFor(WAIT);
    expect(await page.getByRole('button', { name: '+ Add NAICS code' }).count()).toBe(0);
  });

  it('shows the engage destination with the organisation', async () => {
    await page.goto(`${baseUrl}/organisations/${organisationId}/engage`);
    await page.getByRole('heading', { level: 2, name: `Engage with ${NAME}` }).waitFor(WAIT);
    expect(await page.getByRole('link', { name: 'Organisation profile' }).count()).toBe(1);
  });
});

describe('the confirm header', () => {
  it('No rejects the selection: back to the dashboard with the query and country, and the organisation leaves /identify', async () => {
    const NAME = 'SUNSHINE EARLY LEARNING PTY LTD';
    await search(page, 'koala', 'AUS');
    await rowButton(page, NAME).waitFor(WAIT);
    await searchFinished(page);
    await rowButton(page, NAME).click();
    await page.waitForURL(/confirm=1/, WAIT);
    expect(await identifyNames(page, NAME)).toContain(NAME);
    await page.goBack();
    const header = confirmHeader(page);
    await header.waitFor(WAIT);
    await header.getByRole('button', { name: 'No' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', WAIT);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('koala');
    expect(url.searchParams.get('country')).toBe('AUS');
    expect(await searchBox(page).inputValue()).toBe('koala');
    expect(await identifyNames(page, NAME)).not.toContain(NAME);
  });

  it('shows on every destination of a new selection (searchIntent analyst); once settled the analyst page offers "+ Add" without a reload, and a code is added', async () => {
    const NAME = 'KOALA CARE AUSTRALIA LIMITED';
    await setNaicsFlag(true);
    await search(page, 'koala', 'AUS', '/dashboard?searchIntent=analyst');
    await rowButton(page, NAME).waitFor(WAIT);
    await searchFinished(page);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await rowButton(page, NAME).click();
    await page.waitForURL(new RegExp(`/organisations/${UUID}/analyst\\?confirm=1&q=koala&country=AUS$`), WAIT);
    await confirmHeader(page).waitFor(WAIT);
    await page.getByRole('region', { name: 'Classification', exact: true }).waitFor(WAIT);
    await confirmHeader(page).getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/analyst') && url.search === '', WAIT);
    expect(await confirmHeader(page).count()).toBe(0);
    // The header's live status settles and the server-rendered add control follows (router.refresh, no reload).
    await expect
      .poll(() => page.locator('.organisation-meta [data-profile-status]').getAttribute('data-profile-status'), { timeout: 60_000, interval: 200 })
      .toBe('COMPLETED');
    const trigger = page.getByRole('button', { name: '+ Add NAICS code' });
    await trigger.waitFor(WAIT);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await trigger.click();
    const input = page.getByRole('combobox', { name: 'Add a NAICS code' });
    await input.waitFor(WAIT);
    await input.pressSequentially('child day care', { delay: 20 });
    const option = page.getByRole('option', { name: /624410/ });
    await option.waitFor(WAIT);
    await option.click();
    await page.locator('.naics-tag', { hasText: '624410' }).waitFor(WAIT);
  });
});

// ---------------------------------------------------------------- existing organisations

describe('selecting an existing organisation', () => {
  it('goes straight to its destination, without the confirm header', async () => {
    const NAME = 'Wattle Bay Coffee Roasters Pty Ltd';
    await search(page, 'Wattle Bay Coffee', 'AUS');
    await rowButton(page, NAME).waitFor(WAIT);
    expect(await rowOf(page, NAME).locator('.badge-existing').textContent()).toBe('Existing');
    await rowButton(page, NAME).click();
    await page.waitForURL(new RegExp(`/organisations/${UUID}\\?from=search$`), WAIT);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor(WAIT);
    expect(await confirmHeader(page).count()).toBe(0);
  });

  it('by keyboard only: Tab to the results, arrows to the row, Enter selects it (searchIntent spotlight)', async () => {
    const NAME = 'Harbour City Plumbing Pty Ltd';
    await page.goto(`${baseUrl}/dashboard?searchIntent=spotlight`);
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('Harbour City Plumbing');
    await page.keyboard.press('Enter');
    await rowButton(page, NAME).waitFor(WAIT);
    await searchFinished(page);
    // Tab reaches the results listbox; the arrows move its highlighted option (aria-activedescendant).
    const highlightedName = () =>
      page.evaluate(() => {
        const id = document.activeElement?.getAttribute('aria-activedescendant');
        const option = id ? document.getElementById(id) : null;
        return document.activeElement?.getAttribute('role') === 'listbox' && option?.getAttribute('aria-selected') === 'true'
          ? (option.querySelector('.result-name')?.textContent ?? null)
          : null;
      });
    let inList = false;
    for (let step = 0; step < 30 && !inList; step += 1) {
      await page.keyboard.press('Tab');
      inList = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'listbox');
    }
    expect(inList).toBe(true);
    let reached = (await highlightedName()) === NAME;
    for (let step = 0; step < 30 && !reached; step += 1) {
      await page.keyboard.press('ArrowDown');
      reached = (await highlightedName()) === NAME;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/organisations/${UUID}/spotlight$`), WAIT);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor(WAIT);
    expect(await confirmHeader(page).count()).toBe(0);
  });
});

// ---------------------------------------------------------------- Enrich now

describe('Enrich now', () => {
  /** A global demo organisation with a country in the given state, not one another browser test arranges. */
  async function demoOrganisation(status: 'FAILED' | null): Promise<{ id: string; name: string }> {
    const found = await database.db.execute<{ id: string; name: string }>(sql`
      select o.id, o.name from organisations o
      where ${status === null ? sql`o.profile_status is null` : sql`o.profile_status = ${status}`}
        and o.country_iso_alpha3 is not null
        and not exists (select 1 from organisation_owners oo where oo.organisation_id = o.id)
        and o.name not in (${sql.join(
          [...DEMO_PINNED_PROFILES.keys(), ...ARRANGED_BY_THIS_FILE].map((name) => sql`${name}`),
          sql`, `,
        )})
      order by o.name limit 1`);
    const row = found.rows[0];
    if (!row) throw new Error(`the demo seed has no global organisation with profile status ${String(status)}`);
    return row;
  }

  it('a FAILED profile shows the reason and "Enrich now"', async () => {
    const failed = await demoOrganisation('FAILED');
    await page.goto(`${baseUrl}/organisations/${failed.id}`);
    const panel = page.locator('.profile-status-panel[data-profile-status="FAILED"]');
    await panel.waitFor(WAIT);
    expect(await panel.getByRole('status').textContent()).toContain('Enrichment failed');
    expect(((await panel.locator('.profile-status-text').textContent()) ?? '').length).toBeGreaterThan(0);
    expect(await panel.getByRole('button', { name: 'Enrich now' }).count()).toBe(1);
    await expectAccessible(page, 'organisation page FAILED');
  });

  it('a profile never enriched offers "Enrich now", which starts the enrichment and follows it live', async () => {
    const never = await demoOrganisation(null);
    await page.goto(`${baseUrl}/organisations/${never.id}`);
    const panel = page.locator('.profile-status-panel');
    await panel.waitFor(WAIT);
    expect(await panel.getAttribute('data-profile-status')).toBe('NONE');
    expect(await panel.getByRole('status').textContent()).toContain('Not enriched');
    await expectAccessible(page, 'organisation page never enriched');
    await recordProfileStatuses(page);
    // Held until the page shows PENDING: an enrichment settled before the page re-read the record would skip it.
    const enrichment = await holdEnrichment(never.name);
    try {
      await panel.getByRole('button', { name: 'Enrich now' }).click();
      await expect.poll(() => profileStatus(page), { timeout: 30_000, interval: 100 }).toBe('PENDING');
    } finally {
      await enrichment.letGo();
    }
    await expect.poll(() => profileStatus(page), { timeout: 60_000, interval: 200 }).toMatch(/^(COMPLETED|FAILED)$/);
    const statuses = (await recordedStatuses(page)) ?? [];
    expect(statuses.slice(0, 2)).toEqual(['NONE', 'PENDING']);
  });
});

// ---------------------------------------------------------------- a rejected selection

describe('a rejected selection', () => {
  it('shows the inline error tile on its row: a quick-lookup row whose organisation is gone cannot be selected (by reference)', async () => {
    const NAME = 'Polaris Satellite Services';
    // The account's own countryless organisation, found by a Global search.
    await search(page, 'Polaris Satellite', 'GLO');
    await rowButton(page, NAME).waitFor(WAIT);
    await searchFinished(page);
    const result = rowOf(page, NAME);
    expect(await result.locator('.result-country').count()).toBe(0);
    // Precondition of "No" deleting it: nothing refers to it (no NAICS tags, relations or transactions).
    const references = await database.db.execute<{ naics: number }>(
      sql`select count(*)::int as naics from organisation_naics n join organisations o on o.id = n.organisation_id where o.name = ${NAME}`,
    );
    expect(references.rows[0]?.naics, `${NAME} must stay unclassified in the demo seed`).toBe(0);

    // Meanwhile, in another tab, the organisation is rejected at its confirm header (it leaves the account, unreferenced: deleted).
    const other = await context.newPage();
    try {
      const polaris = await database.db.execute<{ id: string }>(sql`select id from organisations where name = ${NAME} limit 1`);
      const polarisId = polaris.rows[0]?.id ?? '';
      await other.goto(`${baseUrl}/organisations/${polarisId}?confirm=1&q=Polaris&country=GLO`);
      await confirmHeader(other).getByRole('button', { name: 'No' }).click();
      await other.waitForURL((url) => url.pathname === '/dashboard', WAIT);
    } finally {
      await other.close();
    }

    // The row names an organisation that is gone: a selection is by reference (decision 0017), so it is refused
    // as unrecognised, never re-created from what the page holds.
    await rowButton(page, NAME).click();
    const tile = result.getByRole('alert');
    await tile.waitFor(WAIT);
    expect(await tile.textContent()).toContain('search again and pick it from the new results');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await rowButton(page, NAME).getAttribute('aria-disabled')).toBeNull();
    await expectAccessible(page, 'error tile');
    await page.setViewportSize(PHONE);
    await noHorizontalScroll(page);
    await expectAccessible(page, 'error tile at 390 px');
    await page.screenshot({ path: `${SCREENSHOTS}/selection-error-390.png`, fullPage: true });
  });

  it('marks the row busy while selecting, and other rows do not submit', async () => {
    await search(page, 'koala', 'AUS');
    await searchFinished(page);
    const first = page.locator('li.result').first();
    const second = page.locator('li.result').nth(1);
    const actionPosts: string[] = [];
    // Hold the server action's request to observe the busy state.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/dashboard**', async (route) => {
      if (route.request().method() === 'POST' && route.request().headers()['next-action']) {
        actionPosts.push(route.request().url());
        await held;
      }
      await route.continue();
    });
    try {
      await first.click();
      await page.locator('li.result[aria-busy="true"]').waitFor(WAIT);
      expect(await second.getAttribute('aria-disabled')).toBe('true');
      // The blocked row is marked aria-disabled (it keeps its place in the tab order): press it anyway.
      await second.click({ force: true });
      await page.waitForTimeout(300);
      expect(actionPosts.length).toBe(1);
      await expectAccessible(page, 'a row being selected');
    } finally {
      release();
      await page.waitForURL(new RegExp(`/organisations/${UUID}`), WAIT);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});

describe('the whole run', () => {
  it('raised no uncaught page error and no hydration error', () => {
    expect(pageErrors).toEqual([]);
  });
});

describe("the enrichment's two phases: a phase-2 failure keeps phase 1 (issue 21, section 2)", () => {
  // The sandbox's fault switch for the model behind phase 2, set at run time on the product under test
  // (support/sandbox-faults.ts): the enrichment's phase-2 requests answer 500 (agent_phase2:failing, as SANDBOX_FAULTS
  // would set it), phase 1's as usual; every retry fails the same way, so it settles FAILED after the queue's retries
  // (the browser tests' product retries after 1, 2 and 4 s: support/start-product.ts).
  let failingContext: BrowserContext | undefined;
  let failingPage: Page;
  const NAME = 'JACARANDA SOFTWARE PTY LTD';

  beforeAll(async () => {
    await setSandboxFaults([{ provider: 'agent_phase2', kind: 'failing' }]);
    ({ context: failingContext, page: failingPage } = await openDemoPage(browser, baseUrl, { viewport: DESKTOP, pageErrors }));
  });
  afterAll(async () => {
    await failingContext?.close();
    await clearSandboxFaults();
  });

  it('selected from the dashboard, the organisation settles FAILED with its reason, and shows the description phase 1 saved (mouse, 390 px, axe)', async () => {
    await failingPage.goto(`${baseUrl}/dashboard`);
    await chooseCountry(failingPage, 'AUS');
    await searchBox(failingPage).fill('jacaranda software');
    await searchBox(failingPage).press('Enter');
    const row = resultOption(failingPage, NAME);
    await row.waitFor(WAIT);
    await failingPage.locator('.search-results[aria-busy="false"]').waitFor(WAIT);
    await row.click();
    await failingPage.waitForURL(new RegExp(`/organisations/${UUID}\\?from=search&confirm=1`), WAIT).catch(async (error: unknown) => {
      await failingPage.screenshot({ path: `${SCREENSHOTS}/phase2-not-selected.png`, fullPage: true });
      throw new Error(`at ${failingPage.url()}: ${String(error)}`);
    });
    await failingPage.getByRole('region', { name: 'Is this the company you were looking for?' }).getByRole('button', { name: 'Yes' }).click();
    await failingPage.waitForURL(new RegExp(`/organisations/${UUID}\\?from=search$`), WAIT);

    const panel = failingPage.locator('.profile-status-panel');
    await expect.poll(() => panel.getAttribute('data-profile-status'), { timeout: 60_000, interval: 200 }).toBe('FAILED');
    expect(await panel.getByRole('status').textContent()).toContain('Enrichment failed');
    expect(await panel.getByRole('button', { name: 'Enrich now' }).count()).toBe(1);
    // Phase 1 (the agent's description) is on the page; phase 2 wrote nothing (no NAICS code).
    await failingPage.reload();
    const details = failingPage.getByRole('region', { name: 'Details' });
    const description = details.locator('[data-field="description"]');
    await description.waitFor(WAIT);
    expect(await description.textContent()).toMatch(/rostering/i);
    expect(await description.locator('.field-source').textContent()).toMatch(/from .+ · \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
    await expectAccessible(failingPage, 'FAILED in phase 2 with phase 1 kept');
    await failingPage.screenshot({ path: `${SCREENSHOTS}/phase2-failed-phase1-kept-1440.png`, fullPage: true });
    await failingPage.setViewportSize(PHONE);
    await noHorizontalScroll(failingPage);
    await expectAccessible(failingPage, 'FAILED in phase 2 with phase 1 kept, at 390 px');
    await failingPage.screenshot({ path: `${SCREENSHOTS}/phase2-failed-phase1-kept-390.png`, fullPage: true });
  }, 120_000);
});
