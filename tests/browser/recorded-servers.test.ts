import type { Page } from 'playwright-core';
import { createServer, preview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, type LabBrowser } from './browser';

/**
 * The recorded runs under each server the README names. vite's dev and preview servers send the
 * `.gz` recordings with `Content-Encoding: gzip` (the browser has unpacked them before the app sees
 * the bytes); the plain static server sends the gzip bytes as they are. Either way the Iteration
 * picker lists every recorded iteration and Continue fetches and reads the shipped weights.
 */
async function recordedWorks(page: Page): Promise<{ iterations: string[]; encoding: string | null }> {
  const response = page.waitForResponse((r) => r.url().endsWith('classroom.groups.gz'));
  await page.getByRole('button', { name: 'Continue from the recorded weights' }).waitFor();
  const encoding = (await response).headers()['content-encoding'] ?? null;
  const picker = page.locator('#pick-iteration');
  await page.waitForFunction(() => (document.querySelector('#pick-iteration')?.querySelectorAll('option').length ?? 0) > 2);
  const iterations = await picker.locator('option').allInnerTexts();
  await page.getByRole('button', { name: 'Continue from the recorded weights' }).click();
  await page.getByText('Ready to continue').waitFor();
  return { iterations, encoding };
}

const EVERY_ITERATION = ['latest (60)', '60', '51', '43', '34', '26', '17', '9', '1'];

describe('recorded runs under every server', () => {
  let lab: LabBrowser;
  let dev: ViteDevServer;
  let built: PreviewServer;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
    dev = await (await createServer({ configFile: 'vite.config.ts', logLevel: 'error', server: { port: 0, hmr: false } })).listen();
    built = await preview({ configFile: 'vite.config.ts', logLevel: 'error', preview: { port: 0 } });
  });
  afterAll(async () => {
    await lab?.close();
    await dev?.close();
    await built?.close();
  });

  const servers = {
    'npm start (vite dev)': () => dev.resolvedUrls!.local[0],
    'vite preview': () => built.resolvedUrls!.local[0],
    'a plain static server': () => inject('baseUrl'),
  };
  for (const [name, url] of Object.entries(servers)) {
    it(`${name}: the Iteration picker lists every recorded iteration and Continue reads the weights`, async () => {
      const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.setDefaultTimeout(150_000); // the dev server transforms every module on first load
      await page.goto(`${url()}#lab`, { waitUntil: 'commit' });
      const { iterations, encoding } = await recordedWorks(page);
      expect(iterations).toEqual(EVERY_ITERATION);
      expect(encoding).toBe(name === 'a plain static server' ? null : 'gzip');
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
