import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { openByChooser, waitForSummary } from './import-page';
import { runSampleFiles } from '../../src/core/io/samples/write-run';

const baseUrl = inject('baseUrl');
const dir = mkdtempSync(join(tmpdir(), 'run-reload-'));

/** A small run: 4 steps of AgentGym-RL's step{N}/{rank}.json, 4 groups of 4 per step over 2 ranks. */
const runFiles = [...runSampleFiles({ layout: 'agentgym-rl', steps: 4, groupsPerStep: 4, groupSize: 4, maxTurns: 8, ranks: 2, seed: 5 })];
const root = join(dir, 'kept-run');
for (const f of runFiles) {
  mkdirSync(dirname(join(root, f.path)), { recursive: true });
  writeFileSync(join(root, f.path), f.text);
}

/** Wait until the kept state in IndexedDB names `importName` with group `groupIndex` (the save is coalesced). */
async function keptAs(page: Page, importName: string, groupIndex: number, params: object = {}): Promise<void> {
  await expect.poll(() => page.evaluate(() => new Promise<unknown>((resolve) => {
    const open = indexedDB.open('rollout-lab');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('lastImport')) { db.close(); resolve(null); return; }
      const get = db.transaction('lastImport').objectStore('lastImport').get('state');
      get.onsuccess = () => { db.close(); resolve(get.result ?? null); };
    };
    open.onerror = () => resolve(null);
  })), { timeout: 30_000 }).toMatchObject({ importName, groupIndex, params });
}

