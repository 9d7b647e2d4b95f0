/**
 * The accessibility check every browser test runs on each state it adds: axe with the WCAG 2.2 AA rules (and the
 * A and 2.0/2.1 rules under them) and axe's experimental rules (issue 21, section 7: 0 violations in every state, the
 * experimental label-content-name-mismatch and focus-order-semantics included), reported one line a violation so a
 * failure says what and where.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];

/** Fails with the violations of the page (or of the part `include` selects) in the state named. */
export async function expectNoAxeViolations(page: Page, state: string, include?: string): Promise<void> {
  // A state reached by a refresh (a server action's `router.refresh()`) may still be re-rendering its head: the
  // document has no title for a moment (axe's document-title, seen once in CI). Check the settled page; a page that
  // never gets a title still fails below.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 }).catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${state}`).toEqual([]);
}
