import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { waitForIteration } from './lab-page';

const baseUrl = inject('baseUrl');

describe('the science preset', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('sets up find-non-living-thing in the 2-room map for GRPO and PlanPO, and one step trains on it', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?backend=wasm`);
    await page.getByLabel('Preset').selectOption('science');
    expect(await page.getByLabel('Environment', { exact: true }).inputValue()).toBe('science-v0');
    expect(await page.getByLabel('Task type', { exact: true }).inputValue()).toBe('find-non-living-thing');
    expect(await page.getByLabel('Group size G').inputValue()).toBe('8');
    expect(await page.getByLabel('Tasks per iteration B').inputValue()).toBe('4');
    expect(await page.locator('#preset-description').innerText()).toContain('find-non-living-thing');
    const url = new URL(page.url()).searchParams;
    expect(url.get('env')).toBe('science-v0');
    expect(url.get('envSize')).toBe('2');
    expect(await page.getByPlaceholder('env default (4)').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    const lines = await waitForIteration(page, 1);
    expect(lines.map((l) => l.estimator)).toEqual(['grpo', 'planpo']);
    const group = page.getByRole('region', { name: 'Rollout group' }).first();
    await group.locator('li.turn').first().waitFor();
    expect(await group.innerText()).toMatch(/Your task is to find a\(n\) non-living thing\. First, focus on the thing\. Then, move it to the [a-z]+ box in the [a-z ]+\./);
    expect(errors).toEqual([]);
  });
});
