// Temporary measurement script (not committed): the gap between the last row change and "done", in Chromium.
import { launchChromium, openDemoPage } from '../tests/e2e/support/browser';
const baseUrl = process.argv[2] ?? '';
const queries = (process.argv[3] ?? 'Platypus Payments').split(',');
const runs = Number(process.argv[4] ?? '3');
const browser = await launchChromium();
const { page } = await openDemoPage(browser, baseUrl, {});
const country = page.getByRole('combobox', { name: 'Country' });
console.log('country', await country.inputValue());
if ((await country.inputValue()) !== 'Australia') {
  await country.click();
  await country.fill('Australia');
  await page.getByRole('option', { name: 'Australia', exact: true }).click();
}
for (const query of queries) {
  for (let run = 0; run < runs; run += 1) {
    await page.evaluate(() => {
      const w = window as unknown as { __m: { lastRow: number; done: number; start: number } };
      w.__m = { lastRow: 0, done: 0, start: performance.now() };
      const obs = new MutationObserver(() => {
        const list = document.querySelector('.search-results');
        const sig = [...document.querySelectorAll('li.result')].map((li) => `${li.textContent}|${li.getAttribute('data-sources')}`).join('#');
        const prev = (w as unknown as { __sig?: string }).__sig;
        if (sig !== prev) { (w as unknown as { __sig?: string }).__sig = sig; w.__m.lastRow = performance.now(); }
        const state = document.querySelector('.search-progress [data-channel="stream"]')?.getAttribute('data-state');
        if (state === 'done' && w.__m.done === 0) w.__m.done = performance.now();
        void list;
      });
      obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const box = page.getByRole('combobox', { name: 'Search organisations' });
    await box.fill(`${query}${run % 2 === 1 ? ' ' : ''}`);
    await box.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __m: { done: number } }).__m.done > 0, undefined, { timeout: 60_000 });
    const m = await page.evaluate(() => (window as unknown as { __m: { lastRow: number; done: number; start: number } }).__m);
    const rows = await page.locator('li.result').evaluateAll((items) => items.map((i) => `${i.querySelector('.result-name')?.textContent}[${i.getAttribute('data-sources')}]`));
    console.log(JSON.stringify({ query, run, totalMs: Math.round(m.done - m.start), lastRowMs: Math.round(m.lastRow - m.start), gapMs: Math.round(m.done - m.lastRow), rows }));
    await page.waitForTimeout(300);
  }
}
await browser.close();
