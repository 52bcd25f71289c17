import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { waitForIteration } from './lab-page';

const baseUrl = inject('baseUrl');

describe('the SFT → RL preset', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('warm-starts both runs from oracle demonstrations and marks the SFT → RL boundary on the success curve', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm`);
    await page.getByLabel('Preset').selectOption('science-sft');
    expect(await page.getByLabel('Environment', { exact: true }).inputValue()).toBe('science-v0');
    expect(new URL(page.url()).searchParams.get('sftEpisodes')).toBe('64');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    const lines = await waitForIteration(page, 1);
    expect(lines.map((l) => l.estimator)).toEqual(['grpo', 'planpo']);
    const success = page.getByRole('figure', { name: 'Success rate' });
    await expect.poll(() => success.locator('[data-phase="sft-rl"]').count(), { timeout: 30_000 }).toBe(1);
    expect(await success.locator('[data-phase="sft-rl"] text').textContent()).toBe('SFT → RL');
    const curves = page.getByRole('region', { name: 'Training curves' });
    // below the fold the section is not rendered (content-visibility: auto) and has no innerText until scrolled to
    await curves.scrollIntoViewIfNeeded();
    await expect.poll(() => curves.innerText()).toContain('cloned from 64 oracle demonstrations');
    if (process.env.SFT_SCREENSHOT) await curves.screenshot({ path: process.env.SFT_SCREENSHOT });
    expect(errors).toEqual([]);
  });
});
