/** Driving the search form the way a person does: the query combobox and the searchable country picker. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { countryName } from '../../../src/core/countries';

export const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search organisations' });
export const countryBox = (page: Page) => page.getByRole('combobox', { name: 'Country' });

/** The picker's label for a code: Global for GLO, else the country's English name. */
export function countryLabel(code: string): string {
  return code === 'GLO' ? 'Global' : (countryName(code) ?? code);
}

/** Types the country's name into the picker and picks its option. */
export async function chooseCountry(page: Page, code: string): Promise<void> {
  const name = countryLabel(code);
  if ((await countryBox(page).inputValue()) === name) return;
  await countryBox(page).click();
  await countryBox(page).fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect.poll(() => countryBox(page).inputValue()).toBe(name);
}

/**
 * A result row (a listbox option) by the organisation's name. An option is named by its content, the name first
 * and then what the row shows (WCAG 2.5.3, Label in Name): the name is matched as the start of the option's name.
 * The case is ignored: the row may read as the registry spells it (upper case) when the stream answered first.
 */
export function resultOption(scope: Page | Locator, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('option', { name: new RegExp(`^${escaped}(\\s|$)`, 'i') });
}
