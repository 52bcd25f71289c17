import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { waitForIteration } from './lab-page';

const baseUrl = inject('baseUrl');

describe('the Shop demo preset', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('sets up GRPO vs PlanPO on shop-v0 at B × G = 8 × 8, and one step plays WebShop pages', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm`);
    await page.getByLabel('Preset').selectOption('shop');
    expect(await page.getByLabel('Environment', { exact: true }).inputValue()).toBe('shop-v0');
    expect(await page.getByLabel('Group size G').inputValue()).toBe('8');
    expect(await page.locator('#preset-description').innerText()).toContain('shop-v0');
    await expect.poll(() => new URL(page.url()).searchParams.get('env')).toBe('shop-v0');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    const lines = await waitForIteration(page, 1, 2, 240_000);
    expect(lines.map((l) => l.estimator)).toEqual(['grpo', 'planpo']);
    const group = page.getByRole('region', { name: 'Rollout group' }).first();
    await group.locator('li.turn').first().waitFor();
    expect(await group.innerText()).toMatch(/search\[|click\[/);
    expect(errors).toEqual([]);
  });
});
