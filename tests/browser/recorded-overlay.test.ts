import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, openPage, type LabBrowser } from './browser';
import { waitForIteration } from './lab-page';

const baseUrl = inject('baseUrl');

describe('Train live beside the recording', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('the recording stays on the curves, pale and dashed, under the live runs, and the page says why they differ', async () => {
    const { page, errors } = await openPage(lab, `${baseUrl}#lab`);
    page.setDefaultTimeout(120_000);
    await page.locator('.training-curves path.smooth').first().waitFor();
    expect(await page.getByTestId('recorded-overlay').count()).toBe(0); // the recording itself is on show
    await page.getByRole('button', { name: 'Train live' }).click();
    await waitForIteration(page, 1);
    await page.getByRole('button', { name: 'Pause' }).click();
    // The curves update only while on screen (use-while-visible.ts), and the group view above them
    // grows as the live rollouts arrive: at Pause they can sit well below the fold, still showing the
    // recording's own runs. Look at them, as a reader would.
    await page.locator('.training-curves').scrollIntoViewIfNeeded();
    const note = page.getByTestId('recorded-differs');
    await note.waitFor();
    // one recorded line per estimator in each of the seven panels
    await expect.poll(() => page.getByTestId('recorded-overlay').count()).toBe(14);
    const backend = await page.getByTestId('run-status').first().getAttribute('data-backend');
    const text = await note.innerText();
    expect(text).toContain('on Node wasm');
    expect(text).toContain(`uses ${backend} in this browser`);
    expect(text).toContain('different order');
    // the recording's 60 iterations against the live run's first: the x axis spans the recording
    const lastTick = await page.locator('.training-curves [data-panel="success"] .axes text').allTextContents();
    expect(lastTick.map(Number).filter(Number.isFinite).some((x) => x >= 50)).toBe(true);
    expect(errors).toEqual([]);
  });
});
