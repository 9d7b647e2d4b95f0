/**
 * The accessibility check every browser test runs on each state it adds: axe with the WCAG 2.2 AA rules (and the
 * A and 2.0/2.1 rules under them) and axe's experimental rules (issue 21, section 7: 0 violations in every state, the
 * experimental label-content-name-mismatch and focus-order-semantics included), reported one line a violation, with
 * the offending element's HTML, so a failure says what and where.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'];

/** How long a state may still be re-rendering (a server action's refresh, a router navigation) before it is judged. */
const SETTLE_MS = 750;

async function violationsOf(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

/**
 * Fails with the violations of the page (or of the part `include` selects) in the state named. A state reached by a
 * navigation or a refresh can be judged while React is still committing it (a document without its title for a
 * moment, seen once in CI; a flaky single violation right after the confirm header's Yes, seen at load 15-20): when
 * the first pass finds violations, the page gets SETTLE_MS to settle and is judged again, and the state fails on
 * what is still there. A violation that lasts is never waited away; one that went is printed, so it is not lost.
 */
export async function expectNoAxeViolations(page: Page, state: string, include?: string): Promise<void> {
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 5_000 }).catch(() => undefined);
  const first = await violationsOf(page, include);
  if (first.length === 0) return;
  await page.waitForTimeout(SETTLE_MS);
  const settled = await violationsOf(page, include);
  const passing = first.filter((line) => !settled.includes(line));
  if (passing.length > 0) console.warn(`axe, ${state}: gone after ${SETTLE_MS} ms: ${passing.join(' | ')}`);
  expect(settled, `axe violations on ${state}`).toEqual([]);
}
