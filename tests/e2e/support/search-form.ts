/** Driving the search form the way a person does: the query combobox and the searchable country picker. */
import type { Page } from 'playwright-core';
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
