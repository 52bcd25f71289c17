import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, type LabBrowser } from './browser';

const baseUrl = inject('baseUrl');

async function open(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** The dialog's QR code drawn into a canvas, as the pixels a phone camera would see. */
async function qrPixels(page: Page): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const drawn = await page.getByTestId('class-link-qr').evaluate(async (svg) => {
    const size = 360;
    const image = new Image();
    image.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }));
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.imageSmoothingEnabled = false;
    context.drawImage(image, 0, 0, size, size);
    // base64, not an array of numbers: 518,400 bytes cross the protocol as one string
    const bytes = context.getImageData(0, 0, size, size).data;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { base64: btoa(binary), width: size, height: size };
  });
  return { data: new Uint8ClampedArray(Buffer.from(drawn.base64, 'base64')), width: drawn.width, height: drawn.height };
}

/** What a class link opened: the normalised address, the open trajectory, the pickers, what is hidden. */
async function opened(page: Page) {
  const group = page.getByRole('region', { name: 'Rollout group' });
  await group.locator('article.focused').waitFor();
  return {
    address: page.url(),
    focused: await group.locator('article.focused').getAttribute('aria-label'),
    task: await page.locator('#pick-task').inputValue(),
    iteration: await page.locator('#pick-iteration').inputValue(),
    configShown: await page.locator('[data-control="config"]').first().isVisible(),
    presentation: await page.locator('.app.presentation').count(),
  };
}

describe('short class links and their QR code', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('the short link is a fraction of the long one, its QR code decodes to it, and it opens exactly what the long link opens', async () => {
    const { page, errors } = await open(lab.browser, `${baseUrl}#lab`);
    await page.locator('.training-curves path.smooth').first().waitFor();
    await page.getByRole('button', { name: 'Make a class link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a class link' });
    await dialog.getByLabel('Configuration panel').check();
    await dialog.getByLabel('Presentation type (larger)').check();
    await dialog.getByLabel('Iteration (empty: latest)').fill('60');
    await dialog.getByLabel('Task (1 = first)').fill('2');
    await dialog.getByLabel('Trajectory (1 = first)').fill('3');
    const long = await dialog.getByTestId('class-link').inputValue();
    const short = await dialog.getByTestId('class-link-short').inputValue();
    expect(short).toMatch(/#c1\.[A-Za-z0-9_-]+$/);
    expect(short.length).toBeLessThan(long.length / 3);

    const pixels = await qrPixels(page);
    const code = jsQR(pixels.data, pixels.width, pixels.height);
    expect(code?.data).toBe(short);

    const viaShort = await open(lab.browser, short);
    const viaLong = await open(lab.browser, long);
    const [a, b] = [await opened(viaShort.page), await opened(viaLong.page)];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ focused: 'Trajectory 3', task: '1', iteration: '60', configShown: false, presentation: 1 });
    expect(a.address).not.toContain('#c1.'); // the address bar shows the long, readable link
    expect(await viaShort.page.getByTestId('link-problems').count()).toBe(0);
    expect([...errors, ...viaShort.errors, ...viaLong.errors]).toEqual([]);
  });

  it('a short link cut in the middle says so and opens the lab as plain', async () => {
    const { page, errors } = await open(lab.browser, `${baseUrl}#c1.w5Zk0VMe1k`);
    await expect.poll(() => page.getByTestId('link-problems').innerText().catch(() => '')).toContain('short link: the part after #c1. does not decode');
    expect(await page.locator('.app.presentation').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
