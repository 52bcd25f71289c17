import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, launchChromium, openPage, savedDownload, type LabBrowser } from './browser';
import { curvePanels, regularRows, SMALL, waitForIteration } from './lab-page';
import { advantageLabels, dropFile, openByChooser, pickMixedGroup, waitForSummary } from './import-page';
import { makeRollouts, toJsonl } from '../fixtures/make-rollouts';

const baseUrl = inject('baseUrl');
const dir = mkdtempSync(join(tmpdir(), 'import-test-'));
/** Where screenshots go when asked for (`SCREENSHOT_DIR=…`); a plain run takes none. */
const SHOTS = process.env.SCREENSHOT_DIR;

const small = makeRollouts({ steps: 3, tasks: 2, groupSize: 4, turns: 5 });
const plain = join(dir, 'run.jsonl');
writeFileSync(plain, toJsonl(small));
const gz = join(dir, 'run.jsonl.bin');
writeFileSync(gz, gzipSync(new TextEncoder().encode(toJsonl(small))));

describe('your rollouts (import)', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('a rollouts.v1 file opened by the file chooser shows the summary, the group view and the overview', async () => {
    const { page, errors, requests } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, plain);
    expect(await waitForSummary(page, 'run.jsonl')).toEqual({ trajectories: 24, groups: 6, problems: 0, adapter: expect.stringMatching(/rollouts\.v1/) });
    const group = page.getByRole('region', { name: 'Imported group' });
    await expect.poll(() => group.getByRole('article').count(), { timeout: 15_000 }).toBe(4); // cards render after the worker answers
    expect(await page.getByTestId('circuitous-reference').innerText()).toMatch(/group's quickest success \(T = \d+\) \+ slack \d+/);
    // the overview follows once every group is scored, the equation cards and scatters the group's first paint
    await expect.poll(() => page.getByTestId('overview-table').locator('tbody tr').count(), { timeout: 15_000 }).toBe(3);
    // the overview's panels fill full rows at the grid's measured width (4 columns at 1280 px), each as wide as its plot
    await expect.poll(async () => regularRows(await curvePanels(page, '.import-overview .curve-grid')), { timeout: 15_000 }).toBe(true);
    expect((await curvePanels(page, '.import-overview .curve-grid')).filter(([top]) => top === 0).length).toBe(4);
    await expect.poll(() => page.getByRole('figure', { name: 'PlanPO equation' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-testid="divergence-point"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByLabel('Training step', { exact: true }).selectOption('2');
    await expect.poll(() => page.getByLabel(/^Group \(/).locator('option').count()).toBe(2);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-summary.png'), fullPage: true });
    expect(foreignRequests(requests, baseUrl)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('every shipped sample opens by the file chooser and by drop, names its adapter and shows a group', async () => {
    const samples = JSON.parse(readFileSync('public/samples/index.json', 'utf8')) as Array<{ file: string; format: string }>;
    expect(samples.length).toBeGreaterThanOrEqual(6);
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    const seen: string[] = [];
    for (const [k, sample] of samples.entries()) {
      const path = join('public/samples', sample.file);
      const name = sample.file.split('/').pop()!;
      if (k % 2 === 0) await openByChooser(page, path);
      else await dropFile(page, path, name);
      const line = await waitForSummary(page, name);
      expect(line.trajectories).toBeGreaterThan(0);
      await page.getByRole('region', { name: 'Imported group' }).getByRole('article').first().waitFor();
      seen.push(`${sample.format}: ${line.adapter}`);
    }
    expect(new Set(seen.map((s) => s.split(':')[0]))).toEqual(new Set(samples.map((s) => s.format)));
    await page.getByLabel('Sample', { exact: true }).selectOption({ index: 0 });
    await page.getByRole('button', { name: 'Try a sample' }).click();
    expect((await waitForSummary(page, samples[0].file)).trajectories).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-sample.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('a gzipped file dropped anywhere on the lab opens in the import view (gzip recognised by its bytes)', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#lab`);
    await page.getByRole('button', { name: 'Step', exact: true }).waitFor();
    await dropFile(page, gz, 'dropped.jsonl');
    expect((await waitForSummary(page, 'dropped.jsonl')).trajectories).toBe(24);
    expect(new URL(page.url()).hash).toBe('#import');
    expect(await page.getByTestId('import-summary').innerText()).toContain('gzip');
    expect(errors).toEqual([]);
  });

  it('changing α re-scores PlanPO live (GRPO untouched), and export → re-open gives identical advantages', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, plain);
    await waitForSummary(page, 'run.jsonl');
    const mixed = await pickMixedGroup(page); // ≥ 2 successes and a failure: A^S is not 0
    const before = await advantageLabels(page);
    await page.getByText('Estimator parameters').click();
    const alpha = page.getByLabel('PlanPO alpha', { exact: true });
    await alpha.fill('0.9');
    await alpha.press('Enter');
    await expect.poll(() => advantageLabels(page)).not.toEqual(before);
    const after = await advantageLabels(page);
    const grpo = (labels: string[]) => labels.map((l) => l.match(/GRPO -?[\d.]+/)?.[0]);
    expect(grpo(after)).toEqual(grpo(before));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the whole import' }).click()]);
    const saved = join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const exported = readFileSync(saved, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(exported).toHaveLength(24);
    expect(exported[0].advantages.estimators.planpo.params.alpha).toBe(0.9);
    expect(Object.keys(exported[0].advantages.estimators)).toEqual(expect.arrayContaining(['grpo', 'planpo', 'rloo', 'gigpo']));

    const again = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(again.page, saved);
    await waitForSummary(again.page, download.suggestedFilename());
    await again.page.getByLabel(/^Group \(/).selectOption({ label: mixed });
    await again.page.getByText('Estimator parameters').click();
    const alpha2 = again.page.getByLabel('PlanPO alpha', { exact: true });
    await alpha2.fill('0.9');
    await alpha2.press('Enter');
    await expect.poll(() => advantageLabels(again.page)).toEqual(after);
    const [second] = await Promise.all([again.page.waitForEvent('download'), again.page.getByRole('button', { name: 'Export the whole import' }).click()]);
    const resaved = join(dir, `again-${second.suggestedFilename()}`);
    await second.saveAs(resaved);
    const reexported = readFileSync(resaved, 'utf8').trim().split('\n').map((l) => JSON.parse(l).advantages.estimators);
    expect(reexported).toEqual(exported.map((r) => r.advantages.estimators));
    expect([...errors, ...again.errors]).toEqual([]);
  });

  it('1,000 malformed lines among good ones (250 of them arrays of 3 values): lines counted as lines and problems as problems, the first 100 listed, every good line kept', async () => {
    const lines = toJsonl(small).trim().split('\n');
    const bad = Array.from({ length: 1000 }, (_, k) => (k % 4 === 3 ? '[1, 2, 3]' : k % 2 ? '{"schema":"rollouts.v1","group_id":"x"}' : '{not json'));
    const path = join(dir, 'malformed.jsonl');
    writeFileSync(path, [...lines.slice(0, 5), ...bad, ...lines.slice(5)].join('\n'));
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, path);
    expect(await waitForSummary(page, 'malformed.jsonl')).toMatchObject({ trajectories: 24, groups: 6, problems: 1500 });
    expect(await page.getByTestId('problem-count').innerText()).toMatch(/^1,000 lines skipped, 1,500 problems \(first 100 listed\); every good line was kept/);
    await page.getByTestId('problem-count').click();
    expect(await page.locator('.problem-list li').count()).toBe(100);
    expect(await page.locator('.problem-list li').first().innerText()).toMatch(/^line 6 /);
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the problem report' }).click()]);
    const text = readFileSync(await savedDownload(report), 'utf8');
    expect(text.split('\n')[0]).toMatch(/: 1,000 lines skipped, 1,500 problems \(first 100 listed\)$/);
    expect(text.trim().split('\n')).toHaveLength(101);
    expect(errors).toEqual([]);
  });

  it('HTML and script payloads in every string field render as literal text and nothing runs', async () => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';
    const records = makeRollouts({ steps: 1, tasks: 1, groupSize: 3, turns: 3, payload, tokens: false });
    const name = '<img src=x onerror=window.__pwned=3>.jsonl';
    const path = join(dir, name);
    writeFileSync(path, `${toJsonl(records)}{"payload": "${payload.replace(/"/g, '\\"')}"\n`);
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, path);
    await waitForSummary(page, name);
    const view = page.locator('.import-view');
    await view.locator('li.turn').first().click();
    await page.getByTestId('problem-count').click();
    const text = await view.innerText();
    for (const literal of ['<script>window.__pwned=2</script>', '<b>bold</b>', name]) expect(text).toContain(literal);
    expect(await view.locator('script, img, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.getByTestId('tokens-estimated').count()).toBe(3);
    expect(await page.getByTestId('token-source').innerText()).toMatch(/^estimated/);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'import-payloads.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('a lab run exported as rollouts.v1 opens in the import view with the oracle T* kept', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=cpu&${SMALL}`);
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await waitForIteration(page, 1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PlanPO groups as rollouts.v1' }).click()]);
    const saved = join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    await page.goto(`${baseUrl}#import`);
    await openByChooser(page, saved);
    expect(await waitForSummary(page, download.suggestedFilename())).toMatchObject({ trajectories: 8, groups: 2, problems: 0 });
    expect(await page.getByTestId('circuitous-reference').count()).toBe(0);
    // The group view fills in when the import worker answers (until then it may say no group matches).
    await expect.poll(() => page.getByRole('region', { name: 'Imported group' }).innerText(), { timeout: 30_000 }).toMatch(/shortest plan T\* = \d+/);
    expect(errors).toEqual([]);
  });

  it('on a 320 px phone an opened sample fits the screen, its overview included: no sideways overflow', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await page.setViewportSize({ width: 320, height: 568 });
    await page.getByRole('button', { name: 'Try a sample' }).click();
    await page.getByRole('region', { name: 'Imported group' }).getByRole('article').first().waitFor();
    // the overview's grid mounts only once the steps are scored, after the view's first render: its panels are laid
    // out for the grid's measured width (they were once left at the 1,000 px fallback: 3 columns of 325 px)
    const grid = page.locator('.import-overview .curve-grid');
    await grid.locator('svg').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.evaluate((el) => Math.max(...[...el.querySelectorAll('svg')].map((s) => Number(s.getAttribute('width')))) - el.clientWidth)).toBeLessThanOrEqual(0);
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(errors).toEqual([]);
  });
});
