/**
 * The worked example opens on every registered environment (the env's declared demo group), the
 * per-estimator parameter section travels in the link, an out-of-range envSize is named in words,
 * and every estimator's swatch has a colour from the palette.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { ENV_IDS } from '../../src/core/env/registry';
import { ESTIMATOR_IDS } from '../../src/core/advantage/registry';

const baseUrl = inject('baseUrl');
const SHOTS = process.env.SCREENSHOT_DIR;

describe('the worked example and the registry-driven settings', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it.each(ENV_IDS)('the worked example opens on %s with filled-in equation cards', async (env) => {
    const { page, errors } = await openPage(lab, `${baseUrl}?env=${env}&taskType=any&estimators=grpo,planpo,gigpo`);
    await page.getByRole('button', { name: 'Show a worked example' }).click();
    const group = page.getByRole('region', { name: 'Rollout group' });
    await group.getByRole('article', { name: 'Trajectory 1', exact: true }).waitFor();
    expect(await group.getByRole('article').count()).toBe(6);
    expect(await group.locator('article[data-success="true"]').count()).toBeGreaterThan(0);
    for (const name of ['GRPO', 'PlanPO', 'GiGPO']) {
      const card = page.getByRole('figure', { name: `${name} equation` });
      await expect.poll(() => card.innerText()).toContain('Trajectory 1, turn 1'); // the cards first appear a part per frame
      await card.locator('.worked .katex').first().waitFor({ timeout: 15_000 }); // KaTeX loads with the first equation
    }
    if (SHOTS) {
      await page.getByRole('figure', { name: 'PlanPO equation' }).scrollIntoViewIfNeeded();
      await writeFile(`${SHOTS}/worked-${env}.png`, await page.screenshot({ fullPage: false }));
    }
    expect(errors).toEqual([]);
  });

  it('an out-of-range envSize in a link is named with the environment\'s range, and Train stays usable', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?env=household-v0&envSize=2`);
    const alert = page.getByTestId('link-problems');
    await alert.waitFor();
    expect(await alert.innerText()).toContain("envSize: 2 is outside household-v0's size range 4..20 receptacles; using its default 6");
    expect(await page.getByRole('button', { name: 'Train', exact: true }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('More settings has a parameter section per compared estimator, and an edit goes into the link', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}?estimators=grpo,planpo`);
    await page.getByText('More settings').click();
    const planpo = page.getByRole('group', { name: 'PlanPO parameters' });
    await planpo.waitFor();
    expect(await page.getByRole('group', { name: 'GRPO parameters' }).count()).toBe(1);
    await planpo.getByLabel('invalid-action penalty c').fill('0.2');
    await expect.poll(() => new URL(page.url()).searchParams.get('planpo.invalidActionPenalty')).toBe('0.2');
    await planpo.getByLabel('α schedule').selectOption('constant');
    await expect.poll(() => new URL(page.url()).searchParams.get('planpo.alphaSchedule')).toBe('constant');
    const swatches = await page.locator('fieldset.estimators .swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(swatches).toHaveLength(ESTIMATOR_IDS.length);
    for (const c of swatches) expect(c).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
    expect(errors).toEqual([]);
  });
});
