import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, launchChromium, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
const SIZES = [{ width: 1280, height: 720 }, { width: 390, height: 844 }];

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('Concepts view', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  for (const size of SIZES) {
    it(`at ${size.width} px: every concept opens from its #concepts/<id> link and from the keyboard, with its equation, docs page and CLI command, and nothing overflows sideways`, async () => {
      const context = await lab.browser.newContext({ viewport: size });
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${baseUrl}?backend=wasm#concepts`);
      await page.getByRole('link', { name: 'Concepts', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
      const list = page.getByRole('navigation', { name: 'Concepts' });
      const main = page.locator('main#main');
      await main.locator('.concepts').waitFor();
      const links = list.getByRole('link');
      const count = await links.count();
      if (count === 0) {
        await expect(main.innerText()).resolves.toContain('No concepts yet.');
      }
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const hrefs: string[] = [];
      for (let i = 0; i < count; i += 1) hrefs.push((await links.nth(i).getAttribute('href')) ?? '');
      for (const href of hrefs) {
        expect(href).toMatch(/^#concepts\/[a-z0-9-]+$/);
        const id = href.slice('#concepts/'.length);
        await page.goto(`${baseUrl}?backend=wasm${href}`); // the deep link opens it
        const article = main.locator(`article[data-concept="${id}"]`);
        await article.waitFor();
        await article.locator('.concept-equation .katex').first().waitFor(); // KaTeX rendered
        expect(await article.locator('.concept-meta').innerText()).toMatch(new RegExp(`npm run -s cli -- [\\s\\S]*docs/concepts/${id}\\.md`));
        expect(await list.locator(`a[href="${href}"]`).getAttribute('aria-current')).toBe('page');
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      }
      if (hrefs.length > 1) {
        // keyboard: focus the second link, press Enter, and the concept's heading takes focus
        await list.locator(`a[href="${hrefs[1]}"]`).focus();
        await page.keyboard.press('Enter');
        const heading = main.locator(`article[data-concept="${hrefs[1].split('/')[1]}"] h2`);
        await heading.waitFor();
        await page.waitForFunction((el) => document.activeElement === el, await heading.elementHandle());
      }
      expect(errors).toEqual([]);
      expect(foreignRequests(requests, baseUrl)).toEqual([]);
      await context.close();
    });
  }
});
