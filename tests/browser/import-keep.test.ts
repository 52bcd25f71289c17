/**
 * A failed import keeps the one before it: a good file, then a binary file (read as an unknown table:
 * the mapping form opens) and an empty file; the earlier summary, its groups and the group on
 * screen stay, with a line that names the file that failed.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { openByChooser, waitForSummary } from './import-page';
import { makeRollouts, toJsonl } from '../fixtures/make-rollouts';

const baseUrl = inject('baseUrl');
const dir = mkdtempSync(join(tmpdir(), 'import-keep-'));
const good = join(dir, 'good.jsonl');
writeFileSync(good, toJsonl(makeRollouts({ steps: 2, tasks: 3, groupSize: 4, turns: 4 })));
const binary = join(dir, 'noise.bin');
writeFileSync(binary, Uint8Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256));
const empty = join(dir, 'empty.jsonl');
writeFileSync(empty, '');

describe('a failed import keeps the earlier one', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('a good file, then a binary file and an empty file: the earlier summary and its groups remain', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#import`);
    await openByChooser(page, good);
    const before = await waitForSummary(page, 'good.jsonl');
    expect(before).toMatchObject({ trajectories: 24, groups: 6 });
    const picker = page.getByLabel(/^Group \(/);
    await expect.poll(() => picker.locator('option').count(), { timeout: 15_000 }).toBe(6);
    const group = page.getByRole('region', { name: 'Imported group' });
    await expect.poll(() => group.getByRole('article').count(), { timeout: 15_000 }).toBe(4);

    await openByChooser(page, binary);
    await page.getByRole('heading', { name: 'Map the columns of noise.bin' }).waitFor({ timeout: 30_000 });
    expect(await waitForSummary(page, 'good.jsonl')).toEqual(before);
    expect(await picker.locator('option').count()).toBe(6);

    await openByChooser(page, empty);
    await page.getByRole('alert').filter({ hasText: /Could not open empty\.jsonl: .*empty.*good\.jsonl is still open/ }).waitFor({ timeout: 30_000 });
    expect(await waitForSummary(page, 'good.jsonl')).toEqual(before);
    expect(await picker.locator('option').count()).toBe(6);
    expect(await group.getByRole('article').count()).toBe(4);
    // the worker still serves the kept import: another group opens
    await picker.selectOption({ index: 3 });
    await expect.poll(() => group.getByRole('article').count(), { timeout: 15_000 }).toBe(4);
    expect(errors).toEqual([]);
  });
});
