import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { dropPaths, waitForSummary } from './import-page';
import { runSampleFiles } from '../../src/core/io/samples/write-run';

const baseUrl = inject('baseUrl');
const dir = mkdtempSync(join(tmpdir(), 'run-folder-'));
/** Where screenshots go when asked for (`SCREENSHOT_DIR=…`); a plain run takes none. */
const SHOTS = process.env.SCREENSHOT_DIR;

/** A small run: 5 steps of AgentGym-RL's step{N}/{rank}.json, 4 groups of 4 per step over 2 ranks. */
const root = join(dir, 'gen-run');
for (const f of runSampleFiles({ layout: 'agentgym-rl', steps: 5, groupsPerStep: 4, groupSize: 4, maxTurns: 8, ranks: 2, seed: 3 })) {
  mkdirSync(dirname(join(root, f.path)), { recursive: true });
  writeFileSync(join(root, f.path), f.text);
}
writeFileSync(join(root, 'README.txt'), 'not a log');

/** A run of JSON Lines steps whose flat rows no reader knows: per step 2 prompts × 4 completions. */
const flatRoot = join(dir, 'flat-run');
mkdirSync(flatRoot, { recursive: true });
for (const step of [1, 2]) {
  const rows = Array.from({ length: 8 }, (_, k) => ({ q_text: `question ${k >> 2}`, gen: `answer, attempt ${k}`, r_correct: (k + step) % 3 === 0 ? 1 : 0 }));
  writeFileSync(join(flatRoot, `${step}.jsonl`), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

describe('a training run folder in the lab', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('a picked run folder lists its steps by number, streams an overview row for every step, and opening step 3 shows step 3 groups', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await page.getByLabel('Rollouts folder').setInputFiles(root);
    const run = page.getByRole('region', { name: 'Training run' });
    await run.waitFor({ timeout: 30_000 });
    expect(await run.locator('tbody th').allTextContents()).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'step 5']);
    expect(await run.innerText()).toContain('5 training steps (1–5) · 10 files');

    // the first step opens by itself (both its ranks), while the overview fills in step by step
    await waitForSummary(page, 'gen-run step 1 (2 files)', 60_000);
    await expect.poll(() => run.getAttribute('data-overview'), { timeout: 90_000 }).toBe('done');
    expect(await run.locator('tbody tr[data-summarised="true"]').count()).toBe(5);
    expect(await run.locator('td[data-col="groups"]').allTextContents()).toEqual(['4', '4', '4', '4', '4']);
    expect(await page.getByTestId('run-overview-status').innerText()).toBe('overview of all 5 steps');
    // the rows are grids drawn only when in view (content-visibility: a row out of view has no innerText, so the
    // tests read textContent), yet still a table to assistive technology, with aligned columns
    const table = run.getByRole('table');
    expect(await table.getByRole('row').count()).toBe(6);
    expect(await table.getByRole('columnheader').allInnerTexts()).toContain('Trajectories');
    expect(await table.getByRole('row', { name: /step 3/ }).getByRole('cell').count()).toBe(10);
    const header = await table.getByRole('columnheader', { name: 'Groups' }).boundingBox();
    const cell = await run.locator('tr[data-step="5"] td[data-col="groups"]').boundingBox();
    expect(Math.abs((header?.x ?? 0) - (cell?.x ?? -1))).toBeLessThan(1);
    expect(header?.width).toBeCloseTo(cell?.width ?? 0, 0);

    await run.getByRole('button', { name: 'Open step 3' }).click();
    expect(await waitForSummary(page, 'gen-run step 3 (2 files)', 60_000)).toMatchObject({ trajectories: 16, groups: 4 });
    expect(await page.getByTestId('import-summary').innerText()).toMatch(/Training steps\s*1 \(3–3\)/);
    // the group list comes from the worker after the summary shows: wait for it
    await expect.poll(() => page.getByLabel(/^Group \(/).locator('option').count(), { timeout: 30_000 }).toBe(4);
    const options = await page.getByLabel(/^Group \(/).locator('option').allInnerTexts();
    for (const label of options) expect(label).toMatch(/^step 3 · /);
    expect(await run.locator('tr[aria-current="true"] th').textContent()).toBe('step 3');

    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-run-folder.png'), fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await run.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-run-folder-narrow.png') });
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(errors).toEqual([]);
  });

  it('a run folder dropped on the page (a real directory entry) lists its steps by number and opens step 1', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await dropPaths(page, [root]);
    const run = page.getByRole('region', { name: 'Training run' });
    await run.waitFor({ timeout: 30_000 });
    expect(await run.locator('tbody th').allTextContents()).toEqual(['step 1', 'step 2', 'step 3', 'step 4', 'step 5']);
    expect(await waitForSummary(page, 'gen-run step 1 (2 files)', 60_000)).toMatchObject({ trajectories: 16, groups: 4 });
    expect(errors).toEqual([]);
  });

  it('a run step of rows no reader knows opens through the mapping form, and the mapping reads that step', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await page.getByLabel('Rollouts folder').setInputFiles(flatRoot);
    const run = page.getByRole('region', { name: 'Training run' });
    await run.waitFor({ timeout: 30_000 });
    expect(await run.locator('tbody th').allTextContents()).toEqual(['step 1', 'step 2']);
    const panel = page.getByRole('region', { name: 'Map the columns' });
    await panel.waitFor({ timeout: 30_000 });
    await panel.getByLabel('Prompt').selectOption('q_text');
    await panel.getByLabel('Response').selectOption('gen');
    for (const c of ['q_text', 'gen', 'r_correct']) await panel.getByRole('group', { name: /^Group/ }).getByLabel(c, { exact: true }).setChecked(c === 'q_text');
    for (const c of ['q_text', 'gen', 'r_correct']) await panel.getByRole('group', { name: /^Reward/ }).getByLabel(c, { exact: true }).setChecked(c === 'r_correct');
    await panel.getByRole('button', { name: 'Open with this mapping' }).click();
    expect(await waitForSummary(page, 'flat-run/1.jsonl', 60_000)).toMatchObject({ trajectories: 8, groups: 2 });
    expect(errors).toEqual([]);
  });
});
