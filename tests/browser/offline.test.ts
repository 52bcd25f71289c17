import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type LabBrowser } from './browser';
import { SMALL, waitForIteration } from './lab-page';
import { serveStatic } from './static-server';

/**
 * Offline after the first visit (the Workbox service worker, vite.config.ts). Each test serves
 * dist/ from its own static server, so it can take the site away for real (the server closed, not
 * only the browser told it is offline) or serve a changed service worker, as a new build would.
 */
async function firstVisit(lab: LabBrowser, url: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'allow' }); // the service worker is what these tests check
  const page = await context.newPage();
  page.setDefaultTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  // "Works offline" shows once the service worker has installed, i.e. every precached file is stored
  await page.getByTestId('offline-ready').waitFor();
  return { context, page, errors };
}

describe('the lab offline after one visit', () => {
  let lab: LabBrowser;
  beforeAll(async () => {
    lab = await launchChromium({ webgpu: false });
  });
  afterAll(() => lab?.close());

  it('with the server gone and the browser offline, a reload opens the lab, isolated, and Step trains; the recorded runs are cached, other data is not', async () => {
    const site = await serveStatic(resolve('dist'), '/offline/');
    const { context, page, errors } = await firstVisit(lab, `${site.url}?backend=wasm&${SMALL}#lab`);
    await site.close();
    await context.setOffline(true);
    await page.reload();
    const backend = page.getByTestId('backend');
    await page.waitForFunction(() => document.querySelector('[data-testid="backend"]')?.getAttribute('data-backend') !== '');
    expect(await backend.getAttribute('data-backend')).toBe('wasm');
    // the cached page kept its COOP/COEP headers: still cross-origin isolated (wasm threads)
    expect(await backend.getAttribute('data-isolated')).toBe('true');
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    const lines = await waitForIteration(page, 1);
    expect(lines.map((l) => l.status)).not.toContain('failed');
    expect(await page.getByRole('alert').count()).toBe(0);
    // the recorded classroom runs the default link opens on were precached; the Experiments view's
    // results were never fetched, so offline they are not there (the network really is gone)
    const status = (path: string) => page.evaluate((p) => fetch(p).then((r) => r.status, () => 'no network'), path);
    expect(await status('recorded/classroom.runs.gz')).toBe(200);
    expect(await status('recorded/classroom.groups.gz')).toBe(200);
    expect(await status('experiments/main.json')).toBe('no network');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new build waits behind "A new version of Rollout Lab is ready", and Reload switches to it', async () => {
    let build = 1;
    // a changed service worker script is what a new deployment looks like to the browser
    const site = await serveStatic(resolve('dist'), '/update/', {
      rewrite: (path, body) => (path === 'sw.js' && build > 1 ? Buffer.concat([body, Buffer.from(`\n// build ${build}\n`)]) : body),
    });
    const { context, page, errors } = await firstVisit(lab, `${site.url}#lab`);
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of Rollout Lab is ready.' });
    expect(await prompt.count()).toBe(0);
    build = 2;
    await page.reload(); // a navigation makes the browser look for a new service worker
    await prompt.waitFor();
    const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
    expect(await waiting()).toBe(true);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByTestId('offline-ready').or(page.getByRole('button', { name: 'Step', exact: true })).first().waitFor();
    expect(await waiting()).toBe(false);
    expect(await prompt.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await site.close();
  });
});
