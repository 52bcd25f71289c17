import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('reward concepts in the Concepts view', () => {
  let lab: LabBrowser;
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
    const context = await lab.browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterAll(() => lab?.close());

  it('reward hacking: shows the CLI figure, then trains the tiny warm-up and both branches in a worker and draws them', async () => {
    await page.goto(`${baseUrl}?backend=wasm#concepts/reward-hacking`);
    const article = page.locator('article[data-concept="reward-hacking"]');
    await article.waitFor();
    await article.getByRole('img', { name: 'Keyword checker pay vs true success' }).first().waitFor(); // the shipped CLI figure (fetched)
    await expect(article.getByRole('img', { name: 'Keyword checker pay vs true success' }).count()).resolves.toBe(1);
    await article.getByRole('button', { name: 'Train the tiny version here' }).click();
    const status = article.getByRole('status');
    await page.waitForFunction((el) => el?.getAttribute('data-status') === 'finished' || el?.getAttribute('data-status') === 'failed', await status.elementHandle(), { timeout: 120_000 });
    expect(await status.innerText()).toMatch(/^done: 9 iterations on wasm$/);
    const charts = article.getByRole('img', { name: 'Keyword checker pay vs true success' });
    await expect(charts.count()).resolves.toBe(2);
    // the live chart has the four curves: each branch's checker pay and true success
    await expect(charts.nth(1).locator('path[d^="M"]').count()).resolves.toBeGreaterThanOrEqual(4);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  }, 150_000);

  it('loop penalty: trains both arms and draws success and loops per episode', async () => {
    await page.goto(`${baseUrl}?backend=wasm#concepts/loop-penalty`);
    const article = page.locator('article[data-concept="loop-penalty"]');
    await article.waitFor();
    await article.getByRole('button', { name: 'Train the tiny version here' }).click();
    const status = article.getByRole('status');
    await page.waitForFunction((el) => el?.getAttribute('data-status') === 'finished' || el?.getAttribute('data-status') === 'failed', await status.elementHandle(), { timeout: 120_000 });
    expect(await status.innerText()).toMatch(/^done: 6 iterations on wasm$/);
    await expect(article.getByRole('img', { name: /^Loops per episode/ }).count()).resolves.toBe(2);
    expect(errors).toEqual([]);
  }, 150_000);

  it('value function: a tiny PPO run shows V(s_t) beside the return and GAE beside GRPO for a picked trajectory', async () => {
    await page.goto(`${baseUrl}?backend=wasm#concepts/value-function`);
    const article = page.locator('article[data-concept="value-function"]');
    await article.waitFor();
    await article.getByRole('combobox', { name: 'CLI run: trajectory' }).waitFor(); // the shipped CLI run (fetched)
    await article.getByRole('button', { name: 'Train a tiny PPO run here' }).click();
    const status = article.getByRole('status');
    await page.waitForFunction((el) => el?.getAttribute('data-status') === 'finished' || el?.getAttribute('data-status') === 'failed', await status.elementHandle(), { timeout: 120_000 });
    expect(await status.innerText()).toBe('done on wasm');
    const picker = article.getByRole('combobox', { name: 'Browser run: trajectory' });
    const options = await picker.locator('option').count();
    expect(options).toBe(4); // G = 4 members of the group
    await picker.selectOption({ index: options - 1 });
    const table = article.getByRole('table', { name: 'Browser run: per-turn values and credit' });
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    // GRPO's credit is flat: the same number on every turn of the trajectory
    const grpo = await table.locator('tbody tr td:last-child').allInnerTexts();
    expect(new Set(grpo).size).toBe(1);
    await expect(article.getByRole('img', { name: /^Per-turn credit/ }).count()).resolves.toBeGreaterThanOrEqual(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  }, 150_000);
});
