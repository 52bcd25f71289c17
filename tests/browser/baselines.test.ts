/**
 * The paper baselines in the lab: EMPG and Turn-PPO are in the estimator picker, and the worked
 * example's group view shows their lanes (EMPG's g·A^O/σ_B and bonus terms) and equation cards
 * (EMPG's entropy scale g, Turn-PPO's value and advantage).
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.SCREENSHOT_DIR;

describe('EMPG and Turn-PPO in the lab', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('are in the picker, and the worked example shows their components and equation cards', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?env=household-v0&taskType=any&estimators=grpo,empg,turn-ppo`);
    const picker = page.locator('fieldset.estimators');
    expect(await picker.innerText()).toContain('EMPG');
    expect(await picker.innerText()).toContain('Turn-PPO');
    await page.getByRole('button', { name: 'Show a worked example' }).click();
    const group = page.getByRole('region', { name: 'Rollout group' });
    await group.getByRole('article', { name: 'Trajectory 1', exact: true }).waitFor();
    const lanes = await group.getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '').join(' | '));
    expect(lanes).toContain('EMPG g·A^O/σ_B');
    expect(lanes).toContain('EMPG (ζ·f − μ_B)/σ_B');
    expect(lanes).toContain('Turn-PPO');
    const empg = page.getByRole('figure', { name: 'EMPG equation' });
    await empg.locator('.worked .katex').first().waitFor({ timeout: 15_000 });
    expect(await empg.innerText()).toContain('Trajectory 1, turn 1');
    await page.getByRole('figure', { name: 'Turn-PPO equation' }).locator('.worked .katex').first().waitFor({ timeout: 15_000 });
    if (SHOTS) {
      await writeFile(`${SHOTS}/baselines-group.png`, await page.screenshot({ fullPage: false }));
      await empg.scrollIntoViewIfNeeded();
      await writeFile(`${SHOTS}/baselines-empg-card.png`, await page.screenshot({ fullPage: false }));
    }
    expect(errors).toEqual([]);
  });
});
