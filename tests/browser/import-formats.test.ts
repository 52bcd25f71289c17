import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, openPage, savedDownload, type LabBrowser } from './browser';
import { openByChooser, waitForSummary } from './import-page';
import { makeRollouts, toJsonl } from '../fixtures/make-rollouts';

const baseUrl = inject('baseUrl');
const dir = mkdtempSync(join(tmpdir(), 'import-formats-'));
/** Where screenshots go when asked for (`SCREENSHOT_DIR=…`); a plain run takes none. */
const SHOTS = process.env.SCREENSHOT_DIR;

/** One GRPO group of 8 single completions (T = 1), rollouts.v1 with TRL-style reward columns in each turn's info. */
const LENGTHS = [340, 120, 500, 180, 800, 60, 260, 90];
const SOLVED = [true, true, false, true, true, false, true, false];
function singleTurnFile(): string {
  return LENGTHS.map((length, i) => JSON.stringify({
    schema: 'rollouts.v1', source: { framework: 'trl' }, env: { name: 'gsm8k' }, task: { task_id: 'q7', instruction: 'Natalia sold clips to 48 friends…' },
    train_step: 12, group_id: 'step12:q7', traj_id: `c${i}`,
    turns: [{ t: 0, observation: '', response: `<think>${'step '.repeat(i + 1)}</think> The answer is ${SOLVED[i] ? 72 : 70 + i}.`, action: null,
      reward: SOLVED[i] ? 1.5 : 0.5, done: true, response_tokens: length,
      info: { accuracy_reward: SOLVED[i] ? 1 : 0, format_reward: 0.5 } }],
    outcome: { success: SOLVED[i], episode_reward: SOLVED[i] ? 1.5 : 0.5, num_turns: 1 },
  })).join('\n') + '\n';
}

/** A table no reader knows: per row one completion, two reward columns, the step under an unusual name. */
function csvFile(rows: number, seed: number): string {
  const lines = ['it,q_text,gen,r_correct,r_short'];
  for (let k = 0; k < rows; k++) {
    const q = `question ${(k >> 2) + seed}`;
    lines.push(`${1 + (k >> 3)},"${q}","answer, attempt ${k}",${(k + seed) % 3 === 0 ? 1 : 0},${(0.1 * (k % 4)).toFixed(1)}`);
  }
  return `${lines.join('\n')}\n`;
}

const rowsOf = async (page: Page) => page.getByTestId('completions-table').locator('tbody tr').count();

