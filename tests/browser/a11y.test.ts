import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');
const SIZES = [{ width: 1280, height: 720 }, { width: 390, height: 844 }];

/**
 * Serious and critical axe violations, one line each (rule: target).
 *
 * Legacy mode runs `axe.run` in the page itself (same-origin frames included; the app has no
 * cross-origin frame). The default mode runs each frame partially and then merges every result,
 * passes included, in a blank page of its own: on the lab's ≈ 4,800 elements that took 115–200 s
 * where legacy mode took 24 s (one interleaved run on the loaded machine, same page). `resultTypes`
 * keeps full node lists for violations only, the one result this test reads.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.slice(0, 3).map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`));
}

/**
 * Scrolls through the page and waits until its element count holds still for half a second: the lab
 * renders its sections a part per frame and some only once scrolled to, and axe checks only what is in
 * the document (on the lab, 2,447 elements when its curves and first group showed, 4,797 once settled).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  let last = -1;
  await expect.poll(async () => {
    await page.waitForTimeout(500);
    const count = await page.evaluate(() => document.getElementsByTagName('*').length);
    const still = count === last;
    last = count;
    return still;
  }, { timeout: 30_000 }).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  for (const size of SIZES) {
    it(`every view and the tour and dialog states at ${size.width}×${size.height}: no serious or critical violation`, async () => {
      const context = await lab.browser.newContext({ viewport: size });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      await page.goto(`${baseUrl}#lab`);
      await page.locator('.training-curves path.smooth').first().waitFor();
      await page.getByRole('region', { name: 'Rollout group' }).locator('li.turn').first().waitFor();
      await settled(page);
      found.lab = await seriousViolations(page);
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await page.getByRole('dialog', { name: /group of rollouts/ }).waitFor();
      found.tour = await seriousViolations(page);
      await page.getByRole('button', { name: 'Close tour' }).click();
      await page.getByRole('button', { name: 'Make a class link' }).click();
      await page.getByRole('dialog', { name: 'Make a class link' }).waitFor();
      found.dialog = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.goto(`${baseUrl}#play`);
      await page.getByRole('button', { name: 'Start' }).waitFor();
      found.play = await seriousViolations(page);
      await page.goto(`${baseUrl}#experiments`);
      await page.locator('.app-main h2').first().waitFor();
      found.experiments = await seriousViolations(page);
      await page.goto(`${baseUrl}#concepts`);
      await page.locator('.app-main .concepts').waitFor();
      found.concepts = await seriousViolations(page);
      await context.close();
      expect(found).toEqual({ lab: [], tour: [], dialog: [], play: [], experiments: [], concepts: [] });
    });
  }
});