/** The import view's Group picker. */
const groupPicker = (page: Page) => page.getByLabel(/^Group \(/);

/** The index (the picker's value) of the group on screen. */
const shownIndex = async (page: Page) => Number(await groupPicker(page).inputValue());

/** Choose the group at list position `k` and answer its option label. */
async function chooseGroup(page: Page, k: number): Promise<string> {
  const picker = groupPicker(page);
  await expect.poll(() => picker.locator('option').count(), { timeout: 15_000 }).toBe(4);
  const label = (await picker.locator('option').allInnerTexts())[k];
  await pick(page, label);
  return label;
}

/**
 * Pick the group labelled `label` and wait until the picker shows it: the picker shows the group on screen,
 * so until the picked group has arrived it reads as the one before (its value too).
 */
async function pick(page: Page, label: string): Promise<void> {
  await groupPicker(page).selectOption({ label });
  await expect.poll(() => chosenGroup(page), { timeout: 15_000 }).toBe(label);
}

/**
 * Records, on every page load of `page`, each group the Group picker shows, in order (read every frame).
 * After a reload the kept group must be the first one shown, not a first group that the kept one replaces later.
 */
const recordShownGroups = (page: Page) => page.addInitScript(() => {
  const shown: string[] = [];
  (window as unknown as { shownGroups: string[] }).shownGroups = shown;
  const look = () => {
    const text = document.querySelector<HTMLSelectElement>('#import-group')?.selectedOptions[0]?.textContent;
    if (text && text !== shown.at(-1)) shown.push(text);
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
});
const shownGroups = (page: Page) => page.evaluate(() => (window as unknown as { shownGroups: string[] }).shownGroups);

const chosenGroup = (page: Page) => groupPicker(page).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');

describe('a run folder comes back after a reload', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('picked by the folder input (no handle): the open step, its group and a parameter come back from IndexedDB, with the re-open note', async () => {
    const { page, errors } = await openPage(lab, 'about:blank');
    await recordShownGroups(page);
    await page.goto(`${baseUrl}#import`);
    await page.getByLabel('Rollouts folder').setInputFiles(root);
    const run = page.getByRole('region', { name: 'Training run' });
    await waitForSummary(page, 'kept-run step 1 (2 files)', 60_000);
    await run.getByRole('button', { name: 'Open step 3' }).click();
    await waitForSummary(page, 'kept-run step 3 (2 files)', 60_000);
    const group = await chooseGroup(page, 2);
    await page.getByText('Estimator parameters').click();
    const alpha = page.getByLabel('PlanPO alpha', { exact: true });
    await alpha.fill('0.7');
    await alpha.press('Enter');
    await expect.poll(() => alpha.inputValue()).toBe('0.7');
    await expect.poll(() => run.getAttribute('data-overview'), { timeout: 90_000 }).toBe('done');
    const groupIndex = await shownIndex(page);
    await keptAs(page, 'kept-run step 3 (2 files)', groupIndex, { planpo: { alpha: 0.7 } });

    await page.reload();
    expect(await waitForSummary(page, 'kept-run step 3 (2 files)', 60_000)).toMatchObject({ trajectories: 16, groups: 4 });
    await expect.poll(() => chosenGroup(page), { timeout: 15_000 }).toBe(group);
    expect(await shownGroups(page)).toEqual([group]);
    await page.getByText('Estimator parameters').click();
    expect(await page.getByLabel('PlanPO alpha', { exact: true }).inputValue()).toBe('0.7');
    const again = page.getByRole('region', { name: 'Training run' });
    expect(await again.locator('tbody th').allTextContents()).toEqual(['step 1', 'step 2', 'step 3', 'step 4']);
    expect(await again.locator('td[data-col="groups"]').allTextContents()).toEqual(['4', '4', '4', '4']); // the overview rows were kept
    expect(await page.getByTestId('run-without-folder').innerText()).toContain('Re-open the folder to see every step');
    expect(await page.getByTestId('run-without-folder').getByRole('button').count()).toBe(0); // no handle: pick the folder again
    expect(await again.getByRole('button', { name: 'Open step 1' }).isDisabled()).toBe(true);
    expect(await again.locator('tr[aria-current="true"] th').textContent()).toBe('step 3');

    // picking the folder again brings every step back
    await page.getByLabel('Rollouts folder').setInputFiles(root);
    await waitForSummary(page, 'kept-run step 1 (2 files)', 60_000);
    expect(await page.getByTestId('run-without-folder').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Training run' }).getByRole('button', { name: 'Open step 3' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('one file comes back from its kept copy, its kept group the first one shown', async () => {
    const { page, errors } = await openPage(lab, 'about:blank');
    await recordShownGroups(page);
    await page.goto(`${baseUrl}#import`);
    await openByChooser(page, 'public/samples/rollouts-v1.jsonl');
    await waitForSummary(page, 'rollouts-v1.jsonl', 60_000);
    const labels = await groupPicker(page).locator('option').allInnerTexts();
    expect(labels.length).toBeGreaterThan(1);
    const group = labels.at(-1)!;
    await pick(page, group);
    await keptAs(page, 'rollouts-v1.jsonl', await shownIndex(page));
    await page.reload();
    await waitForSummary(page, 'rollouts-v1.jsonl', 60_000);
    await expect.poll(() => chosenGroup(page), { timeout: 15_000 }).toBe(group);
    expect(await shownGroups(page)).toEqual([group]);
    expect(errors).toEqual([]);
  });

  it('picked by the directory picker: the stored handle lists the folder again after a reload and every step opens (an origin-private folder stands in for the picked one)', async () => {
    // Headless Chromium cannot drive the native picker: showDirectoryPicker answers a real directory
    // handle of the origin-private file system holding the same files. Storing the handle in
    // IndexedDB, asking its permission and listing it again after the reload are the real browser's.
    const { page, errors } = await openPage(lab, 'about:blank');
    await page.addInitScript(() => {
      (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () =>
        (await navigator.storage.getDirectory()).getDirectoryHandle('kept-run');
    });
    await recordShownGroups(page);
    await page.goto(`${baseUrl}#import`);
    await page.evaluate(async (files) => {
      const top = await (await navigator.storage.getDirectory()).getDirectoryHandle('kept-run', { create: true });
      for (const f of files) {
        const [folder, name] = f.path.split('/');
        const file = await (await top.getDirectoryHandle(folder, { create: true })).getFileHandle(name, { create: true });
        const out = await file.createWritable();
        await out.write(f.text);
        await out.close();
      }
    }, runFiles.map((f) => ({ path: f.path, text: f.text })));
    await page.getByRole('button', { name: 'Open folder…' }).click();
    const run = page.getByRole('region', { name: 'Training run' });
    await waitForSummary(page, 'kept-run step 1 (2 files)', 60_000);
    await run.getByRole('button', { name: 'Open step 4' }).click();
    await waitForSummary(page, 'kept-run step 4 (2 files)', 60_000);
    const group = await chooseGroup(page, 1);
    await keptAs(page, 'kept-run step 4 (2 files)', await shownIndex(page));

    await page.reload();
    expect(await waitForSummary(page, 'kept-run step 4 (2 files)', 60_000)).toMatchObject({ trajectories: 16, groups: 4 });
    await expect.poll(() => chosenGroup(page), { timeout: 15_000 }).toBe(group);
    expect(await shownGroups(page)).toEqual([group]);
    const again = page.getByRole('region', { name: 'Training run' });
    expect(await page.getByTestId('run-without-folder').count()).toBe(0);
    await expect.poll(() => again.getAttribute('data-overview'), { timeout: 90_000 }).toBe('done');
    await again.getByRole('button', { name: 'Open step 2' }).click();
    expect(await waitForSummary(page, 'kept-run step 2 (2 files)', 60_000)).toMatchObject({ trajectories: 16, groups: 4 });
    expect(errors).toEqual([]);
  });
});