describe('import formats in the browser', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it("a single-turn group of 8 completions shows lengths, reward columns and PlanPO's order of the successes", async () => {
    const path = join(dir, 'grpo-completions.jsonl');
    writeFileSync(path, singleTurnFile());
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, path);
    expect(await waitForSummary(page, 'grpo-completions.jsonl')).toMatchObject({ trajectories: 8, groups: 1, problems: 0 });
    const table = page.getByTestId('completions-table');
    await expect.poll(() => rowsOf(page), { timeout: 15_000 }).toBe(8);
    expect(await page.getByRole('region', { name: 'Single-turn group' }).getByRole('article').count()).toBe(8);
    expect(await table.locator('td[data-col="length"]').allInnerTexts()).toEqual(LENGTHS.map(String));
    expect(await table.locator('thead th').allInnerTexts()).toEqual(expect.arrayContaining(['accuracy_reward', 'format_reward', 'PlanPO α·A^S (rank)']));
    expect(await table.locator('td[data-field="accuracy_reward"]').allInnerTexts()).toEqual(SOLVED.map((s) => (s ? '1' : '0')));
    // PlanPO's α·A^S (R^S = R/L) ranks the successes shortest first: 120 (#2), 180 (#4), 260 (#7), 340 (#1), 800 (#5)
    const orders = page.getByTestId('term-orders');
    expect(await orders.innerText()).toContain('PlanPO α·A^S ranks the successes #2 > #4 > #7 > #1 > #5');
    expect(await page.getByTestId('length-order').innerText()).toContain('#2 (L 120), #4 (L 180), #7 (L 260), #1 (L 340), #5 (L 800)');
    const ranks = await table.locator('td[data-term="planpo:part1"]').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-rank')));
    expect(ranks).toEqual(['4', '1', '', '2', '5', '', '3', '']);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-single-turn.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(errors).toEqual([]);
  });

  it('a file picked inside a folder keeps its step{N}/{rank}.json path, and the next file of the folder opens', async () => {
    const root = join(dir, 'agentgym-run');
    for (const step of [3, 10]) {
      mkdirSync(join(root, `step${step}`), { recursive: true });
      copyFileSync('public/samples/agentgym-rl-household/step3/1.json', join(root, `step${step}`, '1.json'));
    }
    writeFileSync(join(root, 'notes.txt'), 'not a log');
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await page.getByLabel('Rollouts folder').setInputFiles(root);
    await waitForSummary(page, 'agentgym-run/step3/1.json');
    const files = page.getByLabel(/^File in folder/);
    expect(await files.locator('option').allInnerTexts()).toEqual(['agentgym-run/step3/1.json', 'agentgym-run/step10/1.json']);
    expect(await page.getByTestId('import-summary').innerText()).toMatch(/Training steps\s*1 \(3–3\)/);
    await page.getByRole('button', { name: 'Open next file' }).click();
    await waitForSummary(page, 'agentgym-run/step10/1.json');
    expect(await page.getByTestId('import-summary').innerText()).toMatch(/Training steps\s*1 \(10–10\)/);
    expect(await page.getByRole('button', { name: 'Open next file' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a CSV of unknown shape opens through the mapping form; the saved mapping is pre-selected for a second file of that shape', async () => {
    const first = join(dir, 'my-run.csv');
    const second = join(dir, 'my-run-2.csv');
    writeFileSync(first, csvFile(16, 0));
    writeFileSync(second, csvFile(24, 1));
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, first);
    const panel = page.getByRole('region', { name: 'Map the columns' });
    await panel.waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('column-samples').locator('tbody th').allInnerTexts()).toEqual(['it', 'q_text', 'gen', 'r_correct', 'r_short']);
    expect(await panel.getByTestId('column-samples').innerText()).toContain('answer, attempt 0');
    await panel.getByLabel('Mapping name').fill('my table');
    await panel.getByLabel('Prompt').selectOption('q_text');
    await panel.getByLabel('Response').selectOption('gen');
    await panel.getByLabel('Training step').selectOption('it');
    const columns = ['it', 'q_text', 'gen', 'r_correct', 'r_short'];
    for (const c of columns) await panel.getByRole('group', { name: /^Group/ }).getByLabel(c, { exact: true }).setChecked(['it', 'q_text'].includes(c));
    for (const c of columns) await panel.getByRole('group', { name: /^Reward/ }).getByLabel(c, { exact: true }).setChecked(c.startsWith('r_'));
    await panel.getByLabel('Combine rewards').selectOption('sum');
    await panel.getByLabel('Success').selectOption('column:r_correct');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-mapping-form.png'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export mapping' }).click()]);
    const exported = JSON.parse(readFileSync(await savedDownload(download), 'utf8'));
    expect(exported).toMatchObject({
      version: 1, name: 'my table', columns: ['it', 'q_text', 'gen', 'r_correct', 'r_short'], group: ['it', 'q_text'], prompt: 'q_text',
      response: 'gen', reward: { columns: ['r_correct', 'r_short'], combine: 'sum' }, success: { column: 'r_correct' }, step: 'it',
    });
    await panel.getByRole('button', { name: 'Open with this mapping' }).click();
    expect(await waitForSummary(page, 'my-run.csv')).toMatchObject({ trajectories: 16, groups: 4 });

    await openByChooser(page, second);
    await panel.waitFor();
    expect(await panel.getByTestId('mapping-reused').innerText()).toContain('"my table"');
    expect(await panel.getByLabel('Saved mapping').inputValue()).toBe('my table');
    expect(await panel.getByLabel('Response').inputValue()).toBe('gen');
    await panel.getByRole('button', { name: 'Open with this mapping' }).click();
    expect(await waitForSummary(page, 'my-run-2.csv')).toMatchObject({ trajectories: 24, groups: 6 });
    expect(errors).toEqual([]);
  });

  it('a group of one says it has no relative advantage and shows no advantage numbers; a larger group shows them', async () => {
    const records = makeRollouts({ steps: 1, tasks: 2, groupSize: 3, turns: 3 });
    const path = join(dir, 'with-a-singleton.jsonl');
    writeFileSync(path, toJsonl(records.filter((r) => r.group_id !== records[0].group_id || r.traj_id === records[0].traj_id)));
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, path);
    await waitForSummary(page, 'with-a-singleton.jsonl');
    const group = page.getByRole('region', { name: 'Imported group' });
    await expect.poll(() => group.getByRole('article').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('group-note').innerText()).toMatch(/^a group of one has no relative advantage/i);
    expect(await group.locator('.traj-adv svg').count()).toBe(0);
    expect(await page.getByRole('figure', { name: 'PlanPO equation' }).count()).toBe(0);
    await page.getByLabel(/^Group \(/).selectOption({ index: 1 });
    await expect.poll(() => group.getByRole('article').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByTestId('group-note').count()).toBe(0);
    expect(await group.locator('.traj-adv svg').count()).toBe(3);
    expect(errors).toEqual([]);
  });
});
