/**
 * `npx tsx tests/browser/take-classroom-screenshots.ts [outDir]`: the classroom states of issue 24's
 * second pass, from the production build in dist/ (`npx vite build` first): the class-link dialog with
 * the short link and its QR code, the lab reloaded offline, the update prompt, Train live over the
 * recording, and the Experiments view on a phone. Writes docs/screenshots/classroom-*.png.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launchChromium } from './browser';
import { serveStatic } from './static-server';

async function main() {
  const out = resolve(process.argv[2] ?? 'docs/screenshots');
  await mkdir(out, { recursive: true });
  let build = 1;
  const server = await serveStatic(resolve('dist'), '/', {
    rewrite: (path, body) => (path === 'sw.js' && build > 1 ? Buffer.concat([body, Buffer.from('\n// build 2\n')]) : body),
  });
  const lab = await launchChromium({ webgpu: false });
  try {
    const context = await lab.browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    await page.goto(`${server.url}#lab`);
    await page.locator('.training-curves svg path.smooth').first().waitFor();
    await page.getByTestId('offline-ready').waitFor();
    await page.getByRole('button', { name: 'Make a class link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a class link' });
    await dialog.getByLabel('Configuration panel').check();
    await dialog.getByLabel('Presentation type (larger)').check();
    await dialog.getByTestId('class-link-qr').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/classroom-class-link-qr-1280x720.png` });
    await page.keyboard.press('Escape');

    build = 2; // the update prompt: a changed service worker, found on reload
    await page.reload();
    await page.getByText('A new version of Rollout Lab is ready.').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/classroom-update-prompt-1280x720.png` });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('button', { name: 'Step', exact: true }).waitFor(); // a reload keeps the settings, not the recording

    await context.setOffline(true); // offline: the cached app, the recorded runs, training
    await page.goto(`${server.url}#lab`);
    await page.locator('.training-curves svg path.smooth').first().waitFor();
    await page.locator('[data-testid="backend"][data-backend="wasm"], [data-testid="backend"][data-backend="webgpu"]').waitFor();
    await page.getByRole('button', { name: 'Train live' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="run-status"]')].every((e) => Number(e.getAttribute('data-iteration')) >= 2));
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByTestId('recorded-differs').waitFor();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/classroom-offline-train-live-1280x720.png` });
    await page.getByRole('region', { name: 'Training curves' }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/classroom-train-live-over-recording-1280x720.png` });
    await context.close();

    const phone = await lab.browser.newContext({ viewport: { width: 390, height: 844 } });
    const p2 = await phone.newPage();
    await p2.goto(`${server.url}#experiments`);
    await p2.locator('.exp-chart svg').first().waitFor({ timeout: 120_000 });
    await p2.locator('.exp-chart').first().scrollIntoViewIfNeeded();
    await p2.waitForTimeout(800);
    await p2.screenshot({ path: `${out}/classroom-experiments-390x844.png` });
    await phone.close();
  } finally {
    await lab.close();
    await server.close();
  }
}

void main();
