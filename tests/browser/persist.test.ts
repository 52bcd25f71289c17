import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, openPage, savedDownload, type LabBrowser } from './browser';
import { runLines, SMALL, waitForIteration, waitForStatus } from './lab-page';
import { savedMetrics, stableMetrics, stepTimes, waitForSaved } from './persist-page';

const baseUrl = inject('baseUrl');
const LINK = `${baseUrl}?backend=wasm&${SMALL}`;
const SHOTS = process.env.PERSIST_SHOTS;

async function open(lab: LabBrowser, url = LINK): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(lab, url);
  opened.page.on('dialog', (d) => void d.accept()); // beforeunload: leave
  await opened.page.getByRole('button', { name: 'Step', exact: true }).waitFor();
  return opened;
}

describe('saved runs', () => {
  let lab: LabBrowser;
  /** grpo and planpo metrics of an uninterrupted 5-iteration run. */
  let reference: Array<Array<Record<string, unknown>>>;
  /** The PlanPO run file that run exported at iteration 3 (an export does not touch the run). */
  let planpoAt3: string;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
    const { page } = await open(lab);
    await stepTimes(page, 3, 0, (k) => waitForIteration(page, k));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PlanPO run' }).click()]);
    planpoAt3 = await savedDownload(download);
    await stepTimes(page, 2, 3, (k) => waitForIteration(page, k));
    await waitForSaved(page, 5);
    reference = [stableMetrics(await savedMetrics(page, 0)), stableMetrics(await savedMetrics(page, 1))];
    expect(reference[0].map((m) => m.iteration)).toEqual([1, 2, 3, 4, 5]);
    await page.context().close();
  });
  afterAll(() => lab?.close());

  it('a reload brings back the runs paused with their curves; resuming gives the uninterrupted iterations 4 and 5 bit for bit', async () => {
    const { page, errors } = await open(lab);
    await stepTimes(page, 3, 0, (k) => waitForIteration(page, k));
    await waitForSaved(page, 3);
    await page.reload();
    const lines = await waitForStatus(page, 'paused');
    expect(lines.map((l) => [l.estimator, l.iteration])).toEqual([['grpo', 3], ['planpo', 3]]);
    await page.getByRole('region', { name: 'Training curves' }).scrollIntoViewIfNeeded(); // below the fold the curves keep what they last drew
    await expect.poll(() => page.getByRole('figure', { name: 'Success rate' }).locator('path.smooth').count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('region', { name: 'Rollout group' }).locator('li.turn').first().waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'restored.png'), fullPage: true });
    await stepTimes(page, 2, 3, (k) => waitForIteration(page, k));
    for (const i of [0, 1]) expect(stableMetrics(await savedMetrics(page, i))).toEqual(reference[i]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a worker that throws and one that closes itself mid-run each restart from their checkpoint with a notice', async () => {
    // Both faults in one lab: GRPO's worker throws after iteration 2, PlanPO's closes itself after iteration 2.
    const { page, errors } = await open(lab, `${LINK}&debug=faults`);
    await page.evaluate(`window.rolloutLabDebug.fault(0, 'throw', 2)`);
    await page.evaluate(`window.rolloutLabDebug.fault(1, 'close', 2)`);
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    const notice = page.getByTestId('fault-notices');
    await notice.waitFor({ timeout: 120_000 });
    await expect.poll(() => notice.innerText(), { timeout: 120_000 }).toContain('GRPO\'s trainer threw an error (debug fault');
    await expect.poll(() => notice.innerText(), { timeout: 120_000 }).toContain('PlanPO\'s trainer stopped (the worker closed)');
    const text = await notice.innerText();
    expect(text.match(/restarted in a fresh worker from its checkpoint at iteration 2/g)).toHaveLength(2);
    await waitForIteration(page, 4);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await waitForStatus(page, 'paused');
    // each restarted run computes what the uninterrupted one did
    for (const i of [0, 1]) expect(stableMetrics(await savedMetrics(page, i)).slice(0, 4)).toEqual(reference[i].slice(0, 4));
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'faults.png') });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a run file opened in a fresh browser profile resumes where it was saved', async () => {
    const fresh = await open(lab, `${baseUrl}?backend=wasm`);
    await fresh.page.getByLabel('Open a run file').setInputFiles(planpoAt3);
    const lines = await waitForStatus(fresh.page, 'paused');
    expect(lines.map((l) => [l.estimator, l.iteration])).toEqual([['planpo', 3]]);
    await stepTimes(fresh.page, 1, 3, (k) => waitForIteration(fresh.page, k, 1));
    expect(stableMetrics(await savedMetrics(fresh.page, 0))).toEqual(reference[1].slice(0, 4));
    if (SHOTS) await fresh.page.screenshot({ path: join(SHOTS, 'runs-panel.png'), fullPage: true });
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();
  });

  it('an oversized model is refused before training, with its memory estimate', async () => {
    const { page } = await open(lab, `${baseUrl}?backend=wasm&hidden=1024&hashBuckets=65536`);
    const started = Date.now();
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    const alert = page.getByTestId('run-status').first().getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await alert.innerText()).toMatch(/too large for this browser: hidden 1024 × hashBuckets 65536 needs about \d+\.\d\d GB per run/);
    // The first run's alert can show before the second run's status line has turned "failed": wait for both.
    await expect.poll(async () => (await runLines(page)).map((l) => `${l.iteration} ${l.status}`), { timeout: 30_000 }).toEqual(['0 failed', '0 failed']);
    expect(await page.getByRole('button', { name: 'Train', exact: true }).isEnabled()).toBe(true); // not stuck "training"
    expect(await page.getByTestId('saved-lab').count()).toBe(0); // nothing saved for a run that never started
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'refused.png') });
    await page.context().close();
  });

  it('a second tab shows the first tab\'s runs read-only; tabs training at once are told they share the machine', async () => {
    const a = await open(lab);
    await stepTimes(a.page, 1, 0, (k) => waitForIteration(a.page, k));
    await waitForSaved(a.page, 1);
    const b = await a.page.context().newPage();
    b.on('dialog', (d) => void d.accept());
    await b.goto(`${baseUrl}`); // no link: reopens the newest saved lab, which tab a owns
    await b.getByTestId('read-only').waitFor();
    expect(await b.getByRole('button', { name: 'Train', exact: true }).isDisabled()).toBe(true);
    expect((await runLines(b)).map((l) => l.iteration)).toEqual([1, 1]);
    if (SHOTS) await b.screenshot({ path: join(SHOTS, 'read-only.png') });
    await b.getByRole('button', { name: 'Reset', exact: true }).click();
    await b.getByRole('button', { name: 'Train', exact: true }).click();
    await a.page.getByRole('button', { name: 'Train', exact: true }).click();
    await a.page.getByTestId('shared-machine').waitFor({ timeout: 30_000 });
    await b.getByTestId('shared-machine').waitFor({ timeout: 30_000 });
    await a.page.getByRole('button', { name: 'Pause', exact: true }).click();
    await b.getByRole('button', { name: 'Pause', exact: true }).click();
    await a.page.context().close();
  });
});
