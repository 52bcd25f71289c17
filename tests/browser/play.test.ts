import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

describe('the Play view', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('a person picks a task, types and clicks commands, and reaches success by following the oracle plan', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#play`);
    await page.getByRole('link', { name: 'Play' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.getByLabel('Environment').selectOption('household-v0');
    await page.getByLabel('Task type').selectOption('pick_heat_then_place_in_recep');
    await page.getByLabel('Seed').fill('5');
    await page.getByRole('button', { name: 'Start' }).click();
    expect(await page.getByRole('log', { name: 'Transcript' }).innerText()).toContain('Your task is to: put a hot mug in sinkbasin.');

    await page.getByRole('button', { name: "Reveal the oracle's plan" }).click();
    const plan = await page.getByRole('region', { name: 'Oracle plan' }).locator('ol li').allInnerTexts();
    expect(plan.length).toBeGreaterThan(2);
    const command = page.getByLabel('Command');
    await command.fill(plan[0]);
    await command.press('Enter');
    for (const step of plan.slice(1)) {
      await page.getByRole('region', { name: 'Admissible actions' }).getByRole('button', { name: step, exact: true }).click();
    }
    await expect(page.getByRole('status').filter({ hasText: 'Success' }).innerText()).resolves
      .toBe(`Success in ${plan.length} turns; the shortest plan takes ${plan.length}.`);
    const transcript = await page.getByRole('log', { name: 'Transcript' }).innerText();
    expect(transcript).toContain(`> ${plan[0]}`);
    expect(transcript).toContain(`> ${plan.at(-1)}`);
    expect(errors).toEqual([]);
  });

  it('a typed command that is not admissible gets "Nothing happens."', async () => {
    const { page } = await openPage(lab, `${baseUrl}#play`);
    await page.getByLabel('Command').fill('fly to the moon');
    await page.getByRole('button', { name: 'Send' }).click();
    expect(await page.getByRole('log', { name: 'Transcript' }).innerText()).toMatch(/> fly to the moon\s+Nothing happens\./);
    expect(await page.getByText('Turn 1 of 30').count()).toBe(1);
  });
});
